"""``pokernight bench engine``: random 6-max no-limit hands, our engine against PokerKit.

Both engines play complete hands the same way: blinds 1/2, stacks of 200, the
player to act picks a random legal action with one policy
(``pokernight.rules.random_play``: a bet or raise a quarter of the time, sized
between the minimum and the maximum; a fold a fifth of the time when facing a
bet; else check or call), every hand to the end with its showdown evaluated
and its full log kept (our events, PokerKit's operations). Each engine shuffles
a full deck for every hand from the seed: ours with NumPy's seeded PCG64,
a thousand decks a call (a uniform shuffle in C, a few µs a deck where the
pure-Python ``cards.shuffled`` takes 25-30 µs, a tenth of a hand), PokerKit inside
``create_state`` with the global ``random`` (seeded here), which we cannot
replace; at its ~10 ms a hand the shuffle is noise. PokerKit plays fewer hands
(``--peer-hands``); hands/s compare.
Each engine runs ``--rounds`` times in turn and its best round counts; time is
the process's CPU time, so other work on a shared machine weighs less on it.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
from rich.console import Console
from rich.table import Table

from pokernight.build import engine_is_compiled
from pokernight.cards import CARDS, Card
from pokernight.extras import install_line, installed
from pokernight.rules import VARIANTS, Hand, LegalActions, Stakes
from pokernight.rules.random_play import random_action

describe = (
    "random 6-max no-limit hold'em hands through our engine and PokerKit 0.7.7 "
    "(`make bench-compiled`: the engine compiled with mypyc)"
)

PLAYERS = 6
STACK = 200
STAKES = Stakes(small_blind=1, big_blind=2)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=int, default=20_000, metavar="N", help="hands for our engine (20000)"
    )
    parser.add_argument(
        "--peer-hands", type=int, default=300, metavar="N", help="hands for PokerKit (300)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the decks and actions")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per engine; best counts")


@dataclass(frozen=True, slots=True)
class Result:
    name: str
    hands: int
    seconds: float
    actions: int

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


def run(args: argparse.Namespace) -> int:
    if args.hands < 1 or args.peer_hands < 0 or args.rounds < 1:
        raise ValueError("--hands and --rounds must be positive, --peer-hands not negative")
    contestants: list[tuple[str, int, Callable[[int, int], int]]] = [
        ("pokernight", args.hands, play_ours)
    ]
    if args.peer_hands and installed("pokerkit"):
        contestants.append(("pokerkit 0.7.7", args.peer_hands, play_pokerkit))
    results = [
        best_of(args.rounds, name, hands, play, args.seed) for name, hands, play in contestants
    ]
    report(results)
    if args.peer_hands and not installed("pokerkit"):
        Console().print(f"PokerKit is not installed, so not measured: {install_line('bench')}")
    return 0


def best_of(
    rounds: int, name: str, hands: int, play: Callable[[int, int], int], seed: int
) -> Result:
    best: Result | None = None
    for _ in range(rounds):
        start = time.process_time()
        actions = play(hands, seed)
        result = Result(name, hands, time.process_time() - start, actions)
        if best is None or result.seconds < best.seconds:
            best = result
    assert best is not None
    return best


def play_ours(hands: int, seed: int) -> int:
    """Play ``hands`` hands; return the number of actions taken."""
    rng = random.Random(seed)
    variant = VARIANTS["nlhe"]
    stacks = [STACK] * PLAYERS
    actions = 0
    for number, deck in enumerate(shuffled_decks(hands, seed)):
        hand = Hand.start(variant, STAKES, stacks, number % PLAYERS, deck)
        legal = hand.legal_actions()
        while legal is not None:
            hand.act(random_action(legal, rng))
            actions += 1
            legal = hand.legal_actions()
    return actions


def shuffled_decks(count: int, seed: int, batch: int = 1000) -> Iterator[list[Card]]:
    """``count`` decks, each the 52 cards in a uniformly random order.

    NumPy shuffles a whole batch of decks in one call (each row independently), and
    one fancy index turns the batch into cards: a few µs a deck in all.
    """
    generator = np.random.Generator(np.random.PCG64(seed))
    cards = np.array(CARDS, dtype=object)
    for start in range(0, count, batch):
        rows = min(batch, count - start)
        orders = generator.permuted(np.tile(np.arange(len(CARDS)), (rows, 1)), axis=1)
        decks: list[list[Card]] = cards[orders].tolist()
        yield from decks


def play_pokerkit(hands: int, seed: int) -> int:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the global random
    actions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (STAKES.small_blind, STAKES.big_blind),
            STAKES.big_blind, (STACK,) * PLAYERS, PLAYERS,
        )  # fmt: skip
        while state.status:
            action = random_action(_pokerkit_legal(state), rng)
            if action.kind == "fold":
                state.fold()
            elif action.kind == "bet_or_raise":
                state.complete_bet_or_raise_to(action.amount)
            else:
                state.check_or_call()
            actions += 1
    return actions


def _pokerkit_legal(state: object) -> LegalActions:
    """PokerKit's options in our terms, so that one policy drives both engines."""
    can_raise = state.can_complete_bet_or_raise_to()  # type: ignore[attr-defined]
    call = state.checking_or_calling_amount  # type: ignore[attr-defined]
    return LegalActions(
        seat=state.actor_index,  # type: ignore[attr-defined]
        can_fold=state.can_fold(),  # type: ignore[attr-defined]
        can_check=not call,
        call_amount=call,
        can_bring_in=False,
        bring_in_amount=0,
        min_raise_to=state.min_completion_betting_or_raising_to_amount if can_raise else None,  # type: ignore[attr-defined]
        max_raise_to=state.max_completion_betting_or_raising_to_amount if can_raise else None,  # type: ignore[attr-defined]
    )


def report(results: list[Result]) -> None:
    ours = results[0]
    # Which build ran is part of the result (`make bench-compiled` runs the mypyc one). A
    # line under the table rather than in the engine's name, which would wrap at 80 columns.
    build = "compiled with mypyc" if engine_is_compiled() else "pure Python"
    table = Table(
        title=f"Random {PLAYERS}-max no-limit hold'em hands, full logs and showdowns",
        caption=f"pokernight's rules engine: {build}",
    )
    for column in ("engine", "hands", "actions/hand", "CPU seconds", "hands/s", "ours is"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    for result in results:
        ratio = ours.hands_per_second / result.hands_per_second
        table.add_row(
            result.name,
            f"{result.hands:,}",
            f"{result.actions / result.hands:.1f}",
            f"{result.seconds:.2f}",
            f"{result.hands_per_second:,.0f}",
            "—" if result is ours else f"{ratio:,.0f}x faster",
        )
    Console().print(table)
