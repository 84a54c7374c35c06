"""A lost connection is heard, never mistaken for an end: every stream (blocking
and async) raises `Disconnected` (or the `Timeout` that ended it) as
docs/PYTHON.md says, a stream closed on purpose ends quietly, and
`MoveProgress.wait()` raises as soon as the connection is gone rather than at
the move's planned end. Against a scripted stand and against the real swiveld,
killed (SIGKILL) or frozen (SIGSTOP) mid-move."""
from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable

import pytest

from swivel import Accessory, AsyncAccessory, Disconnected, Subscription, Timeout, Vector3
from swivel.local_daemon import LocalDaemon
from test_client_session import FakeStand, answer_everything

STREAMS = ["motion_states", "tracking_states", "accessory_events", "battery_states", "dock_states",
           "progress_updates"]

# Far longer than the client needs (an EOF is immediate; a silent stand is
# declared lost after 6 unanswered heartbeat sends, 1.2 s) and far shorter
# than the 20 s move: a slow machine cannot fail it, the old behaviour cannot pass.
PROMPT_S = 6.0
MOVE_S = 20.0


def _drain(stream: Subscription[object]) -> int:
    count = 0
    for _ in stream:
        count += 1
    return count


async def _drain_async(stream: Subscription[object]) -> int:
    count = 0
    async for _ in stream:
        count += 1
    return count


@pytest.mark.parametrize("name", STREAMS)
def test_a_lost_connection_raises_disconnected_from_a_blocking_stream(name: str) -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    stream = getattr(accessory, name)()
    stand.close()
    with pytest.raises(Disconnected):
        _drain(stream)
    accessory.close()


@pytest.mark.parametrize("name", STREAMS)
def test_a_lost_connection_raises_disconnected_from_an_async_stream(name: str) -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    stream = getattr(AsyncAccessory(accessory), name)()
    stand.close()
    with pytest.raises(Disconnected):
        asyncio.run(asyncio.wait_for(_drain_async(stream), PROMPT_S))
    accessory.close()


@pytest.mark.parametrize("name", STREAMS)
def test_closing_the_accessory_ends_streams_quietly(name: str) -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    blocking, later = getattr(accessory, name)(), getattr(accessory, name)()
    accessory.close()
    _drain(blocking)
    asyncio.run(asyncio.wait_for(_drain_async(later), PROMPT_S))
    stand.close()


def test_closing_a_stream_ends_it_quietly_while_the_connection_lives() -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    stream = accessory.motion_states()
    stream.close()
    assert _drain(stream) == 0
    assert accessory.session.is_open
    accessory.close()
    stand.close()


def test_killing_the_daemon_raises_disconnected_from_every_stream(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        streams = [getattr(accessory, name)() for name in STREAMS]
        assert streams[0].get(timeout_s=2.0) is not None
        daemon.process.kill()
        for stream in streams:
            with pytest.raises(Disconnected):
                _drain(stream)


def test_killing_the_daemon_raises_disconnected_from_every_async_stream(daemon: LocalDaemon) -> None:
    async def run() -> None:
        stand = await Accessory.connect_async(daemon.socket_path)
        try:
            streams = [getattr(stand, name)() for name in STREAMS]
            async for _ in streams[0]:
                break
            daemon.process.kill()
            for stream in streams:
                with pytest.raises(Disconnected):
                    await asyncio.wait_for(_drain_async(stream), PROMPT_S)
        finally:
            await stand.close()

    asyncio.run(run())


def _long_move(accessory: Accessory) -> Callable[[], object]:
    accessory.set_system_tracking(False)
    move = accessory.set_orientation(Vector3(yaw=1.0), duration_s=MOVE_S)
    assert move.planned_duration_s >= MOVE_S
    time.sleep(1.0)
    assert not move.done
    return lambda: move.wait(timeout_s=MOVE_S + 10)


def test_move_wait_raises_disconnected_at_once_when_the_daemon_is_killed(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        wait = _long_move(accessory)
        daemon.process.kill()
        start = time.monotonic()
        with pytest.raises(Disconnected):
            wait()
        assert time.monotonic() - start < PROMPT_S


def test_move_wait_raises_timeout_within_the_heartbeat_limit_when_the_daemon_freezes(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        wait = _long_move(accessory)
        os.kill(daemon.process.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with pytest.raises(Timeout):
                wait()
            assert time.monotonic() - start < PROMPT_S
        finally:
            os.kill(daemon.process.pid, signal.SIGCONT)


def test_move_wait_async_raises_disconnected_at_once_when_the_daemon_is_killed(daemon: LocalDaemon) -> None:
    async def run() -> None:
        stand = await Accessory.connect_async(daemon.socket_path)
        try:
            await stand.set_system_tracking(False)
            move = await stand.set_orientation(Vector3(yaw=1.0), duration_s=MOVE_S)
            await asyncio.sleep(1.0)
            daemon.process.kill()
            start = time.monotonic()
            with pytest.raises(Disconnected):
                await move.wait_async(timeout_s=MOVE_S + 10)
            assert time.monotonic() - start < PROMPT_S
        finally:
            await stand.close()

    asyncio.run(run())


def test_a_frozen_daemon_raises_timeout_from_every_stream(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        streams = [getattr(accessory, name)() for name in STREAMS]
        assert streams[0].get(timeout_s=2.0) is not None
        os.kill(daemon.process.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            for stream in streams:
                with pytest.raises(Timeout):
                    _drain(stream)
            assert time.monotonic() - start < PROMPT_S
        finally:
            os.kill(daemon.process.pid, signal.SIGCONT)
