"""The games. Each package registers itself with :mod:`kaboom.engine.registry` on import."""
