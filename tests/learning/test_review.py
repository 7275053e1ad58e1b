"""A due review aims at its family (not the whole kind at normal difficulty), at a difficulty
where the family occurs; generation's leech weighting uses the property's threshold."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.test import Client
from django.utils import timezone

from drills.learning.models import FamilyCard, LearningPolicy
from drills.learning.selectors import family_difficulties, family_needs
from drills.models import DrillScenario, Property, User
from drills.practice import services as practice_services
from drills.practice.services import regenerate
from tests.learning.conftest import graded, seed_of_family

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Secret seeds in a known order, so the test does not depend on luck."""
    counter = itertools.count(1)
    monkeypatch.setattr(practice_services, "new_seed", lambda: next(counter))


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_review_aims_at_its_family_where_it_occurs(trainee: User, seeds: None) -> None:
    # Even money is offered only at hard difficulty (BJ-7): a normal draw never holds it.
    response = _client(trainee).post("/drills/start/", {"kind": "bj-insurance-max", "family": "even-money"})
    assert response.status_code == 302
    stored = DrillScenario.objects.get(user=trainee)
    assert stored.difficulty == "hard"
    assert regenerate(stored).family == "even-money"


def test_a_review_looks_first_where_the_trainee_met_the_family(trainee: User) -> None:
    kind = "js-settle-dealer-22"
    assert family_difficulties(trainee, kind, "22-bust") == ["normal", "hard", "easy"]
    graded(trainee, kind, difficulty="easy", seed=seed_of_family(kind, "22-bust", "easy"))
    assert family_difficulties(trainee, kind, "22-bust") == ["easy", "normal", "hard"]


def test_an_unknown_family_is_a_form_error(trainee: User) -> None:
    response = _client(trainee).post("/drills/start/", {"kind": "bj-insurance-max", "family": "nonsense"})
    assert response.status_code == 400
    assert "family" in response.context["form_errors"]
    assert not DrillScenario.objects.exists()


def test_the_due_list_reviews_the_family(trainee: User) -> None:
    attempt = graded(trainee, "js-settle-dealer-22", correct=False)
    FamilyCard.objects.update(due=timezone.now() - dt.timedelta(hours=1))
    page = _client(trainee).get("/").content.decode()
    assert f'name="family" value="{attempt.family}"' in page


def test_leech_weighting_uses_the_propertys_threshold(trainee: User, casino: Property) -> None:
    LearningPolicy.objects.create(property=casino, leech_lapses=2)
    later = timezone.now() + dt.timedelta(days=30)
    for family, lapses in (("22-push", 2), ("22-bust", 1)):
        FamilyCard.objects.create(
            user=trainee, kind="js-settle-dealer-22", family=family, due=later, answers=10, misses=4, lapses=lapses
        )
    needs = family_needs(trainee, "js-settle-dealer-22", timezone.now())
    assert needs["22-push"] == pytest.approx(3 * needs["22-bust"])  # a leech at 2 lapses here, not 4


def test_the_api_starts_a_review_of_a_family(trainee: User, seeds: None) -> None:
    client = _client(trainee)
    url = "/api/v1/drills/scenarios/"
    refused = client.post(url, {"kind": "bj-insurance-max", "family": "nonsense"}, content_type="application/json")
    assert refused.status_code == 400
    assert "family" in refused.json()["errors"]
    made = client.post(url, {"kind": "bj-insurance-max", "family": "even-money"}, content_type="application/json")
    assert made.status_code == 201
    stored = DrillScenario.objects.get(user=trainee)
    assert (stored.difficulty, regenerate(stored).family) == ("hard", "even-money")
    plain = client.post(url, {"kind": "bj-insurance-max"}, content_type="application/json")
    assert plain.json()["difficulty"] == "normal"
