"""Who may move the motors: trusted addresses, the password, sessions, API tokens, login throttling.

Default deny. A client on loopback (or in a `--trusted` network, Moonraker's
trusted_clients) is let in without a password; anyone else needs a session
cookie (POST /api/login with the password set by `swivel-web passwd`) or an
API token (`Authorization: Bearer ...`, made by `swivel-web token add NAME`,
revoked by `swivel-web token revoke NAME`). With no password set, only
trusted clients get in at all.

The password is kept as a salted scrypt hash, tokens as SHA-256 digests (a
token is 32 random bytes: a fast digest is enough), both in auth.json under
the state directory, mode 0600. The running service re-reads the file when
it changes, so a revoked token stops working at once.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
TOKEN_PREFIX = "swv_"
SESSION_TTL_S = 12 * 3600
# Login throttling per client address: this many failures within the window, then 429 until it passes.
LOGIN_FAILURES_ALLOWED = 5
LOGIN_WINDOW_S = 60.0
MIN_PASSWORD_CHARS = 8


class AuthError(Exception):
    """A bad password, a bad token name, an unreadable auth file."""


def hash_password(password: str, salt: bytes | None = None) -> dict[str, Any]:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32,
                            maxmem=64 * 1024 * 1024)
    return {"scheme": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P,
            "salt": base64.b64encode(salt).decode(), "hash": base64.b64encode(digest).decode()}


def verify_password(password: str, stored: dict[str, Any]) -> bool:
    try:
        salt = base64.b64decode(stored["salt"])
        expected = base64.b64decode(stored["hash"])
        digest = hashlib.scrypt(password.encode(), salt=salt, n=int(stored["n"]), r=int(stored["r"]),
                                p=int(stored["p"]), dklen=len(expected), maxmem=64 * 1024 * 1024)
    except (KeyError, ValueError, TypeError):
        return False
    return hmac.compare_digest(digest, expected)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AuthFile:
    """auth.json: {"password": scrypt record or null, "tokens": {name: {"sha256": ..., "created": ...}}}."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._mtime: float | None = None
        self.data: dict[str, Any] = {"password": None, "tokens": {}}

    def load(self) -> None:
        """Re-reads the file if it changed since the last read (cheap: one stat)."""
        try:
            mtime = self.path.stat().st_mtime_ns
        except FileNotFoundError:
            self.data, self._mtime = {"password": None, "tokens": {}}, None
            return
        if mtime == self._mtime:
            return
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError) as e:
            raise AuthError(f"{self.path}: {e}") from e
        if not isinstance(data, dict) or not isinstance(data.get("tokens", {}), dict):
            raise AuthError(f"{self.path}: not an auth file")
        data.setdefault("password", None)
        data.setdefault("tokens", {})
        self.data, self._mtime = data, mtime

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(self.data, f, indent=1)
        if os.geteuid() == 0:
            # `sudo swivel-web passwd`: the file must stay readable by the service that owns the directory.
            owner = self.path.parent.stat()
            os.chown(tmp, owner.st_uid, owner.st_gid)
        os.replace(tmp, self.path)
        self._mtime = None

    @property
    def has_password(self) -> bool:
        return bool(self.data.get("password"))

    def set_password(self, password: str) -> None:
        if len(password) < MIN_PASSWORD_CHARS:
            raise AuthError(f"a password needs at least {MIN_PASSWORD_CHARS} characters")
        self.load()
        self.data["password"] = hash_password(password)
        self.save()

    def check_password(self, password: str) -> bool:
        stored = self.data.get("password")
        return bool(stored) and verify_password(password, stored)

    def add_token(self, name: str) -> str:
        if not name or len(name) > 64 or not all(c.isalnum() or c in "-_." for c in name):
            raise AuthError("a token name is 1-64 letters, digits, '-', '_' or '.'")
        self.load()
        if name in self.data["tokens"]:
            raise AuthError(f"a token named {name!r} exists: revoke it first")
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        self.data["tokens"][name] = {"sha256": token_digest(token), "created": int(time.time())}
        self.save()
        return token

    def revoke_token(self, name: str) -> None:
        self.load()
        if self.data["tokens"].pop(name, None) is None:
            raise AuthError(f"no token named {name!r}")
        self.save()

    def token_names(self) -> list[str]:
        self.load()
        return sorted(self.data["tokens"])

    def token_name(self, token: str) -> str | None:
        digest = token_digest(token)
        for name, record in self.data["tokens"].items():
            if hmac.compare_digest(str(record.get("sha256", "")), digest):
                return name
        return None


@dataclass
class Session:
    sid: str
    csrf: str
    address: str
    expires: float


@dataclass
class LoginThrottle:
    """Failures per address in a sliding window."""

    failures: dict[str, list[float]] = field(default_factory=dict)

    def retry_after_s(self, address: str, now: float) -> float:
        recent = [t for t in self.failures.get(address, []) if now - t < LOGIN_WINDOW_S]
        self.failures[address] = recent
        if len(recent) >= LOGIN_FAILURES_ALLOWED:
            return LOGIN_WINDOW_S - (now - recent[0])
        return 0.0

    def failed(self, address: str, now: float) -> None:
        self.failures.setdefault(address, []).append(now)
        if len(self.failures) > 10000:  # an address sweep must not grow this without bound
            self.failures.pop(next(iter(self.failures)))

    def succeeded(self, address: str) -> None:
        self.failures.pop(address, None)


class Sessions:
    def __init__(self) -> None:
        self._by_sid: dict[str, Session] = {}

    def create(self, address: str, now: float) -> Session:
        session = Session(secrets.token_urlsafe(32), secrets.token_urlsafe(24), address, now + SESSION_TTL_S)
        self._by_sid[session.sid] = session
        return session

    def get(self, sid: str | None, now: float) -> Session | None:
        if not sid:
            return None
        session = self._by_sid.get(sid)
        if session is None:
            return None
        if session.expires < now:
            del self._by_sid[sid]
            return None
        return session

    def end(self, sid: str) -> None:
        self._by_sid.pop(sid, None)

    def end_all(self) -> None:
        self._by_sid.clear()


def parse_networks(specs: list[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    networks = []
    for spec in specs:
        try:
            networks.append(ipaddress.ip_network(spec, strict=False))
        except ValueError as e:
            raise AuthError(f"--trusted {spec!r}: {e}") from e
    return networks


def is_trusted(address: str | None, networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or any(ip in n for n in networks)
