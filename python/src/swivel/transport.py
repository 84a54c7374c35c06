"""Byte transports to the stand: its Unix stream socket, or a serial line (a UART, a USB adapter, a pty).

The endpoint rule is SwivelKit's (`SwivelEndpoint.defaultSocket`):
`$SWIVEL_SOCKET` when set and not empty, else the installed socket
`/run/swivel/swivel.sock` if it exists, else the development socket
`/tmp/swivel.sock` (the simulated board, `make run`).
"""
from __future__ import annotations

import errno
import os
import select
import socket
import stat
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from .errors import Disconnected, EndpointNotFound, TransportError

INSTALLED_SOCKET_PATH = "/run/swivel/swivel.sock"
DEVELOPMENT_SOCKET_PATH = "/tmp/swivel.sock"
DEFAULT_BAUD_RATE = 921_600
# The longest one write may wait for a slow peer (SwivelKit's writeTimeout).
WRITE_TIMEOUT_S = 0.5
ENDPOINT_RULE = f"$SWIVEL_SOCKET, else {INSTALLED_SOCKET_PATH} if it exists, else {DEVELOPMENT_SOCKET_PATH}"


@dataclass(frozen=True, slots=True)
class SocketEndpoint:
    path: str

    def __str__(self) -> str:
        return self.path


@dataclass(frozen=True, slots=True)
class SerialEndpoint:
    """A serial device or a pty (`/tmp/swivel-host`, `/tmp/swivel-vision`), raw 8N1."""

    path: str
    baud_rate: int = DEFAULT_BAUD_RATE

    def __str__(self) -> str:
        return f"{self.path} at {self.baud_rate} baud"


Endpoint = SocketEndpoint | SerialEndpoint


def default_endpoint(
    environment: Mapping[str, str] | None = None, file_exists: Callable[[str], bool] | None = None
) -> SocketEndpoint:
    """The socket a host connects to when it names none (SwivelKit's rule)."""
    env = os.environ if environment is None else environment
    exists = os.path.exists if file_exists is None else file_exists
    path = env.get("SWIVEL_SOCKET", "")
    if path:
        return SocketEndpoint(path)
    if exists(INSTALLED_SOCKET_PATH):
        return SocketEndpoint(INSTALLED_SOCKET_PATH)
    return SocketEndpoint(DEVELOPMENT_SOCKET_PATH)


def endpoint_for_path(path: str, baud_rate: int = DEFAULT_BAUD_RATE) -> Endpoint:
    """A path as an endpoint: a socket file is a socket, anything else a serial device."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise EndpointNotFound(f"no stand at {path}: {error.strerror}") from None
    return SocketEndpoint(path) if stat.S_ISSOCK(mode) else SerialEndpoint(path, baud_rate)


class Transport(Protocol):
    """A connected byte stream. `read` returns b"" on timeout and raises `Disconnected` at its end."""

    description: str

    def write(self, data: bytes) -> None: ...

    def read(self, timeout_s: float) -> bytes: ...

    def close(self) -> None: ...


class _FdTransport:
    """Shared by both kinds: select-based reads with a timeout, writes under a lock."""

    def __init__(self, fd: int, description: str) -> None:
        self._fd = fd
        self.description = description
        self._write_lock = threading.Lock()
        self._closed = False

    def _send(self, data: memoryview) -> int:
        return os.write(self._fd, data)

    def _recv(self) -> bytes:
        return os.read(self._fd, 4096)

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        with self._write_lock:
            while view:
                if self._closed:
                    raise Disconnected(f"{self.description}: closed")
                try:
                    _, ready, _ = select.select([], [self._fd], [], WRITE_TIMEOUT_S)
                    if not ready:
                        raise Disconnected(f"{self.description}: a write waited {WRITE_TIMEOUT_S} s for the stand")
                    sent = self._send(view)
                except (OSError, ValueError) as error:
                    raise Disconnected(f"{self.description}: {error}") from None
                view = view[sent:]

    def read(self, timeout_s: float) -> bytes:
        if self._closed:
            raise Disconnected(f"{self.description}: closed")
        try:
            ready, _, _ = select.select([self._fd], [], [], max(timeout_s, 0.0))
            if not ready:
                return b""
            data = self._recv()
        except (OSError, ValueError) as error:
            # A pty whose other side closed reads EIO; a socket reset ECONNRESET.
            raise Disconnected(f"{self.description}: {getattr(error, 'strerror', None) or error}") from None
        if not data:
            raise Disconnected(f"{self.description}: the stand closed the connection")
        return data


class SocketTransport(_FdTransport):
    def __init__(self, endpoint: SocketEndpoint, connected: socket.socket | None = None) -> None:
        """Connects to `endpoint`; or, given `connected` (a socketpair end in tests), uses that socket."""
        if connected is not None:
            self._socket = connected
            super().__init__(connected.fileno(), endpoint.path)
            return
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(endpoint.path)
        except OSError as error:
            sock.close()
            if error.errno in (errno.ENOENT, errno.ECONNREFUSED):
                hint = "is the swiveld service running?" if endpoint.path.startswith("/run/") else "is `make run` running?"
                raise EndpointNotFound(
                    f"no swiveld listening at {endpoint.path}: {hint} (the endpoint rule: {ENDPOINT_RULE})"
                ) from None
            raise TransportError(f"cannot connect to swiveld at {endpoint.path}: {error.strerror}") from None
        self._socket = sock
        super().__init__(sock.fileno(), endpoint.path)

    def _send(self, data: memoryview) -> int:
        return self._socket.send(data)

    def _recv(self) -> bytes:
        return self._socket.recv(4096)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self._socket.close()


class SerialTransport(_FdTransport):
    """A serial device or pty through pyserial: raw 8N1, no flow control, the given baud."""

    def __init__(self, endpoint: SerialEndpoint) -> None:
        import serial  # pyserial: imported here so a socket-only host never needs it

        if not os.path.exists(endpoint.path):
            raise EndpointNotFound(f"no serial device or pty at {endpoint.path}")
        try:
            port = serial.Serial(
                endpoint.path, baudrate=endpoint.baud_rate, bytesize=serial.EIGHTBITS, parity=serial.PARITY_NONE,
                stopbits=serial.STOPBITS_ONE, xonxoff=False, rtscts=False, dsrdtr=False, timeout=0, exclusive=False,
            )
        except (serial.SerialException, OSError, ValueError) as error:
            raise TransportError(f"cannot open the stand's serial line {endpoint}: {error}") from None
        self._port = port
        super().__init__(port.fileno(), str(endpoint))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self._port.close()
            except OSError:
                pass


def open_transport(endpoint: Endpoint) -> Transport:
    if isinstance(endpoint, SocketEndpoint):
        return SocketTransport(endpoint)
    return SerialTransport(endpoint)
