"""Before a trainee answers, no page or API response carries the seed or the answer key.

For every registered kind (under rules that make it available), in each difficulty: the
solution is replaced by sentinels as it is generated, and the scenario page's HTML and
the API's JSON are scanned for them and for the seed.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re

import pytest
from django.test import Client

from drills.kinds.base import Difficulty, DrillKind, Solution, all_kinds
from drills.models import DrillScenario
from drills.what_changed.services import assign_what_changed
from tests.drills.what_changed_support import EXAMPLES

pytestmark = pytest.mark.django_db

KINDS = [kind.slug for kind in all_kinds()]


SENTINEL = "SENTINEL-ANSWER-KEY"


@pytest.fixture
def sentinel_solutions(monkeypatch):
    """Every generated scenario carries a solution made of sentinels: if any of it is
    rendered before the answer, the sentinel shows up in the response."""
    original = DrillKind.generate

    def generate(self, seed, difficulty, rules):  # type: ignore[no-untyped-def]
        scenario = original(self, seed, difficulty, rules)
        key = {name: f"{SENTINEL}-{name}" for name in scenario.solution.key}
        solution = Solution(key=key, rules=(f"{SENTINEL}-RULE",), explanation=f"{SENTINEL}-EXPLANATION")
        return dataclasses.replace(scenario, solution=solution)

    monkeypatch.setattr(DrillKind, "generate", generate)


@pytest.fixture
def rule_changes(trainee):  # type: ignore[no-untyped-def]
    """Every game's example rule change assigned to the trainee (the "what changed" kinds)."""
    for game, (old, new) in EXAMPLES.items():
        assign_what_changed(property=trainee.property, game=game, old_values=old, new_values=new,
                            trainees=[trainee], assigned_by=None, due=dt.date(2030, 1, 1))


@pytest.mark.parametrize("slug", KINDS)
@pytest.mark.parametrize("difficulty", [d.value for d in Difficulty])
def test_no_seed_or_key_before_the_answer(trainee_client, bonus_table, rule_changes, sentinel_solutions, slug,
                                          difficulty):
    response = trainee_client.post("/drills/start/", {"kind": slug, "difficulty": difficulty, "mode": "speed"})
    assert response.status_code == 302, response.content[:500]
    page = trainee_client.get(response["Location"])
    html = page.content.decode()
    stored = DrillScenario.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])
    api = trainee_client.get(f"/api/v1/drills/scenarios/{stored.public_id}/").content.decode()
    assert stored.key == {name: f"{SENTINEL}-{name}" for name in stored.key}

    for body in (html, api):
        assert not re.search(rf"\b{stored.seed}\b", body)
        assert SENTINEL not in body
    assert 'class="feedback' not in html
    assert json.loads(api)["attempt"] is None


def test_unknown_kind_on_the_picker_is_a_form_error(trainee_client):
    response = trainee_client.post("/drills/start/", {"kind": "nope", "difficulty": "easy", "mode": "practice"})
    assert response.status_code == 400
    assert "choose a drill from the list" in response.content.decode()


def test_anonymous_is_sent_to_sign_in(client: Client):
    assert client.get("/drills/")["Location"].startswith("/login/")
