"""One connection to the stand: commands with their replies, and telemetry.

Threading: one reader thread per connection. It reads the transport, decodes
frames, completes the command each reply answers (matched by sequence number
and command id), retransmits commands whose reply is late (200 ms, up to 5
retransmissions: the SAME frame with flag bit 0), sends a HEARTBEAT when the
host has written nothing for 250 ms, and hands telemetry to subscribers. It
never blocks on a subscriber: each has a bounded queue that drops its oldest
item when full and counts the drops (`Subscription.dropped`).

The duplicate rule of docs/PROTOCOL.md §2: the first reply for a sequence
number completes the command, whichever send it answers (a late reply to an
earlier send is taken); any further reply for it is ignored
(`SessionStatistics.stray_replies`). The stand applies a retransmitted command
once, so a relative move sent twice moves once.

Callers may use a session from any thread; writes are serialised.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import CodecError, Disconnected, SwivelError, Timeout, TransportError
from .messages import Ack, Bye, Err, Heartbeat, Hello, Identity, Message, decode_message
from .transport import Transport
from .wire import FLAG_RETRANSMISSION, FrameDecoder, WireFrame, encode_frame

log = logging.getLogger(__name__)

T = TypeVar("T")

REPLY_TIMEOUT_S = 0.2
RETRANSMISSIONS = 5
HEARTBEAT_INTERVAL_S = 0.25
# The reader wakes at least this often to look at its clocks.
_TICK_S = 0.02
DEFAULT_QUEUE_SIZE = 256


class Subscription(Generic[T]):
    """A bounded queue of telemetry for one consumer, fed by the reader thread.

    Iterate it (blocking) with `for item in subscription` or `get(timeout_s)`,
    or asynchronously with `async for item in subscription`. When full, the
    oldest item is dropped and counted in `dropped`. `close()` (or closing the
    session) ends iteration quietly; a lost connection raises its error
    (`Disconnected`, or the `Timeout` that ended it) from the iterator once the
    items received before it are consumed, so a consumer never mistakes a dead
    stand for a finished stream.
    """

    def __init__(self, kinds: tuple[type[T], ...], maxsize: int, on_close: Callable[["Subscription[T]"], None]) -> None:
        if maxsize < 1:
            raise ValueError("a subscription holds at least one item")
        self.kinds = kinds
        self.maxsize = maxsize
        self.dropped = 0
        self._items: deque[T] = deque()
        self._condition = threading.Condition()
        self._closed = False
        self._error: SwivelError | None = None
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        self._on_close = on_close

    def put(self, item: T) -> None:
        with self._condition:
            if self._closed:
                return
            if len(self._items) >= self.maxsize:
                self._items.popleft()
                self.dropped += 1
            self._items.append(item)
            self._condition.notify_all()
            self._wake_async()

    def _wake_async(self) -> None:
        waiters, self._waiters = self._waiters, []
        for loop, future in waiters:
            try:
                loop.call_soon_threadsafe(_resolve, future)
            except RuntimeError:  # the loop is closed: nobody waits any more
                pass

    def end(self, error: SwivelError | None = None) -> None:
        """Ends iteration: quietly when `error` is None (closed on purpose), else raising `error` after the
        last item."""
        with self._condition:
            if self._closed:
                return
            self._closed = True
            self._error = error
            self._condition.notify_all()
            self._wake_async()

    def close(self) -> None:
        self.end()
        self._on_close(self)

    def get_nowait(self) -> T | None:
        with self._condition:
            return self._items.popleft() if self._items else None

    def get(self, timeout_s: float | None = None) -> T:
        """The next item; raises `Timeout` after `timeout_s`, or the session's error once it ended."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        with self._condition:
            while not self._items:
                if self._closed:
                    raise self._error or Disconnected("the subscription was closed")
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise Timeout(f"no {'/'.join(k.__name__ for k in self.kinds)} within {timeout_s} s")
                self._condition.wait(remaining)
            return self._items.popleft()

    def __iter__(self) -> Iterator[T]:
        while True:
            with self._condition:
                while not self._items and not self._closed:
                    self._condition.wait()
                if self._items:
                    item = self._items.popleft()
                elif self._error is not None:
                    raise self._error
                else:
                    return
            yield item

    def __aiter__(self) -> "Subscription[T]":
        return self

    async def __anext__(self) -> T:
        loop = asyncio.get_running_loop()
        while True:
            with self._condition:
                if self._items:
                    return self._items.popleft()
                if self._closed:
                    if self._error is not None:
                        raise self._error
                    raise StopAsyncIteration
                future: asyncio.Future[None] = loop.create_future()
                self._waiters.append((loop, future))
            await future

    def __enter__(self) -> "Subscription[T]":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


@dataclass(slots=True)
class SessionStatistics:
    commands_sent: int = 0
    retransmissions: int = 0
    replies: int = 0
    stray_replies: int = 0
    telemetry: int = 0
    undecodable: int = 0
    heartbeats: int = 0


@dataclass(slots=True, eq=False)
class _Pending:
    seq: int
    message_id: int
    frame: bytes
    retransmitted_frame: bytes
    retransmit: bool
    deadline: float
    sends: int = 1
    reply: Message | None = None
    error: SwivelError | None = None
    done: threading.Event = field(default_factory=threading.Event)
    callback: Callable[["_Pending"], None] | None = None


class Session:
    """A connection: commands and replies, heartbeats, telemetry to subscribers.

    `handshake=True` (a host session) sends HELLO and waits for IDENTITY in
    `start()`, then keeps the session docked with heartbeats; `handshake=False`
    (the vision link) sends neither.
    """

    def __init__(
        self,
        transport: Transport,
        *,
        handshake: bool = True,
        client_name: str = "swivel-python",
        heartbeats: bool | None = None,
        reply_timeout_s: float = REPLY_TIMEOUT_S,
        retransmissions: int = RETRANSMISSIONS,
    ) -> None:
        self.transport = transport
        self.handshake = handshake
        self.client_name = client_name
        self.heartbeats = handshake if heartbeats is None else heartbeats
        self.reply_timeout_s = reply_timeout_s
        self.retransmissions = retransmissions
        self.identity: Identity | None = None
        self.statistics = SessionStatistics()
        self.decoder = FrameDecoder()
        self._lock = threading.Lock()
        self._pending: dict[int, _Pending] = {}
        self._next_seq = 1
        # Weakly held: a stream the caller dropped without closing costs nothing once collected.
        self._subscriptions: weakref.WeakSet[Subscription[Any]] = weakref.WeakSet()
        self._latest: dict[type[Message], Message] = {}
        self._telemetry_hooks: list[Callable[[Message], None]] = []
        self._end_hooks: list[Callable[[SwivelError], None]] = []
        self._last_write = time.monotonic()
        self._stopping = threading.Event()
        self._closed_error: SwivelError | None = None
        # The error the session ended with (lost or closed), once it has.
        self._ended_error: SwivelError | None = None
        self._reader = threading.Thread(target=self._run, name=f"swivel-reader {transport.description}", daemon=True)

    # --- life cycle ----------------------------------------------------------

    def start(self, timeout_s: float = 3.0) -> None:
        # A lone 0x00 ends any garbage the stand holds, so the first frame starts clean (§1).
        self._write(b"\x00")
        self._reader.start()
        if self.handshake:
            reply = self.request(Hello(client_name=self.client_name))
            if not isinstance(reply, Identity):
                raise TransportError(f"HELLO answered with {type(reply).__name__}, not IDENTITY")
            self.identity = reply

    @property
    def ended_error(self) -> SwivelError | None:
        """The error the session ended with (closed or lost), or None while it runs."""
        return self._ended_error

    @property
    def is_open(self) -> bool:
        return self._closed_error is None and not self._stopping.is_set()

    def close(self, send_bye: bool = True) -> None:
        """BYE (when docked and still connected), then stops the reader and closes the transport."""
        if self._stopping.is_set():
            return
        if send_bye and self.handshake and self.identity is not None and self._closed_error is None:
            try:
                self.request(Bye(), timeout_s=0.5)
            except SwivelError as error:
                log.debug("BYE not acknowledged: %s", error)
        self._stopping.set()
        if self._reader.is_alive() and threading.current_thread() is not self._reader:
            self._reader.join(timeout=2.0)
        self.transport.close()
        # Streams end quietly on a close we were asked for; commands still waiting fail.
        self._fail_all(self._closed_error or Disconnected("the session was closed"),
                       streams_quietly=self._closed_error is None)

    # --- commands ------------------------------------------------------------

    def _allocate(self, message: Message, retransmit: bool, callback: Callable[[_Pending], None] | None) -> _Pending:
        with self._lock:
            if self._closed_error is not None:
                raise self._closed_error
            if self._stopping.is_set():
                raise Disconnected("the session was closed")
            seq = self._next_seq
            while seq in self._pending:
                seq = (seq + 1) & 0xFFFF
            self._next_seq = (seq + 1) & 0xFFFF
            frame = encode_frame(message, seq)
            # Without retransmission the one send waits as long as all six would.
            wait_s = self.reply_timeout_s * (1 if retransmit else self.retransmissions + 1)
            pending = _Pending(seq, message.MESSAGE_ID, frame, encode_frame(message, seq, FLAG_RETRANSMISSION),
                               retransmit, time.monotonic() + wait_s, callback=callback)
            self._pending[seq] = pending
            self.statistics.commands_sent += 1
        return pending

    def submit(
        self, message: Message, *, retransmit: bool = True, callback: Callable[[_Pending], None] | None = None
    ) -> _Pending:
        """Sends a command without waiting; its `_Pending` completes when the reply arrives."""
        pending = self._allocate(message, retransmit, callback)
        try:
            self._write(pending.frame)
        except SwivelError as error:
            self._lost(error)
            raise
        return pending

    def request(self, message: Message, *, timeout_s: float | None = None, retransmit: bool = True) -> Message:
        """Sends a command and waits for its reply: IDENTITY or ACK returned, ERR raised as its `StandError`."""
        pending = self.submit(message, retransmit=retransmit)
        limit = timeout_s if timeout_s is not None else self.reply_timeout_s * (self.retransmissions + 1) + 1.0
        if not pending.done.wait(limit):
            with self._lock:
                self._pending.pop(pending.seq, None)
            raise Timeout(f"no reply to {type(message).__name__} (seq {pending.seq}) within {limit:.1f} s")
        return self.result(pending)

    @staticmethod
    def result(pending: _Pending) -> Message:
        if pending.error is not None:
            raise pending.error
        reply = pending.reply
        if isinstance(reply, Err):
            raise reply.to_exception()
        assert reply is not None
        return reply

    def send_raw(self, data: bytes) -> None:
        """Writes bytes as they are (tests of the stand's receiver rules)."""
        self._write(data)

    def _write(self, data: bytes) -> None:
        self.transport.write(data)
        self._last_write = time.monotonic()

    # --- telemetry -----------------------------------------------------------

    def subscribe(self, *kinds: type[T], maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[T]:
        subscription: Subscription[T] = Subscription(kinds, maxsize, self._unsubscribe)
        with self._lock:
            if self._closed_error is not None or self._stopping.is_set():
                subscription.end(self._closed_error)
            else:
                self._subscriptions.add(subscription)
        return subscription

    def _unsubscribe(self, subscription: Subscription[Any]) -> None:
        with self._lock:
            self._subscriptions.discard(subscription)

    def latest(self, kind: type[T]) -> T | None:
        """The newest telemetry message of this kind received, or None; never blocks."""
        message = self._latest.get(kind)  # type: ignore[arg-type]
        return message if isinstance(message, kind) else None

    def add_telemetry_hook(self, hook: Callable[[Message], None]) -> None:
        """Called on the reader thread for every telemetry message; must not block."""
        self._telemetry_hooks.append(hook)

    def add_end_hook(self, hook: Callable[[SwivelError], None]) -> None:
        """Called once when the session ends (closed, or the connection lost) with the error waiters get.

        Called at once if the session has already ended. Must not block.
        """
        with self._lock:
            ended = self._ended_error
            if ended is None:
                self._end_hooks.append(hook)
        if ended is not None:
            hook(ended)

    # --- the reader thread ---------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                data = self.transport.read(self._wait_s())
                if data:
                    for frame in self.decoder.feed(data):
                        self._dispatch(frame)
                self._tick(time.monotonic())
        except SwivelError as error:
            if not self._stopping.is_set():
                log.info("connection to %s lost: %s", self.transport.description, error)
                self._lost(error)
        except Exception as error:  # a bug here must not hang every waiting caller
            log.exception("the reader thread of %s failed", self.transport.description)
            self._lost(Disconnected(f"the reader thread failed: {error!r}"))

    def _wait_s(self) -> float:
        now = time.monotonic()
        wake = now + _TICK_S
        with self._lock:
            for pending in self._pending.values():
                wake = min(wake, pending.deadline)
        return max(0.0, wake - now)

    def _dispatch(self, frame: WireFrame) -> None:
        try:
            message = decode_message(frame.message_id, frame.payload)
        except CodecError as error:
            self.statistics.undecodable += 1
            log.debug("undecodable frame 0x%02x seq %d: %s", frame.message_id, frame.seq, error)
            return
        if isinstance(message, (Ack, Err, Identity)):
            self._complete(frame.seq, message)
            return
        self.statistics.telemetry += 1
        self._latest[type(message)] = message
        for hook in self._telemetry_hooks:
            hook(message)
        with self._lock:
            subscriptions = list(self._subscriptions)
        for subscription in subscriptions:
            if isinstance(message, subscription.kinds):
                subscription.put(message)

    def _complete(self, seq: int, reply: Message) -> None:
        answered = Hello.MESSAGE_ID if isinstance(reply, Identity) else getattr(reply, "command_id", -1)
        with self._lock:
            pending = self._pending.get(seq)
            if pending is None or pending.message_id != answered:
                # A second answer to a command already answered, or one for nobody.
                self.statistics.stray_replies += 1
                return
            del self._pending[seq]
            self.statistics.replies += 1
        pending.reply = reply
        pending.done.set()
        if pending.callback is not None:
            pending.callback(pending)

    def _tick(self, now: float) -> None:
        expired: list[_Pending] = []
        resend: list[_Pending] = []
        with self._lock:
            for pending in self._pending.values():
                if now < pending.deadline:
                    continue
                if pending.retransmit and pending.sends <= self.retransmissions:
                    pending.sends += 1
                    pending.deadline = now + self.reply_timeout_s
                    resend.append(pending)
                else:
                    expired.append(pending)
            for pending in expired:
                del self._pending[pending.seq]
        for pending in resend:
            self.statistics.retransmissions += 1
            try:
                self._write(pending.retransmitted_frame)
            except SwivelError as error:
                self._lost(error)
                return
        for pending in expired:
            pending.error = Timeout(
                f"no reply to command 0x{pending.message_id:02x} (seq {pending.seq}) after {pending.sends} sends"
            )
            pending.done.set()
            if pending.callback is not None:
                pending.callback(pending)
        if expired and self.handshake:
            # As SwivelKit: a host command unanswered after every retransmission
            # means the link is lost (the stand undocks a host silent for 1 s).
            # Not on the vision link, which has no session to lose.
            self._lost(Timeout(f"the stand stopped answering {self.transport.description}"))
            return
        if self.heartbeats and self.identity is not None and now - self._last_write >= HEARTBEAT_INTERVAL_S:
            self.statistics.heartbeats += 1
            try:
                self.submit(Heartbeat(), retransmit=False)
            except SwivelError:
                pass

    def _lost(self, error: SwivelError) -> None:
        with self._lock:
            if self._closed_error is None:
                self._closed_error = error
        self._fail_all(error)

    def _fail_all(self, error: SwivelError, streams_quietly: bool = False) -> None:
        with self._lock:
            pending = list(self._pending.values())
            self._pending.clear()
            subscriptions = list(self._subscriptions)
            self._subscriptions.clear()
            if self._ended_error is None:
                self._ended_error = error
                hooks, self._end_hooks = self._end_hooks, []
            else:
                hooks = []
        for item in pending:
            item.error = error
            item.done.set()
            if item.callback is not None:
                item.callback(item)
        for subscription in subscriptions:
            subscription.end(None if streams_quietly else error)
        for hook in hooks:
            hook(error)


__all__ = ["Session", "SessionStatistics", "Subscription"]
