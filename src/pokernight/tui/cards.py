"""Cards on the terminal: suits in four colours (spades default, hearts red, diamonds blue,
clubs green), or plain "Ah" text for screen readers and logs."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from pokernight.cards import RANK_SYMBOLS, Card, Suit

SUIT_STYLES = {Suit.SPADES: "bold", Suit.HEARTS: "bold red", Suit.DIAMONDS: "bold blue",
               Suit.CLUBS: "bold green"}  # fmt: skip
SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
HIDDEN = "??"


def card_text(card: Card | None) -> Text:
    if card is None:
        return Text("▒▒", style="dim")
    suit = Suit(card.suit)
    return Text(f"{RANK_SYMBOLS[card.rank]}{SUIT_GLYPHS[suit]}", style=SUIT_STYLES[suit])


def cards_text(cards: Iterable[Card | None]) -> Text:
    return Text(" ").join(card_text(card) for card in cards)


def plain_cards(cards: Iterable[Card | None]) -> str:
    return " ".join(HIDDEN if card is None else str(card) for card in cards)
