"""``pokernight replay --coach NAME``: the coach's words on one hand (``tests/test_coach.py``'s).

Bob raises with ace-king of hearts, Ann calls with queens, and so on to a showdown; the
hand is a PHH file, as ``pokernight export --format phh --as Ann`` writes one (heads-up,
PHH's ``p1`` is the big blind and ``p2`` the button).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.cli.main import main

HAND = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = [
  'd dh p1 QsQd', 'd dh p2 AhKh', 'p2 cbr 30', 'p1 cc',
  'd db Kd7h2h', 'p1 cc', 'p2 cbr 40', 'p1 cc',
  'd db 9c', 'p1 cbr 100', 'p2 cc',
  'd db 3s', 'p1 cc', 'p2 cc', 'p1 sm QsQd', 'p2 sm AhKh',
]
players = ['Ann', 'Bob']
"""


def test_the_coach_tells_each_decision_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND, encoding="utf-8")
    assert main(["replay", str(path), "--coach", "Ann"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path} hand 0: Ann's 5 decision(s), No-Limit Texas Hold'em"
    flop_call = out.index("  Flop: Ann (Qs Qd, board Kd 7h 2h) called.")
    assert out[flop_call + 1] == "    Pot odds: 40 to call to win 140: a call needs 28.6% equity."
    assert out[flop_call + 2].startswith("    Equity: ")
    assert "(exact, every one of 990 deals) against Bob's Ah Kh (shown)." in out[flop_call + 2]
    assert out[flop_call + 3].startswith(
        "    Worth, in chips from here (all in, no more betting): fold 0 · call -"
    )
    assert "  Turn: Ann (Qs Qd, board Kd 7h 2h 9c) bet 100." in out
    assert any("your bet of 100 if called -" in line for line in out)
    preflop = out[1]
    assert preflop == "  Preflop: Ann (Qs Qd) called."
    assert "(Monte Carlo, 20,000 seeded deals, 95%)" in out[3]
    assert out[-2] == "    Equity: 0.0% (exact: no card to come) against Bob's Ah Kh (shown)."
    # Somebody who did not play it is said so, not an error.
    assert main(["replay", str(path), "--coach", "Cat"]) == 0
    assert capsys.readouterr().out == f"{path} hand 0: Cat did not play it (players: Ann, Bob)\n"


def test_replay_help_names_the_coach(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["replay", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "--coach NAME" in text
    assert "pot odds" in text
