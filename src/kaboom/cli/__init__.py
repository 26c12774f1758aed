"""The ``kaboom`` command line (Typer)."""
