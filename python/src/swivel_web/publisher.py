"""A minimal publisher of the frames-socket contract (docs/WEB.md, "Video").

swivel-vision's `--frames-socket` is the real one. This one serves the tests
(a fake camera) and `make run-web`'s launcher when it renders frames itself:
a Unix stream socket (mode 0660), one thread per reader, each with a
one-record slot so a reader that cannot keep up loses frames alone.
`has_readers` tells the producer whether encoding is worth it at all.
"""
from __future__ import annotations

import os
import socket
import threading

from .frames import JpegFrame, encode_record


class _Reader:
    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.slot: bytes | None = None
        self.cond = threading.Condition()
        self.closed = False
        self.dropped = 0


class FramePublisher:
    def __init__(self, path: str) -> None:
        self.path = path
        if os.path.exists(path):
            os.unlink(path)
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(path)
        os.chmod(path, 0o660)
        self._server.listen(8)
        self._readers: list[_Reader] = []
        self._lock = threading.Lock()
        self._closed = False
        self.connections = 0
        threading.Thread(target=self._accept, name="frames-accept", daemon=True).start()

    @property
    def has_readers(self) -> bool:
        with self._lock:
            return bool(self._readers)

    def reader_count(self) -> int:
        with self._lock:
            return len(self._readers)

    def offer(self, frame: JpegFrame) -> None:
        record = encode_record(frame)
        with self._lock:
            readers = list(self._readers)
        for reader in readers:
            with reader.cond:
                if reader.slot is not None:
                    reader.dropped += 1
                reader.slot = record
                reader.cond.notify()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            reader = _Reader(conn)
            with self._lock:
                self._readers.append(reader)
                self.connections += 1
            threading.Thread(target=self._send, args=(reader,), name="frames-send", daemon=True).start()

    def _send(self, reader: _Reader) -> None:
        try:
            while True:
                with reader.cond:
                    while reader.slot is None and not reader.closed:
                        reader.cond.wait(0.5)
                        if reader.slot is None and self._peer_gone(reader.conn):
                            reader.closed = True
                    if reader.closed:
                        return
                    record, reader.slot = reader.slot, None
                reader.conn.sendall(record)
        except OSError:
            pass
        finally:
            with self._lock:
                if reader in self._readers:
                    self._readers.remove(reader)
            reader.conn.close()

    @staticmethod
    def _peer_gone(conn: socket.socket) -> bool:
        try:
            return conn.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def close(self) -> None:
        self._closed = True
        self._server.close()
        with self._lock:
            readers, self._readers = list(self._readers), []
        for reader in readers:
            with reader.cond:
                reader.closed = True
                reader.cond.notify()
            try:
                reader.conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        try:
            os.unlink(self.path)
        except OSError:
            pass
