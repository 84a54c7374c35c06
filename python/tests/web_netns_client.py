"""Run inside a network namespace by test_web_security.py: HTTP requests as a client not on loopback.

stdin: {"host": ..., "port": ..., "steps": [{"method", "path", "body"?, "headers"?, "cookie"?: bool | str,
"csrf"?: bool}]}. A "cookie" of true sends the session cookie the last login set, a string sends that
value; "csrf": true sends the X-Swivel-CSRF the last login returned. stdout: one result per step.
Standard library only: the namespace has the venv's interpreter but needs nothing else.
"""
from __future__ import annotations

import http.client
import json
import sys


def main() -> None:
    spec = json.load(sys.stdin)
    cookie: str | None = None
    csrf = ""
    results = []
    for step in spec["steps"]:
        conn = http.client.HTTPConnection(spec["host"], spec["port"], timeout=20)
        headers = dict(step.get("headers", {}))
        if step.get("cookie") is True and cookie:
            headers["Cookie"] = f"swivel_session={cookie}"
        elif isinstance(step.get("cookie"), str):
            headers["Cookie"] = f"swivel_session={step['cookie']}"
        if step.get("csrf"):
            headers["X-Swivel-CSRF"] = csrf
        body = json.dumps(step["body"]).encode() if "body" in step else None
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        conn.request(step["method"], step["path"], body=body, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            parsed = json.loads(raw) if raw else {}
        except ValueError:
            parsed = {"_raw": raw[:200].decode(errors="replace")}
        set_cookie = response.getheader("Set-Cookie") or ""
        if set_cookie.startswith("swivel_session="):
            value = set_cookie.split(";", 1)[0].split("=", 1)[1]
            cookie = value or None
        if isinstance(parsed, dict) and parsed.get("csrf"):
            csrf = parsed["csrf"]
        results.append({"status": response.status, "body": parsed, "set_cookie": set_cookie,
                        "location": response.getheader("Location"), "retry_after": response.getheader("Retry-After"),
                        "cookie": cookie})
        conn.close()
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
