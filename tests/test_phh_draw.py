"""PHH export and replay of draw games (issue 22), with PHH's own codes: ``F2L3D``
(fixed-limit 2-7 triple draw) and ``FB`` (fixed-limit badugi); PokerKit, PHH's reference
reader, replays each export to the same finishing stacks. Five-Card Draw high has no PHH
code and is written with ours (``tests/test_phh_own_codes.py``)."""

from __future__ import annotations

import random
import warnings
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from pokernight.cards import CARDS, shuffled
from pokernight.history.phh_export import to_phh
from pokernight.history.phh_parse import PHHError, parse_phh
from pokernight.history.phh_replay import replay_phh
from pokernight.rules import VARIANTS, Hand, Stakes
from pokernight.rules.events import ActionTaken, StreetStarted, StubReshuffled
from pokernight.rules.random_play import random_action

LIMIT = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)


def random_draw_hand(key: str, seed: int) -> Hand:
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    stacks = [rng.randint(3, 200) for _ in range(players)]
    hand = Hand.start(VARIANTS[key], LIMIT, stacks, players - 1, shuffled(CARDS, rng))
    while (legal := hand.legal_actions()) is not None:
        hand.act(random_action(legal, rng, hand.hole(legal.seat)))
    return hand


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(("27td", "badugi")), seed=st.integers(0, 2**32))
@example(key="badugi", seed=641)  # an all-in player draws round after round: no betting between
@example(key="badugi", seed=222956065)  # a half-bet all-in raise reopens (not in PokerKit)
def test_a_draw_hand_exports_and_replays_to_the_same_stacks(key: str, seed: int) -> None:
    hand = random_draw_hand(key, seed)
    text = to_phh(hand)
    assert text.startswith(f"variant = '{'F2L3D' if key == '27td' else 'FB'}'")
    (phh,) = parse_phh(text)
    assert hand.final_stacks is not None
    ordered = tuple(hand.final_stacks[(hand.button + 1 + i) % hand.player_count]
                    for i in range(hand.player_count))  # fmt: skip
    if any(isinstance(event, StubReshuffled) for event in hand.events):
        with pytest.raises(PHHError, match="run the stub out"):
            replay_phh(phh)
    else:
        assert replay_phh(phh).finishing_stacks == ordered
    if _beyond_the_cap(hand) or _all_in_raise(hand):
        # docs/rules.md lifts the cap heads-up and lets an all-in of half a bet reopen the
        # betting; PokerKit keeps the cap and reopens for full raises only: it cannot read
        # what follows (the differential test checks our rules there, by name).
        return
    # PHH's reference reader plays our export to the same end (its reshuffle is its own:
    # it warns that the cards we dealt are not the ones it would).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        *_, last = iter(HandHistory.loads(text))
    assert tuple(last.stacks) == ordered


def _all_in_raise(hand: Hand) -> bool:
    return any(
        isinstance(event, ActionTaken) and event.kind == "bet_or_raise" and event.all_in
        for event in hand.events
    )


def _beyond_the_cap(hand: Hand) -> bool:
    """A betting round with more bets and raises than the cap (the big blind counting)."""
    rounds: list[int] = []
    for event in hand.events:
        if isinstance(event, StreetStarted):
            rounds.append(1 if event.index == 0 else 0)
        elif isinstance(event, ActionTaken) and event.kind == "bet_or_raise":
            rounds[-1] += 1
    cap = LIMIT.raise_cap
    assert cap is not None
    return max(rounds) > cap


def test_a_draw_exports_discards_then_the_cards_drawn() -> None:
    deck = shuffled(CARDS, random.Random(2))
    hand = Hand.start(VARIANTS["badugi"], LIMIT, [100, 100], 1, deck)
    hand.check_or_call(1)
    hand.check_or_call(0)
    thrown = hand.hole(0)[:2]
    hand.draw(0, thrown)
    hand.stand_pat(1)
    lines = to_phh(hand).splitlines()
    at = lines.index(f"  'p1 sd {thrown[0]}{thrown[1]}',")
    assert lines[at + 1] == "  'p2 sd',"
    drawn = hand.hole(0)[-2:]
    assert lines[at + 2] == f"  'd dh p1 {drawn[0]}{drawn[1]}',"
    assert Decimal(0) not in parse_phh(to_phh(hand))[0].starting_stacks
