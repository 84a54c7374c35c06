"""A page that moves motors is a door: swivel-web's default deny, tested from a real non-loopback address.

The non-loopback client is a network namespace this test makes (a veth pair
with private /30 addresses on this machine); swivel-web listens on the host
end's address only. Nothing is sent beyond this machine. Loopback-only
checks (proof of origin, DNS rebinding) need no namespace.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from swivel.local_daemon import LocalDaemon

from web_support import SRC, WebProcess

PASSWORD = "correct horse battery"
CLIENT = Path(__file__).resolve().parent / "web_netns_client.py"


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


class Namespace:
    def __init__(self) -> None:
        n = os.getpid() % 200 + 20
        self.name = f"swvweb{os.getpid()}"
        self.host_if, self.ns_if = f"swvh{os.getpid() % 100000}", f"swvn{os.getpid() % 100000}"
        self.host_ip, self.client_ip = f"10.251.{n}.1", f"10.251.{n}.2"
        _ip("netns", "add", self.name)
        try:
            _ip("link", "add", self.host_if, "type", "veth", "peer", "name", self.ns_if)
            _ip("link", "set", self.ns_if, "netns", self.name)
            _ip("addr", "add", f"{self.host_ip}/30", "dev", self.host_if)
            _ip("link", "set", self.host_if, "up")
            _ip("netns", "exec", self.name, "ip", "addr", "add", f"{self.client_ip}/30", "dev", self.ns_if)
            _ip("netns", "exec", self.name, "ip", "link", "set", self.ns_if, "up")
            _ip("netns", "exec", self.name, "ip", "link", "set", "lo", "up")
        except BaseException:
            self.close()
            raise

    def run(self, web: WebProcess, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        spec = json.dumps({"host": web.host, "port": web.port, "steps": steps})
        done = subprocess.run(["ip", "netns", "exec", self.name, sys.executable, str(CLIENT)], input=spec,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return list(json.loads(done.stdout))

    def close(self) -> None:
        subprocess.run(["ip", "link", "del", self.host_if], capture_output=True, timeout=20)
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True, timeout=20)


def _netns_unavailable() -> str | None:
    if shutil.which("ip") is None:
        return "iproute2's ip is not installed"
    if os.geteuid() != 0:
        return "network namespaces need root"
    probe = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
    if probe.returncode != 0:
        return f"ip netns is unavailable here: {probe.stderr.strip()}"
    return None


@pytest.fixture(scope="module")
def netns() -> Iterator[Namespace]:
    why = _netns_unavailable()
    if why is not None:
        pytest.skip(why)
    ns = Namespace()
    try:
        yield ns
    finally:
        ns.close()


def _cli(state_dir: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.run([sys.executable, "-m", "swivel_web", "--state-dir", str(state_dir), *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60)


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    path = tmp_path / "web"
    done = _cli(path, "passwd", "--stdin", stdin=PASSWORD + "\n")
    assert done.returncode == 0, done.stderr
    assert PASSWORD not in done.stdout + done.stderr
    return path


@pytest.fixture
def remote_web(daemon: LocalDaemon, state_dir: Path, netns: Namespace) -> Iterator[WebProcess]:
    web = WebProcess(daemon.socket_path, state_dir, host=netns.host_ip)
    try:
        yield web
    finally:
        web.stop()


def test_a_client_off_loopback_gets_nothing_without_credentials(remote_web: WebProcess, netns: Namespace) -> None:
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    results = netns.run(remote_web, [
        {"method": "GET", "path": "/api/state"},
        {"method": "POST", "path": "/api/stop", "body": {}, "headers": {"X-Swivel-CSRF": remote_web.csrf}},
        {"method": "POST", "path": "/api/orientation", "body": {"yaw": 0.5}},
        {"method": "GET", "path": "/ws", "headers": upgrade},
        {"method": "GET", "path": "/stream.mjpg"},
        {"method": "GET", "path": "/api/session"},
        {"method": "GET", "path": "/"},
        {"method": "GET", "path": "/login"},
    ])
    assert [r["status"] for r in results[:6]] == [401] * 6, results
    assert results[6]["status"] == 302 and results[6]["location"] == "/login"
    assert results[7]["status"] == 200
    # The same server from this machine's loopback... is not reachable on loopback (it listens on the veth
    # address), but the host end of the veth is a non-loopback address too: the rule is by address, not by port.
    assert remote_web.request("GET", "/api/state")[0] == 401


def test_log_in_session_cookie_csrf_logout_and_a_replayed_cookie(remote_web: WebProcess, netns: Namespace) -> None:
    results = netns.run(remote_web, [
        {"method": "POST", "path": "/api/login", "body": {"password": "wrong password"}},
        {"method": "POST", "path": "/api/login", "body": {"password": PASSWORD}},
        {"method": "GET", "path": "/api/state", "cookie": True},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "left"}, "cookie": True},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "left"}, "cookie": True,
         "headers": {"X-Swivel-CSRF": "guessed"}},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "left"}, "cookie": True, "csrf": True,
         "headers": {"Origin": "http://evil.example"}},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "right"}, "cookie": True, "csrf": True},
        {"method": "POST", "path": "/api/logout", "body": {}, "cookie": True, "csrf": True},
    ])
    wrong, login, state, no_csrf, bad_csrf, bad_origin, ok, logout = results
    assert wrong["status"] == 401 and wrong["body"]["reason"] == "wrong password"
    assert login["status"] == 200
    attributes = login["set_cookie"].lower()
    assert "httponly" in attributes and "samesite=strict" in attributes
    assert state["status"] == 200 and "positions_rad" in state["body"]["motion"]
    assert no_csrf["status"] == 403 and "X-Swivel-CSRF" in no_csrf["body"]["reason"]
    assert bad_csrf["status"] == 403
    assert bad_origin["status"] == 403 and "Origin" in bad_origin["body"]["reason"]
    assert ok["status"] == 200, ok
    assert logout["status"] == 200
    # Replayed after logout: the captured cookie and CSRF token are worth nothing.
    captured = login["cookie"]
    replay = netns.run(remote_web, [
        {"method": "GET", "path": "/api/state", "cookie": captured},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "left"}, "cookie": captured,
         "headers": {"X-Swivel-CSRF": login["body"]["csrf"]}},
    ])
    assert [r["status"] for r in replay] == [401, 401], replay
    log = remote_web.log() + json.dumps(remote_web.state_dir.joinpath("auth.json").read_text())
    assert PASSWORD not in log
    stored = json.loads((remote_web.state_dir / "auth.json").read_text())["password"]
    assert stored["scheme"] == "scrypt" and len(stored["salt"]) >= 16


def test_brute_force_logins_are_throttled_per_address(remote_web: WebProcess, netns: Namespace) -> None:
    steps = [{"method": "POST", "path": "/api/login", "body": {"password": f"guess {i}"}} for i in range(5)]
    steps.append({"method": "POST", "path": "/api/login", "body": {"password": PASSWORD}})
    results = netns.run(remote_web, steps)
    assert [r["status"] for r in results[:5]] == [401] * 5
    # The right password does not get through while the address is throttled.
    assert results[5]["status"] == 429 and int(results[5]["retry_after"]) > 0
    assert results[5]["cookie"] is None


def test_api_tokens_open_the_api_and_a_revoked_token_is_refused_at_once(
    remote_web: WebProcess, netns: Namespace, state_dir: Path
) -> None:
    made = _cli(state_dir, "token", "add", "octoprint")
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip().splitlines()[0]
    bearer = {"Authorization": f"Bearer {token}"}
    results = netns.run(remote_web, [
        {"method": "GET", "path": "/api/state", "headers": bearer},
        {"method": "POST", "path": "/api/framing", "body": {"mode": "center"}, "headers": bearer},
        {"method": "GET", "path": "/api/state", "headers": {"Authorization": "Bearer swv_forged"}},
    ])
    assert [r["status"] for r in results] == [200, 200, 401], results
    assert _cli(state_dir, "token", "list").stdout.split() == ["octoprint"]
    assert token not in (state_dir / "auth.json").read_text()
    assert _cli(state_dir, "token", "revoke", "octoprint").returncode == 0
    replay = netns.run(remote_web, [{"method": "GET", "path": "/api/state", "headers": bearer},
                                    {"method": "POST", "path": "/api/stop", "body": {}, "headers": bearer}])
    assert [r["status"] for r in replay] == [401, 401]


def test_without_a_password_only_trusted_clients_get_in(daemon: LocalDaemon, tmp_path: Path, netns: Namespace) -> None:
    web = WebProcess(daemon.socket_path, tmp_path / "bare", host=netns.host_ip)
    try:
        results = netns.run(web, [{"method": "POST", "path": "/api/login", "body": {"password": "anything at all"}}])
        assert results[0]["status"] == 403 and "no password" in results[0]["body"]["reason"]
    finally:
        web.stop()
    trusted = WebProcess(daemon.socket_path, tmp_path / "trusted", host=netns.host_ip,
                         extra=["--trusted", f"{netns.client_ip}/32"])
    try:
        results = netns.run(trusted, [{"method": "GET", "path": "/api/session"}, {"method": "GET", "path": "/api/state"}])
        assert [r["status"] for r in results] == [200, 200]
        assert results[0]["body"]["via"] == "trusted"
    finally:
        trusted.stop()


# --- on loopback: trusted by address, but every change still proves its origin ----------------------


@pytest.fixture
def local_web(daemon: LocalDaemon, tmp_path: Path) -> Iterator[WebProcess]:
    web = WebProcess(daemon.socket_path, tmp_path / "web")
    try:
        yield web
    finally:
        web.stop()


def test_loopback_changes_need_the_csrf_header_and_a_matching_origin(local_web: WebProcess) -> None:
    assert local_web.request("POST", "/api/framing", {"mode": "left"})[0] == 403
    assert local_web.request("POST", "/api/framing", {"mode": "left"}, headers={"X-Swivel-CSRF": "nope"})[0] == 403
    status, _ = local_web.post("/api/framing", {"mode": "left"}, headers={"Origin": "http://evil.example"})
    assert status == 403
    assert local_web.state()["stand"]["framing_mode"] == "automatic"
    assert local_web.post("/api/framing", {"mode": "left"}, headers={"Origin": local_web.url})[0] == 200


def test_a_dns_rebound_name_gets_no_trust(local_web: WebProcess) -> None:
    status, body = local_web.request("GET", "/api/session", headers={"Host": f"evil.example:{local_web.port}"})
    assert status == 401 and body["authenticated"] is False


def test_a_websocket_from_another_origin_is_refused(local_web: WebProcess) -> None:
    async def run() -> int:
        async with aiohttp.ClientSession() as http:
            try:
                await http.ws_connect(f"{local_web.url}/ws", origin="http://evil.example")
            except aiohttp.WSServerHandshakeError as e:
                return e.status
            return 101
    assert asyncio.run(run()) == 403
