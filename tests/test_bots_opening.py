"""The levels' first-street ranges (issue 39, decision 75): what a raise says of a raiser's
hand, and every game's starting hands ranked."""

from __future__ import annotations

import pytest

from pokernight.bots.first_street import _table, rank_of
from pokernight.bots.opening import raiser_range
from pokernight.bots.range_reading import RERAISE_NARROWING, first_street_share
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.rules import VARIANTS, Hand, variant_for, view
from tests.test_bots_adapt import STAKES, deck


def _four_bet_to_the_big_blind() -> Situation:
    """Heads-up: the button raises, the big blind re-raises, the button raises again."""
    hand = Hand.start(
        VARIANTS["nlhe"], STAKES, [1_000, 1_000], 1, deck("7c2d", "AhKh", "Kc8h4d2s9d")
    )
    hand.bet_or_raise(1, 30)
    hand.bet_or_raise(0, 90)
    hand.bet_or_raise(1, 270)
    return Situation.of(view(hand, 0))


def _raising(share: float) -> PlayerStats:
    return PlayerStats(hands=1_000, raised_first=round(share * 1_000))


def test_a_maniac_s_reraise_narrows_his_range_no_more_than_his_raise() -> None:
    situation = _four_bet_to_the_big_blind()
    regular, maniac = _raising(0.15), _raising(0.98)
    # A regular's second raise: the top of the top of his raising hands.
    assert raiser_range(situation, [regular]) == pytest.approx(
        regular.pfr * RERAISE_NARROWING, rel=1e-6
    )
    # The maniac raises nearly every hand: his second raise means nearly as little.
    assert raiser_range(situation, [maniac]) == pytest.approx(maniac.pfr**2, rel=1e-6)
    assert raiser_range(situation, [maniac]) > 0.9


def test_the_later_streets_read_a_maniac_s_reraise_as_the_first_street_does() -> None:
    """The ranges after the first street (every game's, ``range_reading``) keep what the
    first street's raises showed by the same rule: a maniac's two raises are still nearly
    any hand (read as a regular's, the top 39 %, the hard bot folded too much to him in
    stud: +114 [-43, 270] bb/100 heads-up, now +390 [252, 528])."""
    situation = _four_bet_to_the_big_blind()
    regular, maniac = _raising(0.15), _raising(0.98)
    button = situation.opponents[0]
    assert first_street_share(situation, button, regular) == raiser_range(situation, [regular])
    assert first_street_share(situation, button, maniac) == raiser_range(situation, [maniac])
    read = first_street_share(situation, button, maniac)
    assert read is not None and read > 0.9


RANKED = sorted(
    key
    for key in VARIANTS
    if not variant_for(key).is_stud
    and not (variant_for(key).showdown == "high" and not variant_for(key).is_draw)
)  # the games ranked by equity: not hold'em (Chen's ranking) nor stud (the literature's)


@pytest.mark.parametrize("game", RANKED)
def test_every_game_ranks_its_starting_hands_from_the_weakest_to_the_best(game: str) -> None:
    counts = _table()[game]
    assert sorted(counts) == list(range(1, min(variant_for(game).max_players, 10)))
    for opponents, quantiles in counts.items():
        assert list(quantiles) == sorted(quantiles), (game, opponents)
        assert rank_of(game, opponents, quantiles[0] - 0.01) == 0.0
        assert rank_of(game, opponents, quantiles[-1] + 0.01) == 1.0
        middle = rank_of(game, opponents, quantiles[len(quantiles) // 2])
        assert 0.4 <= middle <= 0.6, (game, opponents, middle)
