"""Draw games (issue 22): draw rounds, the stub, Robert's reshuffle, refusals, privacy.

Worked examples of the stub rule (docs/rules.md, Draw games): the stub's last card is
never dealt; when a draw needs it, the discards so far (not the drawing player's, not a
folded hand) and that last card are shuffled into a new stub, whose order is a function
of the hand's reshuffle seed alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, Card, full_deck, parse_cards, shuffled
from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    Hand,
    RulesError,
    Stakes,
    default_stakes,
    event_from_dict,
    view,
    visible_events,
)
from pokernight.rules.draws import deck_reshuffle_seed, reshuffled, reshuffled_positions
from pokernight.rules.events import CardsDrawn, CardsShown, StubReshuffled
from pokernight.rules.random_play import random_action

DRAW_GAMES = ("nl5cd", "fl5cd", "27td", "badugi")
LIMIT = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)


def _six_handed(seed: int = 1) -> Hand:
    """2-7 Triple Draw, six players who all call the big blind: the first draw is next."""
    deck = shuffled(full_deck(), random.Random(seed))
    hand = Hand.start(VARIANTS["27td"], LIMIT, [100] * 6, 5, deck)
    while not hand.is_drawing:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    return hand


def test_the_draw_goes_round_from_left_of_the_button_and_deals_from_the_stub() -> None:
    hand = _six_handed()
    deck = hand.deck
    assert hand.to_act == 0  # left of the button (seat 5)
    assert hand.stub_size == 52 - 30 - 1  # the deal, then one card burnt
    thrown = hand.hole(0)[:2]
    hand.draw(0, thrown)
    drawn = hand.events[-1]
    assert drawn == CardsDrawn(0, 2, thrown, deck[31:33])  # after the burn at 30
    assert hand.hole(0) == (*hand.hole(0)[:3], *deck[31:33])
    assert hand.to_act == 1 and hand.is_drawing


def test_the_last_card_is_never_dealt_and_the_discards_are_reshuffled() -> None:
    hand = _six_handed()
    deck = hand.deck
    discards: dict[int, tuple[Card, ...]] = {}
    for seat, count in ((0, 5), (1, 5), (2, 5), (3, 4)):
        discards[seat] = hand.hole(seat)[:count]
        hand.draw(seat, discards[seat])
    assert hand.stub_size == 2  # 21 - 19: one card to deal, and the last, never dealt
    last = deck[51]
    discards[4] = hand.hole(4)[:2]
    hand.draw(4, discards[4])
    reshuffle, drawn = hand.events[-2:]
    pile = [card for seat in range(4) for card in discards[seat]] + [last]
    assert isinstance(reshuffle, StubReshuffled) and isinstance(drawn, CardsDrawn)
    assert reshuffle.size == len(pile) == 20
    # The new stub: the old stub's one card still to deal, then the pile shuffled by the
    # seed (here the deck's own: no table gave one), which anybody with it recomputes.
    new_pile = reshuffled(pile, deck_reshuffle_seed(deck), deck)
    assert reshuffle.cards == (deck[50], *new_pile)
    assert sorted(new_pile) == sorted(pile)
    assert drawn.drawn == (deck[50], new_pile[0])
    # Not the drawing player's own discards, nor anybody's still in hand.
    assert not set(reshuffle.cards) & set(discards[4])
    assert not set(reshuffle.cards) & {c for s in range(6) for c in hand.hole(s)} - set(drawn.drawn)
    # The next player draws on from the new stub; their discards join the pile after.
    hand.draw(5, hand.hole(5)[:3])
    assert hand.events[-1].drawn == new_pile[1:4]  # type: ignore[attr-defined]


def test_a_replay_given_the_records_stub_deals_its_cards_instead_of_our_reshuffle() -> None:
    """``given_stubs`` (decision 56): a record's dealer may have reshuffled other cards
    (PokerKit: burns, muck, the drawer's own discards): at the reshuffle the replay goes
    on with the record's cards, in order, after the old stub's card still to deal."""
    deck = _six_handed().deck
    thrown = _six_handed().hole(4)[:2]
    given = (thrown[0], deck[51], deck[30])  # the drawer's own discard, the last card, a burn
    hand = Hand.start(VARIANTS["27td"], LIMIT, [100] * 6, 5, deck, given_stubs=[given])
    while not hand.is_drawing:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    for seat, count in ((0, 5), (1, 5), (2, 5), (3, 4)):
        hand.draw(seat, hand.hole(seat)[:count])
    hand.draw(4, thrown)
    reshuffle, drawn = hand.events[-2:]
    assert reshuffle == StubReshuffled(3, (deck[50], *given))
    assert isinstance(drawn, CardsDrawn) and drawn.drawn == (deck[50], thrown[0])
    hand.draw(5, hand.hole(5)[:1])  # the given stub's last card is never dealt either
    assert hand.events[-1].drawn == given[1:2]  # type: ignore[attr-defined]
    again = Hand.from_dict(hand.to_dict())
    assert again.events == hand.events and again.to_dict() == hand.to_dict()


def test_a_reshuffle_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    cards = parse_cards("Ah Kd 7c 5s 2h 9d Tc")
    seed = deck_reshuffle_seed(CARDS)
    assert reshuffled(cards, seed, CARDS) == reshuffled(tuple(reversed(cards)), seed, CARDS)
    others = {reshuffled(cards, bytes([n]) * 32, CARDS) for n in range(20)}
    assert len(others) > 10
    # By position: what a verifier recomputes from where the cards lay, not what they were.
    positions = [CARDS.index(card) for card in cards]
    assert reshuffled(cards, seed, CARDS) == tuple(
        CARDS[p] for p in reshuffled_positions(positions, seed)
    )


def test_a_folded_hand_is_never_reshuffled() -> None:
    deck = shuffled(full_deck(), random.Random(5))
    hand = Hand.start(VARIANTS["27td"], LIMIT, [100] * 6, 5, deck)
    folded = hand.hole(hand.to_act)  # type: ignore[arg-type]
    hand.fold(hand.to_act)  # type: ignore[arg-type]
    while hand.legal_actions() is not None:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_draw:
            hand.draw(legal.seat, hand.hole(legal.seat))  # everybody draws five, every time
        else:
            hand.check_or_call(legal.seat)
    stubs = [event for event in hand.events if isinstance(event, StubReshuffled)]
    assert stubs, "five players drawing five three times run the stub out"
    assert not any(set(stub.cards) & set(folded) for stub in stubs)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action(0, ActionKind.CHECK), "it is the draw: discard up to 5 cards or stand pat first"),
        (Action(0, ActionKind.DRAW, None, parse_cards("As")), "you do not hold"),
        (Action(1, ActionKind.DRAW), "not your turn"),
    ],
)
def test_a_draw_round_refuses_anything_but_a_draw_saying_why(action: Action, reason: str) -> None:
    hand = _six_handed(2)
    if action.cards and action.cards[0] in hand.hole(0):
        action = Action(
            0, ActionKind.DRAW, None, (next(c for c in CARDS if c not in hand.hole(0)),)
        )
    with pytest.raises(RulesError, match=reason):
        hand.verify(action)
    twice = hand.hole(0)[:1] * 2
    with pytest.raises(RulesError, match="named twice"):
        hand.verify_draw(0, twice)


def test_a_draw_outside_a_draw_round_is_refused_by_name() -> None:
    hand = Hand.start(
        VARIANTS["27td"], LIMIT, [100] * 3, 2, shuffled(full_deck(), random.Random(3))
    )
    with pytest.raises(RulesError, match="there is no draw now: it is a betting round"):
        hand.verify_draw(hand.to_act, ())  # type: ignore[arg-type]
    holdem = Hand.start(VARIANTS["nlhe"], LIMIT, [100] * 3, 2, full_deck())
    with pytest.raises(RulesError, match="No-Limit Texas Hold'em has no draw"):
        holdem.verify_draw(holdem.to_act, ())  # type: ignore[arg-type]


def test_others_see_how_many_were_drawn_and_not_which() -> None:
    hand = _six_handed()
    thrown = hand.hole(0)[:3]
    hand.draw(0, thrown)
    mine = view(hand, 0)
    theirs = view(hand, 1)
    assert mine.events[-1] == hand.events[-1]
    assert theirs.events[-1] == CardsDrawn(0, 3)
    assert mine.cards[0] == hand.hole(0)
    assert theirs.cards[0] == (None,) * 5
    assert event_from_dict(hand.events[-1].to_dict()) == hand.events[-1]


SEEDS = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, key=st.sampled_from(DRAW_GAMES), players=st.integers(2, 6))
def test_random_draw_hands_keep_chips_cards_and_secrets(seed: int, key: str, players: int) -> None:
    """Chips are conserved; every card is in one place; the draw round offers only the
    draw, of up to every card held; no view ever holds another player's drawn or thrown
    cards, nor the reshuffled stub; the log rebuilds the same hand."""
    rng = random.Random(seed)
    variant = VARIANTS[key]
    stacks = [rng.choice((3, 40, 400)) for _ in range(players)]
    hand = Hand.start(variant, default_stakes(variant), stacks, players - 1, shuffled(CARDS, rng))
    total = sum(stacks)
    while (legal := hand.legal_actions()) is not None:
        assert sum(hand.stacks) + hand.total_pot == total
        held = hand.hole(legal.seat)
        assert len(held) == variant.hand_size
        if hand.is_drawing:
            assert legal.can_draw and legal.max_discard == variant.hand_size
            assert not (legal.can_fold or legal.can_check or legal.can_call)
            assert legal.min_raise_to is None and not legal.can_bring_in
        else:
            assert not legal.can_draw
        live = [card for seat in range(players) for card in hand.hole(seat)]
        assert len(set(live)) == len(live)
        hand.act(random_action(legal, rng, held))
    assert hand.final_stacks is not None and sum(hand.final_stacks) == total
    shown = {event.seat for event in hand.events if isinstance(event, CardsShown)}
    for seat in (None, *range(players)):
        seen = visible_events(hand.events, seat)
        for event in seen:
            if isinstance(event, CardsDrawn) and event.seat != seat:
                assert event.drawn == () and event.discarded == ()
            assert not (isinstance(event, StubReshuffled) and event.cards)
        cards = view(hand, seat).cards
        for other in range(players):
            if other != seat and other not in shown:
                assert set(cards[other]) == {None}
    rebuilt = Hand.from_dict(hand.to_dict())
    assert rebuilt.events == hand.events and rebuilt.final_stacks == hand.final_stacks


def _jacks_hand(holes: list[str], *, jacks_to_open: bool = False) -> Hand:
    """Five-Card Draw, three players, seat i dealt ``holes[i]``; the button is seat 2."""
    hands = [parse_cards(hole) for hole in holes]
    order = [0, 1, 2]  # left of the button (seat 2) first
    dealt = [hands[seat][round_] for round_ in range(5) for seat in order]
    rest = [card for card in CARDS if card not in dealt]
    deck = (*dealt, *rest)
    return Hand.start(VARIANTS["fl5cd"], LIMIT, [100] * 3, 2, deck, jacks_to_open=jacks_to_open)


def test_jacks_or_better_to_open_needs_openers_for_the_first_raise() -> None:
    hand = _jacks_hand(["2c3c4c5d7d", "2s3s4s5h7h", "ThTd9c8s6h"], jacks_to_open=True)
    assert hand.to_act == 2  # left of the big blind: tens are not openers
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to is None and legal.can_call
    with pytest.raises(RulesError, match="to open you need a pair of jacks or better"):
        hand.verify_bet_or_raise(2, 4)
    started = hand.events[0]
    assert started.to_dict()["jacks_to_open"] is True
    assert event_from_dict(started.to_dict()) == started
    opener = _jacks_hand(["2c3c4c5d7d", "2s3s4s5h7h", "JhJd9c8s6h"], jacks_to_open=True)
    opener.bet_or_raise(2, 4)  # jacks open
    reraise = opener.legal_actions()
    assert reraise is not None and reraise.min_raise_to is not None  # once open, anybody raises
    plain = _jacks_hand(["2c3c4c5d7d", "2s3s4s5h7h", "ThTd9c8s6h"])
    assert "jacks_to_open" not in plain.events[0].to_dict()  # off: the log as before
    with pytest.raises(RulesError, match="a Five-Card Draw option"):
        Hand.start(VARIANTS["27td"], LIMIT, [100] * 3, 2, CARDS, jacks_to_open=True)
