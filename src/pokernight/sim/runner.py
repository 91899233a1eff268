"""Playing the hands of a simulation, in one process or in several.

Every hand starts every seat with the same stack (``stack_units`` big blinds,
a cash game that never busts anybody) and moves the button one seat, so each
bot plays every position equally often. Bots keep their seats, and so their
names, for the whole run, which lets them learn each other's habits. A run is
split into blocks with their own seeds: the same ``seed`` gives the same
results however many processes play them.

Duplicate play (``duplicate``, issue 39): each deck is dealt once to every rotation of the
players round the table that seats the levels differently, the button where it was, so
each level holds each seat's cards. The luck of the deal is then the same for all, and a
difference between levels is measured in fewer hands (``report.summarize`` averages each
deal's rotations first). A rotation that only swaps two bots of one level would deal the
same comparison again (six-handed with three of each level, four of the six): it is left
out (``duplicate_shifts``).
With ``luck``, each hand's luck of the cards (``luck_term``) is worked out beside its
result, to be taken out of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from pokernight.bots import make_player
from pokernight.cards import Card, shuffled
from pokernight.rules import Action, Hand, HandView, Variant, default_stakes, variant_for, view
from pokernight.sim.luck_term import luck
from pokernight.sim.profile import FIELDS, Counts, hand_counts

# Hands per block: a worker's unit of work, the progress step, and how long a
# set of bots lives (and learns) before the next block starts afresh.
BLOCK = 250

Results = npt.NDArray[np.float64]  # (hands, seats) winnings in big blinds


@dataclass(frozen=True, slots=True)
class Simulation:
    variant: str
    bots: tuple[str, ...]  # one level per seat
    hands: int
    seed: int
    stack_units: int = 100
    duplicate: bool = False
    luck: bool = False
    profile: bool = False
    forget: bool = False  # the players learn nothing of each other: as before they adapt

    def __post_init__(self) -> None:
        variant = variant_for(self.variant)
        if not 2 <= len(self.bots) <= variant.max_players:
            raise ValueError(f"{variant.name} seats 2 to {variant.max_players} bots")
        if self.hands < 1:
            raise ValueError("play at least one hand")
        for level in self.bots:
            make_player(level, random.Random(0))  # refuses an unknown one now, not in a worker

    @property
    def shifts(self) -> tuple[int, ...]:
        """The rotations each deck is dealt to: seat s holds player (s + shift) mod n."""
        return dealt_shifts(self.bots, self.duplicate)

    @property
    def rotations(self) -> int:
        """How many times each deck is dealt."""
        return len(self.shifts)

    @property
    def block_hands(self) -> int:
        return BLOCK // self.rotations * self.rotations

    @property
    def blocks(self) -> int:
        return -(-self.hands // self.block_hands)


def dealt_shifts(bots: Sequence[str], duplicate: bool) -> tuple[int, ...]:
    """The rotations each deck of a run of ``bots`` is dealt to: one, or in duplicate play
    each that seats the levels differently."""
    return duplicate_shifts(bots) if duplicate else (0,)


def duplicate_shifts(bots: Sequence[str]) -> tuple[int, ...]:
    """The rotations of ``bots`` (one level a seat) that seat the levels differently."""
    layouts: dict[tuple[str, ...], int] = {}
    for shift in range(len(bots)):
        layouts.setdefault((*bots[shift:], *bots[:shift]), shift)
    return tuple(layouts.values())


class Player(Protocol):
    """What a hand asks of whoever plays a seat: a bot, or a bot being timed."""

    rng: random.Random

    def decide(self, view: HandView, players: Sequence[str] | None = None) -> Action: ...

    def learn(self, view: HandView, players: Sequence[str] | None = None) -> None: ...


@dataclass(frozen=True, slots=True)
class Played:
    """What the players won, one row a hand and one column a player (the player first
    seated there: in duplicate play the players move round, their columns do not), in big
    blinds; the luck of the cards in it (zero unless the simulation asked for it); and how
    each player played (``profile``)."""

    won: Results
    luck: Results
    counts: Counts  # (players, profile.FIELDS): how each played, summed over the hands

    @property
    def skill(self) -> Results:
        """What they won without the luck of the cards."""
        return self.won - self.luck

    def __len__(self) -> int:
        return len(self.won)


def play_hands(
    simulation: Simulation, workers: int = 1, progress: Callable[[int], None] | None = None
) -> Played:
    """Every hand's results; ``progress`` hears the hands done after each block."""
    blocks: list[Played] = []
    for block in _blocks(simulation, workers):
        blocks.append(block)
        if progress is not None:
            progress(len(block))
    return Played(
        np.vstack([block.won for block in blocks]),
        np.vstack([block.luck for block in blocks]),
        np.sum([block.counts for block in blocks], axis=0),
    )


def _blocks(simulation: Simulation, workers: int) -> Iterator[Played]:
    numbers = range(simulation.blocks)
    if workers <= 1:
        yield from (play_block(simulation, number) for number in numbers)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play_block, [simulation] * simulation.blocks, numbers)


def play_block(simulation: Simulation, number: int) -> Played:
    rng = random.Random(f"{simulation.seed}:{number}")
    variant = variant_for(simulation.variant)
    players = [make_player(level, random.Random(rng.getrandbits(64))) for level in simulation.bots]
    size = simulation.block_hands
    count = min(size, simulation.hands - number * size)
    shifts = simulation.shifts
    rotations = len(shifts)
    won = np.empty((count, len(players)))
    luck_found = np.zeros((count, len(players)))
    counts = np.zeros((len(players), len(FIELDS)), dtype=np.int64)
    unit = default_stakes(variant).minimum_bet()
    stacks = [simulation.stack_units * unit] * len(players)
    luck_rng = np.random.default_rng(rng.getrandbits(64))
    for index in range(0, count, rotations):
        button = (number * size + index) // rotations % len(players)
        deck = shuffled(variant.cards, rng)
        for turn, shift in enumerate(shifts[: count - index]):
            order = [(seat + shift) % len(players) for seat in range(len(players))]
            seated = [players[player] for player in order]
            for seat, bot in enumerate(seated):
                # Common random numbers: whoever holds a seat's cards of a deal draws the
                # same chances there (rolls, equity samples), in every rotation.
                bot.rng.seed(f"{simulation.seed}:{number}:{index}:{seat}")
            names = [str(player) for player in order]
            learn = not simulation.forget
            hand = play_one(variant, seated, names, button, stacks=stacks, deck=deck, learn=learn)
            final = hand.final_stacks or hand.stacks
            cards_luck = luck(hand.events, luck_rng) if simulation.luck else None
            if simulation.profile:
                counts[order] += hand_counts(hand.events)
            for seat, player in enumerate(order):
                won[index + turn, player] = (final[seat] - stacks[seat]) / unit
                if cards_luck is not None:
                    luck_found[index + turn, player] = cards_luck[seat] / unit
    return Played(won, luck_found, counts)


def play_one(
    variant: Variant,
    seated: Sequence[Player],
    names: Sequence[str],
    button: int,
    *,
    stacks: Sequence[int],
    deck: tuple[Card, ...],
    learn: bool = True,
) -> Hand:
    """One hand of ``deck``, played to its end. ``names``: who sits where, by which the
    players know each other wherever they sit; ``learn``: whether they remember it."""
    hand = Hand.start(variant, default_stakes(variant), list(stacks), button, deck)
    while (seat := hand.to_act) is not None:
        hand.act(seated[seat].decide(view(hand, seat), names))
    for seat, bot in enumerate(seated if learn else ()):
        bot.learn(view(hand, seat), names)
    return hand
