"""`swivel-web [--socket PATH] [--listen HOST:PORT] [--frames PATH] [--state-dir DIR] [--trusted CIDR ...]`,
`swivel-web passwd`, `swivel-web token add|list|revoke NAME` (docs/WEB.md).

Listens on 127.0.0.1:8080 unless told otherwise. The password is read from
the terminal (twice), or from stdin with --stdin; it is never printed or logged.
"""
from __future__ import annotations

import argparse
import getpass
import ipaddress
import logging
import os
import sys
from pathlib import Path

from .auth import AuthError, AuthFile, parse_networks

DEFAULT_STATE_DIR = "/var/lib/swivel-web"
DEFAULT_LISTEN = "127.0.0.1:8080"
EX_USAGE, EX_CONFIG = 64, 78


def default_state_dir() -> str:
    return os.environ.get("SWIVEL_WEB_STATE_DIR") or os.environ.get("STATE_DIRECTORY") or DEFAULT_STATE_DIR


def parse_listen(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--listen {text!r}: expected HOST:PORT (e.g. 127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080)")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host != "localhost":
            raise ValueError(f"--listen {text!r}: HOST must be an address or localhost") from None
    return host, int(port)


def admin(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="swivel-web")
    p.add_argument("--state-dir", default=default_state_dir())
    sub = p.add_subparsers(dest="command", required=True)
    pw = sub.add_parser("passwd", help="set the password non-loopback clients log in with")
    pw.add_argument("--stdin", action="store_true", help="read it from stdin (one line) instead of the terminal")
    tok = sub.add_parser("token", help="API tokens for scripts")
    tok.add_argument("action", choices=["add", "list", "revoke"])
    tok.add_argument("name", nargs="?")
    args = p.parse_args(argv)
    store = AuthFile(Path(args.state_dir) / "auth.json")
    try:
        store.load()
        if args.command == "passwd":
            if args.stdin:
                password = sys.stdin.readline().rstrip("\n")
            else:
                password = getpass.getpass("New swivel-web password: ")
                if getpass.getpass("Again: ") != password:
                    print("swivel-web: the two passwords differ; nothing changed", file=sys.stderr)
                    return 1
            store.set_password(password)
            print(f"swivel-web: password set in {store.path} (scrypt); restart not needed")
            return 0
        if args.action == "list":
            for name in store.token_names():
                print(name)
            return 0
        if not args.name:
            print(f"swivel-web: token {args.action} needs a NAME", file=sys.stderr)
            return EX_USAGE
        if args.action == "add":
            token = store.add_token(args.name)
            print(token)
            print(f"swivel-web: token {args.name!r} made; it is shown only now. Send it as "
                  "'Authorization: Bearer <token>'", file=sys.stderr)
        else:
            store.revoke_token(args.name)
            print(f"swivel-web: token {args.name!r} revoked")
        return 0
    except AuthError as e:
        print(f"swivel-web: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"swivel-web: {e}", file=sys.stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("passwd", "token") or (len(argv) > 2 and argv[0] == "--state-dir" and argv[2] in ("passwd", "token")):
        return admin(argv)
    p = argparse.ArgumentParser(prog="swivel-web", description="The stand's page and JSON API (docs/WEB.md).",
                                epilog="Also: swivel-web passwd [--stdin]; swivel-web token add|list|revoke NAME")
    p.add_argument("--socket", default=None, help="swiveld's socket (default: $SWIVEL_SOCKET, /run/swivel/swivel.sock, /tmp/swivel.sock)")
    p.add_argument("--listen", default=DEFAULT_LISTEN, help=f"HOST:PORT (default {DEFAULT_LISTEN}: this machine only)")
    p.add_argument("--frames", default=None, metavar="PATH", help="swivel-vision's --frames-socket, for the video")
    p.add_argument("--state-dir", default=default_state_dir(), help=f"auth.json and presets.json (default {DEFAULT_STATE_DIR})")
    p.add_argument("--trusted", action="append", default=[], metavar="CIDR",
                   help="a network whose clients need no password (loopback always is); repeatable")
    p.add_argument("--host-name", action="append", default=[], metavar="NAME",
                   help="a name of this machine trusted clients may use in the URL (e.g. swivel.local)")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="swivel-web: %(message)s")
    log = logging.getLogger("swivel_web")
    try:
        host, port = parse_listen(args.listen)
        parse_networks(args.trusted)
    except (ValueError, AuthError) as e:
        log.error("%s", e)
        return EX_USAGE
    from aiohttp import web

    from swivel.transport import default_endpoint

    from .server import Config, WebApp

    socket_path = args.socket or default_endpoint().path
    config = Config(socket_path=socket_path, state_dir=Path(args.state_dir), frames_path=args.frames,
                    trusted=args.trusted, host_names=args.host_name)
    try:
        config.state_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        log.error("state directory %s: %s", config.state_dir, e)
        return EX_CONFIG
    app = WebApp(config)
    where = f"[{host}]" if ":" in host else host
    log.info("serving http://%s:%d/ for swiveld at %s%s", where, port, socket_path,
             f", video from {args.frames}" if args.frames else ", no video (--frames not given)")
    if not ipaddress.ip_address("127.0.0.1" if host == "localhost" else host).is_loopback:
        log.info("listening beyond this machine: clients not on loopback%s must log in",
                 " or in " + ", ".join(args.trusted) if args.trusted else "")
    try:
        web.run_app(app.app, host=host, port=port, print=None, access_log=None, handle_signals=True,
                    shutdown_timeout=2.0)
    except OSError as e:
        log.error("cannot listen on %s:%d: %s", host, port, e)
        return EX_CONFIG
    return 0
