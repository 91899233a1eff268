"""The terminal game: a human against bots, drawn with rich or told line by line (--plain)."""

from pokernight.tui.game import GameSettings, TerminalGame

__all__ = ["GameSettings", "TerminalGame"]
