"""The chip race (TDA 23): colouring up the smallest chip at a break.

At each table, every player changes their chips of the smallest denomination for
the next one as far as they go; what is left over (fewer than one new chip) are
their odd chips. The table's odd chips are counted together and changed into new
chips, one more when the rest is at least half a new chip. Each player with odd
chips is dealt one card per odd chip, all of theirs before the next player's,
from seat 1 round the table; the highest card (by rank, then suit: clubs,
diamonds, hearts, spades) wins the first new chip, the next highest the second,
at most one chip each. A player cannot be raced out: one who had only odd chips
and wins none is given one chip of the new smallest denomination.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from random import Random

from pokernight.cards import Card, full_deck, shuffled
from pokernight.tournament.events import ChipsColouredUp


def chip_race(
    tables: Mapping[int, Mapping[int, str]],
    stacks: Mapping[str, int],
    chip: int,
    into: int,
    rng: Random,
) -> ChipsColouredUp:
    """The race of ``chip`` into ``into`` at every table: everybody's stacks after it."""
    after: dict[str, int] = {}
    cards: list[tuple[str, str]] = []
    for number in sorted(tables):
        deck = _cards(rng)
        best: dict[str, Card] = {}
        odd_total = 0
        for seat in sorted(tables[number]):
            player = tables[number][seat]
            odd = stacks[player] % into
            after[player] = stacks[player] - odd
            if odd:
                odd_total += odd
                # A split pot's odd chip can leave less than one small chip: it draws a card too.
                draws = -(-odd // chip)
                best[player] = max((next(deck) for _ in range(draws)), key=_by_rank)
        new_chips = odd_total // into + (1 if 2 * (odd_total % into) >= into else 0)
        ranked = sorted(best, key=lambda player: _by_rank(best[player]), reverse=True)
        winners = set(ranked[:new_chips])
        for player, card in best.items():
            cards.append((player, str(card)))
            if player in winners or after[player] == 0:
                after[player] += into  # a winner, or nobody is raced out of the tournament
    return ChipsColouredUp(chip, into, tuple(sorted(after.items())), tuple(cards))


def _cards(rng: Random) -> Iterator[Card]:
    """Cards from shuffled decks, a fresh deck whenever one runs out."""
    while True:
        yield from shuffled(full_deck(), rng)


def _by_rank(card: Card) -> int:
    """Rank first, then suit (clubs lowest), as card draws are read."""
    return card.index
