"""Bots: players that see only their seat's view (:class:`kaboom.engine.PlayerView`)."""

from kaboom.bots.base import Bot
from kaboom.bots.make import make_bot
from kaboom.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]
