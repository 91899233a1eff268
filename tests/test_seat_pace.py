"""The seat's pace (``seat/pace.py``): a program as fast as it likes is never refused by
the room for its speed (``server/ratelimit.py``'s bucket, as a connection has it)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.seat.pace import Pacer, refused_for_speed, room_rate
from pokernight.server.edge.config import ServerConfig
from pokernight.server.edge.ratelimit import TokenBucket

Json = dict[str, Any]


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


RUNS = st.lists(st.lists(GAPS, max_size=5) | st.lists(st.just(0.0), min_size=30), max_size=6)


@settings(max_examples=150)
@given(RUNS)
def test_the_room_never_refuses_the_seat_for_its_speed(runs: list[list[float]]) -> None:
    """However soon the program answers after each message (the gaps between sends: runs
    of them, some all at once), what the seat sends fits the room's bucket for a
    connection: a room for friends, with the default limit, whose welcome the seat has not
    read yet (its first messages) or which says no limit (a room older than the seat)."""
    config = ServerConfig()
    time = FakeTime()
    pacer = Pacer(clock=time, sleep=time.sleep)
    assert all(finished(send_all(pacer, config, time, runs)))
    pacer.follow({"type": "welcome"})
    assert all(finished(send_all(pacer, config, time, runs)))


@settings(max_examples=150)
@given(
    RUNS,
    st.floats(1, 500),
    st.floats(0.1, 500),
    st.sampled_from([None, {"message_rate": {"burst": 20, "per_second": 10}}]),
)
def test_the_seat_keeps_under_the_limit_the_room_says(
    runs: list[list[float]], burst: float, per_second: float, before: Json | None
) -> None:
    """A room whose welcome says another limit (the seat's own room says a larger one;
    a room may say a smaller one) is never refused for speed either, whatever the seat was
    pacing by before (a reconnect to a room started again with another limit)."""
    config = ServerConfig(rate_capacity=burst, rate_per_second=per_second)
    time = FakeTime()
    pacer = Pacer(clock=time, sleep=time.sleep)
    pacer.follow(before)
    time.now += 10.0  # a while on another connection; this one's bucket starts full
    pacer.follow({"message_rate": {"burst": burst, "per_second": per_second}})
    assert all(finished(send_all(pacer, config, time, runs)))


def test_the_seat_paces_by_the_default_limit_until_the_room_says_another() -> None:
    assert room_rate(None) == room_rate({"type": "welcome"}) == (20.0, 10.0)
    assert room_rate({"message_rate": {"burst": 200, "per_second": 150}}) == (200.0, 150.0)
    config = ServerConfig()
    assert room_rate(None) == (config.rate_capacity, config.rate_per_second)


async def send_all(
    pacer: Pacer, config: ServerConfig, time: FakeTime, runs: list[list[float]]
) -> list[bool]:
    """Whether the room took each message the seat sent after the gaps of ``runs``."""
    gaps = [gap for run_ in runs for gap in run_]
    room = TokenBucket(config.rate_capacity, config.rate_per_second, time.now)
    taken = []
    for gap in gaps:
        time.now += gap
        await pacer.wait()
        taken.append(room.take(time.now))
    return taken


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
