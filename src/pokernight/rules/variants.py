"""The games, declared as data: one table of variants, no subclasses.

A variant lists its streets (what each deals, face down or up, to the players
or to the board, and whether it bets the big fixed-limit bet), its forced bets
("blinds": antes and blinds; "bring-in": antes and a stud bring-in), how the
showdown is judged ("high", "omaha" 2+3, "low" A-5, "wild" follow-the-queen
high; the hi-lo split games, eight or better: "omaha8" with 2+3 for each half, "high8"
with any five cards for each) and how stud orders players (bring-in by the "lowest" or "highest" up
card; from fourth street the "highest" or "lowest" hand showing acts first).
Wild games name their wild ranks (Follow the Queen's queens, which the next up card
follows); Baseball names the rank whose up cards give an extra down card; Chicago's
"spade" showdown splits each pot between the best high hand and the highest spade in the
hole; short-deck hold'em deals from the 36-card deck and judges by ``evaluate.short_deck``.
A street that ``draws`` opens with a draw round (``rules.draws``) before its betting;
the draw games judge "high" five cards, "deuce7" deuce-to-seven lowball or "badugi".
Any variant may be played with any betting structure (``with_betting``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from pokernight.cards import SHORT_DECK, Card, Rank, full_deck
from pokernight.rules.errors import RulesError
from pokernight.rules.stakes import BettingStructure, Stakes

HI_LO_SHOWDOWNS: Final = frozenset({"omaha8", "high8"})
SPLIT_SHOWDOWNS: Final = HI_LO_SHOWDOWNS | {"spade"}
DECKS: Final = {"full": full_deck(), "short": SHORT_DECK}
DRAW_MAX_PLAYERS: Final = 6
"""Draw games seat six: the usual table for triple draw, and with six hands of five (30
cards) and a burn before each draw, the stub and the discards can always serve every
draw, even when everybody draws five three times (docs/rules.md, Draw games)."""
STUD_MAX_PLAYERS: Final = 9
"""Stud games seat nine (seed 000: "2-9 players", for both its games). Nine hands of seven
cards and the burns need more than 52 cards: a street the deck cannot serve is dealt one
community card instead (``dealing``; Robert's Rules of Poker, Seven-Card Stud)."""
CARD_ROOM_STUD_SEATS: Final = 8
"""A card room deals stud eight-handed: what a tournament's table seats (``card_room_seats``)."""


@dataclass(frozen=True, slots=True)
class Street:
    name: str
    hole_down: int = 0
    hole_up: int = 0
    board: int = 0
    bets_big: bool = False
    draws: bool = False  # a draw round (discard and replace) comes before this street's betting

    @property
    def hole_cards(self) -> int:
        return self.hole_down + self.hole_up


@dataclass(frozen=True, slots=True)
class Variant:
    key: str
    name: str
    betting: BettingStructure
    streets: tuple[Street, ...]
    forced: str  # "blinds" or "bring-in"
    showdown: str  # "high", "omaha", "low", "wild", "short", hi-lo "omaha8" or "high8", "spade"
    max_players: int
    bring_in_order: str = "lowest"  # which up card brings in: "lowest" or "highest"
    first_to_act: str = "highest"  # stud, fourth street on: "highest" or "lowest" showing
    open_pair_big_bet: bool = False  # fixed-limit: an open pair on fourth street allows the big bet
    short_name: str = ""  # the name on a table's title line ("No-Limit Hold'em"); "": ``name``
    wild_ranks: frozenset[int] = frozenset()  # ranks always wild ("wild" showdown only)
    follows_queen: bool = False  # Follow the Queen: the up card after a queen names a wild rank
    extra_card_rank: int | None = None  # Baseball: an up card of this rank gives a down card
    deck: str = "full"  # "full" (52 cards) or "short" (36, Sixes up)

    @property
    def is_stud(self) -> bool:
        return self.forced == "bring-in"

    @property
    def card_room_seats(self) -> int:
        """The table a card room deals this game at: stud eight-handed, else every seat."""
        return min(self.max_players, CARD_ROOM_STUD_SEATS) if self.is_stud else self.max_players

    @property
    def title(self) -> str:
        """The game's name as a table shows it: its short name, else its full name."""
        return self.short_name or self.name

    @property
    def has_flop(self) -> bool:
        """A board game: the first street deals to the players, every later one to the
        board (hold'em, Omaha): what bomb pots and rabbit hunting need."""
        return len(self.streets) > 1 and all(
            street.board and not street.hole_cards for street in self.streets[1:]
        )

    @property
    def is_hi_lo(self) -> bool:
        """Each pot is split between the best high and the best eight-or-better low."""
        return self.showdown in HI_LO_SHOWDOWNS

    @property
    def is_split(self) -> bool:
        """Each pot is split in two halves: hi-lo, or Chicago's high and spade."""
        return self.showdown in SPLIT_SHOWDOWNS

    @property
    def is_draw(self) -> bool:
        """A draw game: the players discard and draw replacements between betting rounds."""
        return any(street.draws for street in self.streets)

    @property
    def hand_size(self) -> int:
        """The cards each player holds (a draw keeps it): the first street's hole cards."""
        return self.streets[0].hole_cards

    @property
    def has_wild_cards(self) -> bool:
        return self.showdown == "wild"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck this game is dealt from, in its fixed order (before the shuffle)."""
        return DECKS[self.deck]

    def with_betting(self, structure: BettingStructure | str) -> Variant:
        return replace(self, betting=BettingStructure(structure))


_HOLDEM_STREETS = (
    Street("preflop", hole_down=2),
    Street("flop", board=3),
    Street("turn", board=1, bets_big=True),
    Street("river", board=1, bets_big=True),
)
_OMAHA_STREETS = (Street("preflop", hole_down=4), *_HOLDEM_STREETS[1:])
_STUD_STREETS = (
    Street("third street", hole_down=2, hole_up=1),
    Street("fourth street", hole_up=1),
    Street("fifth street", hole_up=1, bets_big=True),
    Street("sixth street", hole_up=1, bets_big=True),
    Street("seventh street", hole_down=1, bets_big=True),
)


def _board_game(key: str, name: str, betting: BettingStructure, streets: tuple[Street, ...],
                showdown: str, *, short_name: str = "") -> Variant:  # fmt: skip
    return Variant(key, name, betting, streets, "blinds", showdown, max_players=10,
                   short_name=short_name)  # fmt: skip


def _stud_game(key: str, name: str, betting: BettingStructure, showdown: str, *,
               lowest_game: bool = False, open_pair_big_bet: bool = False,
               wild_ranks: tuple[int, ...] = (), follows_queen: bool = False,
               extra_card_rank: int | None = None) -> Variant:  # fmt: skip
    # Razz brings in with the highest up card and lets the lowest hand showing act first.
    order, first = ("highest", "lowest") if lowest_game else ("lowest", "highest")
    return Variant(key, name, betting, _STUD_STREETS, "bring-in", showdown,
                   max_players=STUD_MAX_PLAYERS,
                   bring_in_order=order, first_to_act=first,
                   open_pair_big_bet=open_pair_big_bet, wild_ranks=frozenset(wild_ranks),
                   follows_queen=follows_queen, extra_card_rank=extra_card_rank)  # fmt: skip


def _draw_streets(hand_size: int, draws: int) -> tuple[Street, ...]:
    # Fixed-limit: the small bet before the draw (single draw) or before the second draw
    # (triple draw), the big bet after it (Robert's Rules, Draw High and Lowball).
    first_big = 1 if draws == 1 else 2
    return (
        Street("predraw", hole_down=hand_size),
        *(Street(_DRAW_NAMES[index], draws=True, bets_big=index + 1 >= first_big)
          for index in range(draws)),
    )  # fmt: skip


_DRAW_NAMES: Final = ("first draw", "second draw", "third draw")


def _draw_game(key: str, name: str, betting: BettingStructure, showdown: str, *,
               hand_size: int = 5, draws: int = 1, short_name: str = "") -> Variant:  # fmt: skip
    return Variant(key, name, betting, _draw_streets(hand_size, draws), "blinds", showdown,
                   max_players=DRAW_MAX_PLAYERS, short_name=short_name)  # fmt: skip


NO, POT, FIXED = BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.FIXED_LIMIT

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        variant.key: variant
        for variant in (
            _board_game(
                "nlhe",
                "No-Limit Texas Hold'em",
                NO,
                _HOLDEM_STREETS,
                "high",
                short_name="No-Limit Hold'em",
            ),
            _board_game(
                "plhe",
                "Pot-Limit Texas Hold'em",
                POT,
                _HOLDEM_STREETS,
                "high",
                short_name="Pot-Limit Hold'em",
            ),
            _board_game(
                "flhe",
                "Fixed-Limit Texas Hold'em",
                FIXED,
                _HOLDEM_STREETS,
                "high",
                short_name="Fixed-Limit Hold'em",
            ),
            _board_game("nlo", "No-Limit Omaha", NO, _OMAHA_STREETS, "omaha"),
            _board_game("plo", "Pot-Limit Omaha", POT, _OMAHA_STREETS, "omaha"),
            _stud_game("stud", "Seven-Card Stud", FIXED, "high", open_pair_big_bet=True),
            _stud_game("razz", "Razz", FIXED, "low", lowest_game=True),
            _stud_game(
                "ftq", "Follow the Queen", NO, "wild", wild_ranks=(Rank.QUEEN,), follows_queen=True
            ),
            _board_game("plo8", "Pot-Limit Omaha Hi-Lo", POT, _OMAHA_STREETS, "omaha8"),
            _board_game("o8", "Fixed-Limit Omaha Hi-Lo", FIXED, _OMAHA_STREETS, "omaha8"),
            # Robert's Rules, stud high-low: no big bet on an open pair on fourth street;
            # the bring-in and the order of play are Seven-Card Stud's.
            _stud_game("stud8", "Seven-Card Stud Hi-Lo", FIXED, "high8"),
            # Home games (docs/rules.md, Wild home games): no open-pair big bet, as in
            # Follow the Queen; Chicago splits each pot with the highest spade in the hole.
            _stud_game(
                "baseball",
                "Baseball",
                FIXED,
                "wild",
                wild_ranks=(Rank.THREE, Rank.NINE),
                extra_card_rank=Rank.FOUR,
            ),
            _stud_game(
                "deuces", "Seven-Card Stud, Deuces Wild", FIXED, "wild", wild_ranks=(Rank.TWO,)
            ),
            _stud_game("chicago", "Chicago", FIXED, "spade"),
            replace(
                _board_game(
                    "nlsd",
                    "No-Limit Short-Deck Hold'em",
                    NO,
                    _HOLDEM_STREETS,
                    "short",
                    short_name="Short-Deck Hold'em",
                ),
                deck="short",
            ),
            # The draw games (issue 22): blinds, six seats, a draw round before each betting
            # round after the first.
            _draw_game("nl5cd", "No-Limit Five-Card Draw", NO, "high"),
            _draw_game("fl5cd", "Fixed-Limit Five-Card Draw", FIXED, "high"),
            _draw_game(
                "27td",
                "Deuce-to-Seven Triple Draw",
                FIXED,
                "deuce7",
                draws=3,
                short_name="2-7 Triple Draw",
            ),
            _draw_game("badugi", "Badugi", FIXED, "badugi", hand_size=4, draws=3),
        )
    }
)


def variant_for(key: str, betting: BettingStructure | str | None = None) -> Variant:
    """The variant named ``key``, played with ``betting`` (default: its own structure)."""
    try:
        variant = VARIANTS[key]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise RulesError("not_a_variant", key=key, known=known) from None
    if betting is None or betting == variant.betting:
        return variant
    return variant.with_betting(betting)


def default_stakes(variant: Variant) -> Stakes:
    """Sensible stakes for a new table of this variant (the seed's for Follow the Queen)."""
    if variant.is_stud:
        return Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)
    return Stakes(small_blind=10, big_blind=20, small_bet=20, big_bet=40)
