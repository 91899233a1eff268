"""The seat's pace (``seat/pace.py``): a program as fast as it likes is never refused by
the room for its speed (``server/ratelimit.py``'s bucket, as a connection has it)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.seat.pace import Pacer, refused_for_speed
from pokernight.server.config import ServerConfig
from pokernight.server.ratelimit import TokenBucket


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


# Mostly no time at all between two sends: a program that answers at once, bots that
# think for no time; now and then a pause.
GAPS = st.one_of(st.just(0.0), st.floats(0, 0.3))


@settings(max_examples=150)
@given(st.lists(st.lists(GAPS, max_size=5) | st.lists(st.just(0.0), min_size=30), max_size=6))
def test_the_room_never_refuses_the_seat_for_its_speed(runs: list[list[float]]) -> None:
    """However soon the program answers after each message (the gaps between sends: runs
    of them, some all at once), what the seat sends fits the room's bucket for a
    connection."""
    gaps = [gap for run_ in runs for gap in run_]
    config = ServerConfig()
    time = FakeTime()
    pacer = Pacer(clock=time, sleep=time.sleep)
    room = TokenBucket(config.rate_capacity, config.rate_per_second, time.now)

    async def send_all() -> list[bool]:
        taken = []
        for gap in gaps:
            time.now += gap
            await pacer.wait()
            taken.append(room.take(time.now))
        return taken

    assert all(finished(send_all()))


def finished(coroutine: Coroutine[Any, Any, list[bool]]) -> list[bool]:
    """The result of a coroutine that never waits for real (its sleeps are ``FakeTime``'s)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: list[bool] = done.value
        return result
    raise AssertionError("the pacer waited for real time")


def test_a_refusal_for_speed_is_told_from_a_refusal_of_the_move() -> None:
    assert refused_for_speed("too many messages: slow down")
    assert not refused_for_speed("raise must be to at least 40")
