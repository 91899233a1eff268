"""Playing the hands of a simulation, in one process or in several.

Every hand starts every seat with the same stack (``stack_units`` big blinds,
a cash game that never busts anybody) and moves the button one seat, so each
bot plays every position equally often. Bots keep their seats, and so their
names, for the whole run, which lets them learn each other's habits. A run is
split into blocks with their own seeds: the same ``seed`` gives the same
results however many processes play them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokernight.bots import Bot, make_bot
from pokernight.cards import shuffled
from pokernight.rules import Hand, Variant, default_stakes, variant_for, view

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

    def __post_init__(self) -> None:
        variant = variant_for(self.variant)
        if not 2 <= len(self.bots) <= variant.max_players:
            raise ValueError(f"{variant.name} seats 2 to {variant.max_players} bots")
        if self.hands < 1:
            raise ValueError("play at least one hand")
        for level in self.bots:
            make_bot(level, random.Random(0))  # refuses an unknown level now, not in a worker

    @property
    def blocks(self) -> int:
        return -(-self.hands // BLOCK)


def play_hands(
    simulation: Simulation, workers: int = 1, progress: Callable[[int], None] | None = None
) -> Results:
    """(hands, seats) results in big blinds; ``progress`` hears the hands done after each block."""
    results: list[Results] = []
    for block in _blocks(simulation, workers):
        results.append(block)
        if progress is not None:
            progress(len(block))
    return np.vstack(results)


def _blocks(simulation: Simulation, workers: int) -> Iterator[Results]:
    numbers = range(simulation.blocks)
    if workers <= 1:
        yield from (play_block(simulation, number) for number in numbers)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play_block, [simulation] * simulation.blocks, numbers)


def play_block(simulation: Simulation, number: int) -> Results:
    rng = random.Random(f"{simulation.seed}:{number}")
    variant = variant_for(simulation.variant)
    bots = [make_bot(level, random.Random(rng.getrandbits(64))) for level in simulation.bots]
    count = min(BLOCK, simulation.hands - number * BLOCK)
    results = np.empty((count, len(bots)))
    for index in range(count):
        button = (number * BLOCK + index) % len(bots)
        results[index] = play_one(variant, bots, button, simulation.stack_units, rng)
    return results


def play_one(
    variant: Variant, bots: Sequence[Bot], button: int, stack_units: int, rng: random.Random
) -> list[float]:
    stakes = default_stakes(variant)
    unit = stakes.minimum_bet()
    stacks = [stack_units * unit] * len(bots)
    hand = Hand.start(variant, stakes, stacks, button, shuffled(variant.cards, rng))
    while (seat := hand.to_act) is not None:
        hand.act(bots[seat].decide(view(hand, seat)))
    for seat, bot in enumerate(bots):
        bot.learn(view(hand, seat))
    final = hand.final_stacks or hand.stacks
    return [(after - before) / unit for before, after in zip(stacks, final, strict=True)]
