"""The terminal game: a human against bots, or at a server's table (``--connect``), drawn with
rich or told line by line (--plain)."""

from pokernight.tui.game import GameSettings, TerminalGame
from pokernight.tui.remote import RemoteGame, RemoteSettings

__all__ = ["GameSettings", "RemoteGame", "RemoteSettings", "TerminalGame"]
