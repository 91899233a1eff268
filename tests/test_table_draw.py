"""A draw game at a table (issue 22): draws go through ``Act`` with their discards, the
clock stands pat for a player out of time, and a hand whose stub ran out still proves
itself: every seat's proof checks, reshuffled cards included (``hand_check``)."""

from __future__ import annotations

import pytest

from pokernight.cards import parse_cards
from pokernight.history.replay_steps import replay_steps
from pokernight.rules import Hand
from pokernight.rules.events import CardsDealt, CardsDrawn, StubReshuffled
from pokernight.table import Act, Folded, HandFinished, Table, TableSettings
from pokernight.table.errors import TableError
from pokernight.table.hand_check import check_proof
from tests.table_helpers import check_down, player_to_act, seated, start


def _play_drawing_everything(table: Table, seed: int) -> list[Folded]:
    """Everybody calls or checks, and throws every card at every draw."""
    start(table, seed=seed)
    done: list[Folded] = []
    while (hand := table.hand) is not None:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_draw:
            cards = tuple(str(card) for card in hand.hole(legal.seat))
            done += table.apply(Act(player_to_act(table), "draw", cards=cards), 0.0)
        else:
            kind = "check" if legal.can_check else "call"
            done += table.apply(Act(player_to_act(table), kind), 0.0)
    return done


@pytest.mark.parametrize("seed", range(3))
def test_a_hand_with_reshuffles_proves_itself_to_every_seat(seed: int) -> None:
    stacks = dict.fromkeys(range(6), 1000)
    table = seated(stacks, TableSettings.for_variant("27td", debt_cap=None))
    done = _play_drawing_everything(table, seed)
    assert isinstance(done[-1].event, HandFinished) and done[-1].proof is not None
    proof = done[-1].proof
    events = list(proof.hand_events)
    assert any(isinstance(event, StubReshuffled) for event in events)
    for seat in (None, *range(6)):
        data = proof.for_seat(seat)
        assert data["reshuffles"], "the reshuffles' positions are in every proof"
        check = check_proof(data)
        assert check.problems == [], (seat, check.problems)
    # A player's proof reveals the cards they drew, never another's.
    mine = {
        str(card)
        for event in events
        if isinstance(event, CardsDrawn) and event.seat == 0
        for card in event.drawn
    }
    revealed = {item["card"] for item in proof.for_seat(0)["revealed"]}
    assert mine <= revealed
    held = mine | {
        str(card)
        for event in events
        if isinstance(event, CardsDealt) and event.seat == 0
        for card in event.cards
    }
    public = {item["card"] for item in proof.for_seat(None)["revealed"]}
    assert revealed <= public | held, "only cards seat 0 held, or everybody saw"


def test_a_discard_that_is_no_card_is_refused_by_the_table() -> None:
    table = seated(dict.fromkeys(range(3), 1000), TableSettings.for_variant("badugi"))
    start(table, seed=1)
    while (hand := table.hand) is not None and not hand.is_drawing:
        legal = hand.legal_actions()
        assert legal is not None
        table.apply(Act(player_to_act(table), "check" if legal.can_check else "call"), 0.0)
    with pytest.raises(TableError, match="a discard is not a card"):
        table.decide(Act(player_to_act(table), "draw", cards=("Zz",)), 0.0)
    with pytest.raises(TableError, match="you do not hold"):
        held = {str(card) for card in table.hand.hole(table.hand.to_act)}  # type: ignore[union-attr,arg-type]
        other = next(c for c in ("2c", "3d", "4h", "5s", "6c") if c not in held)
        table.decide(Act(player_to_act(table), "draw", cards=(other,)), 0.0)


def test_dealers_choice_rotates_through_the_draw_games_at_six_seats() -> None:
    games = ("nlhe", "27td", "badugi", "fl5cd")
    settings = TableSettings.for_variant("nlhe", dealers_choice=games)
    assert settings.seats == 6  # the draw games seat six
    table = seated(dict.fromkeys(range(3), 1000), settings)
    dealt = []
    for hand in range(len(games)):
        dealt.append(start(table, seed=hand).variant)
        check_down(table)
    assert tuple(dealt) == games


def test_jacks_or_better_to_open_is_a_five_card_draw_table_option() -> None:
    settings = TableSettings.for_variant("fl5cd", jacks_to_open=True)
    assert settings.to_dict()["jacks_to_open"] is True
    assert "jacks_to_open" not in TableSettings.for_variant("fl5cd").to_dict()
    assert TableSettings.from_dict(settings.to_dict()) == settings
    with pytest.raises(TableError, match="a Five-Card Draw option"):
        TableSettings.for_variant("nlhe", jacks_to_open=True)
    table = seated(dict.fromkeys(range(3), 1000), settings)
    dealt = start(table)
    assert dealt.jacks_to_open and dealt.to_dict()["jacks_to_open"] is True
    assert table.hand is not None and table.hand.events[0].jacks_to_open  # type: ignore[attr-defined]


def test_a_draw_hand_replays_step_by_step_showing_each_draw_to_its_owner() -> None:
    table = seated(dict.fromkeys(range(6), 1000), TableSettings.for_variant("badugi"))
    done = _play_drawing_everything(table, 4)
    proof = done[-1].proof
    assert proof is not None
    hand = Hand.from_events(parse_cards(proof.started.deck), proof.hand_events)
    steps = replay_steps(hand, 0)
    draws = [step for step in steps if any(isinstance(e, CardsDrawn) for e in step.events)]
    assert draws and all(step.to_act is not None for step in draws[:-1])
    for step in draws:
        for event in step.events:
            if isinstance(event, CardsDrawn):
                assert bool(event.drawn) == (event.seat == 0)  # only the viewer's own cards
    # a reshuffle is the step of the draw it served, and shows nobody its cards
    shuffles = [e for step in steps for e in step.events if isinstance(e, StubReshuffled)]
    assert shuffles and all(event.cards == () for event in shuffles)
