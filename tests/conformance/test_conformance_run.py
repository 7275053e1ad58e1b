"""``scripts/api-conformance`` tests the API, not just its 401: no operation in the run may
revoke the run's token (``DELETE /api/v1/auth/token/`` answered 204 and every later call was
a 401), and the script fails unless the token still signs in after each persona's run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from django.test import Client
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig

from drills.models import Property, Role
from tests.conformance import client
from tests.personas import make_user

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "conformance" / "schemathesis.toml"
SCRIPT = ROOT / "scripts" / "api-conformance"


def operations_in_the_run(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[str, str]]:
    """operationId → (method, path) of every operation the script's schemathesis run tests."""
    monkeypatch.setenv("SCENARIO_ID", "00000000-0000-4000-8000-000000000001")  # read by the config
    monkeypatch.setenv("SITTING_ID", "00000000-0000-4000-8000-000000000002")
    raw = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    schema = schemathesis.openapi.from_dict(raw, config=SchemathesisConfig.from_path(CONFIG))
    found: dict[str, tuple[str, str]] = {}
    for result in schema.get_all_operations():
        operation: Any = result.ok()
        found[operation.definition.raw.get("operationId", "")] = (operation.method.upper(), operation.path)
    return found


@pytest.mark.django_db
def test_the_run_never_revokes_its_own_token(monkeypatch: pytest.MonkeyPatch) -> None:
    tested = operations_in_the_run(monkeypatch)
    assert "auth_token_revoke" not in tested
    assert ("DELETE", "/api/v1/auth/token/") not in tested.values()
    # ...and the rest is still tested: the sign-in itself, the API's own operations.
    assert ("POST", "/api/v1/auth/token/") in tested.values()
    assert ("GET", "/api/v1/me/") in tested.values()
    assert len(tested) > 20


@pytest.mark.django_db(transaction=True)
def test_the_token_check_fails_once_the_token_is_revoked(live_server: Any) -> None:
    trainee = make_user("trainee", Role.TRAINEE, Property.objects.create(name="Casino", slug="casino"))
    key = Token.objects.create(user=trainee).key
    client.me(live_server.url, key)  # still signs in: passes
    assert Client().delete("/api/v1/auth/token/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 204
    with pytest.raises(SystemExit, match="answered 401"):
        client.me(live_server.url, key)


def test_the_script_fails_unless_the_token_works_after_each_persona() -> None:
    script = SCRIPT.read_text()
    loop = script[script.index("for persona in"): script.index("\ndone\n")]
    run = loop.index("schemathesis\" --config-file tests/conformance/schemathesis.toml run")
    check = re.search(r'client\.py me "\$BASE" "\$token" \|\| status=1', loop)
    assert check is not None, "each persona's run is followed by the token check"
    assert check.start() > run
    assert '--max-time "$MAX_TIME"' in loop  # still bounded
    assert 'MAX_TIME="${MAX_TIME:-60}"' in script
