"""Small HTTP steps of ``scripts/api-conformance`` against the running server (stdlib only).

    client.py wait BASE                 wait until the server answers /api/v1/schema/
    client.py token BASE USER PASSWORD  print the user's API token
    client.py ids BASE TOKEN            start a drill scenario and (a trainee) an exam sitting,
                                        print "SCENARIO_ID=… SITTING_ID=…" for the config
    client.py me BASE TOKEN             fail unless /api/v1/me/ still answers 200 with the token
                                        (after a run: nothing in it revoked the token, so its
                                        calls were not all answered 401)
    client.py chunked BASE USER PASSWORD
        a chunked request body is read (a token for the user), and one over
        MAX_REQUEST_BODY_BYTES is a 413 naming ``body``: what gunicorn hands Django
"""

from __future__ import annotations

import http.client
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from urllib.parse import urlsplit

TOKEN_PATH = "/api/v1/auth/token/"


def wait(base: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/v1/schema/", timeout=30) as response:
                if response.status == 200:
                    return
        except OSError:  # refused, reset or timed out while it starts
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"the server at {base} did not answer within {seconds:.0f}s")
        time.sleep(0.3)


def token(base: str, username: str, password: str) -> str:
    body = json.dumps({"username": username, "password": password}).encode()
    request = urllib.request.Request(f"{base}{TOKEN_PATH}", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.load(response)["token"])


def _api(base: str, token_key: str, method: str, path: str, body: object = None) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": f"Token {token_key}", "Content-Type": "application/json"}
    request = urllib.request.Request(f"{base}{path}", data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def ids(base: str, token_key: str) -> None:
    """Real identifiers, so that the fuzzed calls reach past the 404 of a made-up one."""
    status, scenario = _api(base, token_key, "POST", "/api/v1/drills/scenarios/", {"kind": "ou-settle"})
    if status != 201 or not isinstance(scenario, dict):
        raise SystemExit(f"could not start a drill scenario: {status} {scenario}")
    sitting_id = "00000000-0000-4000-8000-000000000000"  # a supervisor sits no exam: 403 first
    status, exams = _api(base, token_key, "GET", "/api/v1/exams/")
    if status == 200 and isinstance(exams, list) and exams:
        status, sitting = _api(base, token_key, "POST", f"/api/v1/exams/{exams[0]['id']}/start/", {})
        if status not in (200, 201) or not isinstance(sitting, dict):
            raise SystemExit(f"could not start an exam sitting: {status} {sitting}")
        sitting_id = str(sitting["id"])
    print(f"SCENARIO_ID={scenario['id']} SITTING_ID={sitting_id}")


def me(base: str, token_key: str) -> None:
    """The token still signs in: a run that revoked it would have tested only the 401."""
    status, body = _api(base, token_key, "GET", "/api/v1/me/")
    if status != 200:
        raise SystemExit(
            f"after the run, GET /api/v1/me/ answered {status} {body} with the run's token: something in the "
            "run revoked it, so the calls after that were answered 401 and tested nothing"
        )
    print(f"the token still signs in after the run ({body.get('username') if isinstance(body, dict) else body})")


def _post_chunked(base: str, path: str, chunks: Iterator[bytes]) -> tuple[int, dict[str, object]]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        # An iterable body without a Content-Length: http.client sends it chunked.
        connection.request("POST", path, body=chunks, headers={"Content-Type": "application/json"},
                           encode_chunked=True)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        connection.close()


def chunked(base: str, username: str, password: str) -> None:
    body = json.dumps({"username": username, "password": password}).encode()
    status, payload = _post_chunked(base, TOKEN_PATH, iter([body[:7], body[7:]]))
    if status != 200 or "token" not in payload:
        raise SystemExit(f"a chunked body was not read: {status} {payload}")
    huge = iter([b'{"username": "', *([b"x" * 65536] * 8), b'"}'])
    status, payload = _post_chunked(base, TOKEN_PATH, huge)
    errors = payload.get("errors")
    if status != 413 or not isinstance(errors, dict) or "body" not in errors:
        raise SystemExit(f"an oversized chunked body was not refused with a 413 naming body: {status} {payload}")
    print("chunked bodies: read, and bounded (413)")


def main(argv: list[str]) -> None:
    command, base, *rest = argv
    if command == "wait":
        wait(base)
    elif command == "token":
        print(token(base, *rest))
    elif command == "ids":
        ids(base, *rest)
    elif command == "me":
        me(base, *rest)
    elif command == "chunked":
        chunked(base, *rest)
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
