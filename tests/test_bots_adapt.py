"""Bots adapt to a player's bluffing, and adapt back (seed 004, issue 34 item 9).

Seed 004's bots call more against a player whose bets turned out to be bluffs. Here a
bot watches Bob, heads-up, bet every street and show his hand down: 30 times a bluff
(seven high), then 20 times a made hand (two pair). At one river spot (the bot holds
bottom pair, Bob bets the pot after betting the flop and the turn) the bot decides
before it has seen Bob at all, after the bluffs, and after the honest hands. Each
decision is made with the same seed, so that only what the bot remembers of Bob
differs. The bluff rate reads the last ``BLUFF_WINDOW`` showdowns (``bots/stats.py``):
an all-time count would still read Bob as a bluffer after the honest hands.
"""

from __future__ import annotations

import random

from pokernight.bots import Bot, make_bot
from pokernight.bots.stats import BLUFF_WINDOW, PRIOR_BLUFF, OpponentModel, PlayerStats
from pokernight.cards import CARDS, Card, parse_cards
from pokernight.rules import VARIANTS, ActionKind, Hand, Stakes, view

PLAYERS = ("Robo", "Bob")  # seat 0 the bot (the big blind), seat 1 Bob (the button)
STAKES = Stakes(small_blind=5, big_blind=10)
BOARD = "Kc8h4d2s9d"
BLUFFS, HONEST = 30, BLUFF_WINDOW
SEEDS = 40


def deck(robo: str, bob: str, board: str) -> list[Card]:
    """A heads-up hold'em deck: hole cards round-robin from seat 0, a burn before each
    street, then the board; the rest in order."""
    mine, his, cards = parse_cards(robo), parse_cards(bob), parse_cards(board)
    rest = [card for card in CARDS if card not in {*mine, *his, *cards}]
    burns = rest[:3]
    top = [mine[0], his[0], mine[1], his[1], burns[0], *cards[:3], burns[1], cards[3]]
    return [*top, burns[2], cards[4], *rest[3:]]


def bob_bets_the_river(robo: str, bob: str, board: str) -> Hand:
    """Bob limps, then bets every street (20, 40, 80: the pot each time); the bot checks
    and calls, and now faces the river bet."""
    hand = Hand.start(VARIANTS["nlhe"], STAKES, [1_000, 1_000], 1, deck(robo, bob, board))
    hand.check_or_call(1)
    hand.check_or_call(0)
    for size in (20, 40):
        hand.check_or_call(0)
        hand.bet_or_raise(1, size)
        hand.check_or_call(0)
    hand.check_or_call(0)
    hand.bet_or_raise(1, 80)
    return hand


def shown_down(bluff: bool) -> Hand:
    """Bob bets every street and is called down: he shows seven high (a bluff) or two
    pair."""
    hand = bob_bets_the_river("KhQs", "7c2d" if bluff else "Ad9s", "As9h5cJd3s")
    hand.check_or_call(0)
    assert hand.is_over
    return hand


def watch(bot: Bot, hands: int, *, bluff: bool) -> None:
    for _ in range(hands):
        bot.learn(view(shown_down(bluff), 0), PLAYERS)


def decisions(bot: Bot, spot: Hand, seeds: range) -> list[ActionKind]:
    """The bot's action at ``spot`` for each seed (its memory as it is)."""
    kinds = []
    for seed in seeds:
        bot.rng = random.Random(seed)
        kinds.append(bot.decide(view(spot, 0), PLAYERS).kind)
    return kinds


def test_a_hard_bot_calls_a_river_bet_of_a_player_it_saw_bluff_and_folds_again_when_they_stop() -> (
    None
):
    spot = bob_bets_the_river("Jh4h", "AcTh", BOARD)  # bottom pair; Bob's cards unseen
    bot = make_bot("hard", random.Random(1))
    seeds = range(3, 6)
    assert decisions(bot, spot, seeds) == [ActionKind.FOLD] * 3  # Bob is nobody yet
    watch(bot, BLUFFS, bluff=True)
    bob = bot.opponents["Bob"]
    assert bob.bluff_rate == (BLUFF_WINDOW + 1) / (BLUFF_WINDOW + 4)  # the last 20: bluffs
    assert decisions(bot, spot, seeds) == [ActionKind.CALL] * 3
    watch(bot, HONEST, bluff=False)
    assert (bob.bluffs_shown, bob.aggressive_showdowns) == (BLUFFS, BLUFFS + HONEST)
    # All time Bob bluffed 30 times in 50: (30 + 1) / (50 + 4) = 0.57 would still call.
    assert bob.bluff_rate == 1 / (BLUFF_WINDOW + 4) < PRIOR_BLUFF
    assert decisions(bot, spot, seeds) == [ActionKind.FOLD] * 3


def test_a_medium_bot_folds_less_to_a_player_it_saw_bluff_and_more_when_they_stop() -> None:
    """Seed 004's call willingness (``MediumBot``) adds the bettor's bluff rate to a roll:
    over 40 seeds at the same spot it folds 37 times before, once after the bluffs, every
    time once Bob has shown only made hands for a window (docs/bots.md)."""
    spot = bob_bets_the_river("Jh2c", "AcTh", BOARD)
    bot = make_bot("medium", random.Random(1))
    seeds = range(SEEDS)
    before = decisions(bot, spot, seeds).count(ActionKind.FOLD)
    watch(bot, BLUFFS, bluff=True)
    after_bluffs = decisions(bot, spot, seeds).count(ActionKind.FOLD)
    watch(bot, HONEST, bluff=False)
    after_honest = decisions(bot, spot, seeds).count(ActionKind.FOLD)
    assert after_bluffs < before / 2 and after_honest >= before, (
        before,
        after_bluffs,
        after_honest,
    )


def test_the_bluff_rate_reads_the_last_showdowns_and_carries_them_from_night_to_night() -> None:
    stats = PlayerStats()
    assert stats.bluff_rate == PRIOR_BLUFF
    for bluff in [True] * 5 + [False] * BLUFF_WINDOW:
        stats.shown_down(bluff)
    assert (stats.bluffs_shown, stats.aggressive_showdowns) == (5, 25)
    assert (stats.recent_showdowns, stats.recent_bluffs) == (BLUFF_WINDOW, 0)
    stats.shown_down(True)
    assert stats.recent_bluffs == 1  # bit 0: the newest
    # Stored and read back (the club's memory), then tonight's counts added before them.
    kept = PlayerStats.from_dict(stats.to_dict())
    assert kept == stats
    tonight = PlayerStats()
    for bluff in (False, True):
        tonight.shown_down(bluff)
    both = tonight.plus(kept)
    assert (both.bluffs_shown, both.aggressive_showdowns) == (7, 28)
    assert both.recent_showdowns == BLUFF_WINDOW
    assert both.recent_bluffs == 0b101  # tonight's bluff, made hand; last week's bluff
    # Counts stored before the window: the window is filled from them, bluffs oldest.
    old = PlayerStats.from_dict({"hands": 40, "aggressive_showdowns": 10, "bluffs_shown": 4})
    assert (old.recent_showdowns, old.recent_bluffs) == (10, 0b1111000000)
    assert old.bluff_rate == (4 + PRIOR_BLUFF * 4) / (10 + 4)


def test_a_model_counts_each_showdown_of_the_last_aggressor_into_the_window() -> None:
    model = OpponentModel()
    for bluff in (True, False, True):
        model.learn(view(shown_down(bluff), None), PLAYERS)
    bob = model["Bob"]
    assert (bob.recent_showdowns, bob.recent_bluffs) == (3, 0b101)
    assert model["Robo"].recent_showdowns == 0  # the caller is no aggressor
