"""The rounds API and pages on the toy table: shapes, errors by field, stale and repeated
taps, nothing undealt in what the trainee receives, access."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from drills.rounds.models import DealtRound

pytestmark = pytest.mark.django_db


def _post(client: Client, url: str, body: object):  # type: ignore[no-untyped-def]
    return client.post(url, data=json.dumps(body), content_type="application/json")


def _start(client: Client) -> dict:  # type: ignore[type-arg]
    response = _post(client, "/api/v1/rounds/", {"game": "blackjack", "level": "easy", "focus": "round"})
    assert response.status_code == 201, response.content
    return response.json()


def test_start_and_act_through_the_api(trainee_client, toy_table) -> None:
    data = _start(trainee_client)
    assert data["seen"] == 0
    assert data["your_turn"] is True
    assert [spot["key"] for spot in data["table"]["spots"]] == ["box-1", "box-2"]
    url = f"/api/v1/rounds/{data['id']}/actions/"
    right = _post(trainee_client, url, {"key": "k-right-001", "seen": 0, "verb": "deal", "place": "box-1"})
    assert right.status_code == 200
    assert right.json()["accepted"] is True
    tap = {"key": "k-wrong-001", "seen": 1, "verb": "pay", "place": "box-1", "chips": {"5": 2}}
    wrong = _post(trainee_client, url, tap)
    body = wrong.json()
    assert wrong.status_code == 200
    assert body["accepted"] is False
    assert body["step"]["rule"] == "T-1"
    assert body["step"]["due"] == "deal a card to box 2"  # in words, without the card still in the shoe
    assert body["step"]["action"] == "pay box=1 amount=10.00"
    assert "card=" not in json.dumps(body["step"])
    assert body["round"]["figures"]["wrong"] == 1


def test_the_shoe_never_reaches_the_trainee(trainee_client, toy_table) -> None:
    data = _start(trainee_client)
    stored = DealtRound.objects.get(public_id=data["id"])
    from drills.rounds.services import current_state

    shoe = [str(card) for card in current_state(stored).shoe]  # type: ignore[attr-defined]
    page = trainee_client.get(f"/rounds/{data['id']}/").content.decode()
    for code in shoe:
        assert f'"{code}"' not in json.dumps(data)
        assert f'data-card="{code}"' not in page


def test_bad_taps_name_their_field(trainee_client, toy_table) -> None:
    data = _start(trainee_client)
    url = f"/api/v1/rounds/{data['id']}/actions/"
    cases = [
        ({"seen": 0, "verb": "deal", "place": "box-1"}, "key"),
        ({"key": "short", "seen": 0, "verb": "deal", "place": "box-1"}, "key"),
        ({"key": "k-000000001", "seen": 0, "verb": "fly", "place": "box-1"}, "verb"),
        ({"key": "k-000000002", "seen": 0, "verb": "deal", "place": "box-9"}, "place"),
        ({"key": "k-000000003", "seen": 0, "verb": "pay", "place": "box-1", "chips": {"3": 1}}, "chips"),
        ({"key": "k-000000004", "seen": 0, "verb": "pay", "place": "box-1", "chips": {"5": 10**30}}, "chips"),
        ({"key": "k-000000005", "seen": 0, "verb": "pay", "place": "box-1", "chips": {"5": 0}}, "chips"),
        ({"key": "k-000000006", "seen": "٣", "verb": "deal", "place": "box-1"}, "seen"),
        ({"key": "k-000000007", "seen": 0, "verb": "deal", "place": "box-1", "number": 1e30}, "number"),
    ]
    for body, field in cases:
        response = _post(trainee_client, url, body)
        assert response.status_code == 400, (body, response.content)
        named = response.json()["errors"]
        assert any(name == field or name.startswith(f"{field}.") for name in named), (body, named)
    deep: object = {}
    for _ in range(200):
        deep = {"a": deep}
    tap = {"key": "k-000000008", "seen": 0, "verb": "pay", "place": "box-1", "chips": deep}
    response = _post(trainee_client, url, tap)
    assert response.status_code == 400
    assert DealtRound.objects.get(public_id=data["id"]).tries.count() == 0


def test_stale_and_repeated_taps(trainee_client, toy_table) -> None:
    data = _start(trainee_client)
    url = f"/api/v1/rounds/{data['id']}/actions/"
    body = {"key": "k-double-tap", "seen": 0, "verb": "deal", "place": "box-1"}
    first, second = _post(trainee_client, url, body), _post(trainee_client, url, body)
    assert first.json()["repeated"] is False
    assert second.json()["repeated"] is True
    assert second.json()["round"]["seen"] == 1
    stale = _post(trainee_client, url, {"key": "k-other-tab1", "seen": 0, "verb": "deal", "place": "box-1"})
    assert stale.status_code == 409
    assert "another tab or the back button" in stale.json()["errors"]["seen"][0]
    assert stale.json()["round"]["seen"] == 1


def test_others_rounds_are_not_found(trainee_client, other_trainee, toy_table) -> None:
    data = _start(trainee_client)
    other = Client()
    other.force_login(other_trainee)
    assert other.get(f"/api/v1/rounds/{data['id']}/").status_code == 404
    assert other.get(f"/rounds/{data['id']}/").status_code == 404
    assert other.get(f"/rounds/{data['id']}/replay/").status_code == 404
    tap = {"key": "k-intruder-1", "seen": 0, "verb": "deal", "place": "box-1"}
    assert _post(other, f"/api/v1/rounds/{data['id']}/actions/", tap).status_code == 404


def test_the_supervisor_replays_a_round_but_cannot_deal_it(trainee_client, supervisor, toy_table) -> None:
    data = _start(trainee_client)
    url = f"/api/v1/rounds/{data['id']}/actions/"
    _post(trainee_client, url, {"key": "k-wrong-0001", "seen": 0, "verb": "deal", "place": "box-2"})
    _post(trainee_client, url, {"key": "k-right-0001", "seen": 0, "verb": "deal", "place": "box-1"})
    boss = Client()
    boss.force_login(supervisor)
    replay = boss.get(f"/api/v1/rounds/{data['id']}/replay/").json()
    assert replay["steps"][0]["by"] == "trainee"
    assert replay["steps"][0]["refused"][0]["rule"] == "T-1"
    assert len(replay["still_due"]) == 5
    page = boss.get(f"/rounds/{data['id']}/replay/?step=1")
    assert page.status_code == 200
    assert b"Refused" in page.content
    assert boss.get(f"/rounds/{data['id']}/replay/?step=zz").status_code == 200
    assert boss.get(f"/api/v1/rounds/{data['id']}/").status_code == 404


def test_the_page_form_deals_and_refuses(trainee_client, toy_table) -> None:
    data = _start(trainee_client)
    url = f"/rounds/{data['id']}/act/"
    page = trainee_client.get(f"/rounds/{data['id']}/")
    assert page.status_code == 200
    assert b'name="key"' in page.content
    ok = trainee_client.post(url, {"key": "form-key-0001", "seen": "0", "verb": "deal", "place": "box-1"})
    assert ok.status_code == 302
    refused = trainee_client.post(
        url,
        {"key": "form-key-0002", "seen": "1", "verb": "pay", "place": "box-2", "chip-5.00": "2"},
        HTTP_HX_REQUEST="true",
    )
    assert refused.status_code == 200
    assert b"Refused" in refused.content
    assert b"T-1" in refused.content
    stale = trainee_client.post(url, {"key": "form-key-0003", "seen": "0", "verb": "deal", "place": "box-2"})
    assert stale.status_code == 409
    assert b"another tab or the back button" in stale.content
    bad_tap = {"key": "form-key-0004", "seen": "1", "verb": "pay", "place": "box-2", "chip-5.00": "x"}
    bad = trainee_client.post(url, bad_tap)
    assert bad.status_code == 400


def test_the_schema_lists_the_rounds_api(client) -> None:  # type: ignore[no-untyped-def]
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/v1/rounds/{public_id}/actions/" in schema
