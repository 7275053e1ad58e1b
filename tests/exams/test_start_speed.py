"""The exam start's cost (issue 17): its queries are pinned, a frozen version's sections are
read once per process, and the items' one-statement insert writes what the ORM would."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import Client
from rest_framework.authtoken.models import Token

from drills.exams import draw, scoring, services
from drills.exams.api import SUMMARY_FIELDS
from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import Blueprint, BlueprintVersion, SittingItem
from drills.models import Property, Role, User
from tests.exams.conftest import SECTIONS, make_blueprint, make_user

pytestmark = pytest.mark.django_db

POSTGRES = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the sections are remembered on PostgreSQL only"
)

START_QUERIES = [
    "the token and its user",
    "the exam (sittable by this trainee, with a version)",
    "the property's default rule set",
    "savepoint (the start's transaction)",
    "the candidate's slot lock (INSERT … ON CONFLICT)",
    "the candidate's sittings with results and certificates",
    "the latest version, held FOR KEY SHARE",
    "the sitting and its items, in one statement",
    "release the savepoint",
]
"""A start of a frozen version (one that has a committed sitting) through the API, in a
test's transaction; the first start of a version reads its sections as well."""


@pytest.fixture(autouse=True)
def fresh_memory():
    draw.forget_all()
    yield
    draw.forget_all()


def api_client(user: User) -> Client:
    token = Token.objects.create(user=user)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}")


def start(client: Client, blueprint: Blueprint) -> None:
    response = client.post(f"/api/v1/exams/{blueprint.pk}/start/", "{}", content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == set(SUMMARY_FIELDS) | {"resumed"}  # the schema's SittingStarted, no more


def trainees(casino: Property, count: int) -> list[User]:
    return [make_user(f"trainee{n}", Role.TRAINEE, casino) for n in range(count)]


@POSTGRES
def test_a_start_of_a_frozen_version_takes_the_pinned_queries(
    casino, blueprint, django_assert_num_queries, django_capture_on_commit_callbacks
):
    first, second, third = (api_client(user) for user in trainees(casino, 3))
    # The version freezes on commit; its first start reads its sections as well.
    with django_capture_on_commit_callbacks(execute=True), django_assert_num_queries(len(START_QUERIES) + 1):
        start(first, blueprint)
    with django_assert_num_queries(len(START_QUERIES)):
        start(second, blueprint)
    with django_assert_num_queries(len(START_QUERIES)):
        start(third, blueprint)


@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL: the test above")
def test_a_start_takes_the_pinned_queries_with_the_sections(casino, blueprint, django_assert_num_queries):
    """Elsewhere every start reads the sections, and writes the sitting, then its items."""
    for client in (api_client(user) for user in trainees(casino, 2)):
        with django_assert_num_queries(len(START_QUERIES) + 2):
            start(client, blueprint)


@POSTGRES
def test_sections_are_remembered_only_once_the_start_commits(casino, blueprint, django_capture_on_commit_callbacks):
    first, second = trainees(casino, 2)
    version = BlueprintVersion.objects.get(blueprint=blueprint)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.start_sitting(first, blueprint)
    assert len(callbacks) == 1
    assert draw._frozen == {}  # not committed: an editor may still change the version
    callbacks[0]()
    assert list(draw._frozen.values()) == [tuple(SECTIONS)]
    remembered = draw.sections_of(version)
    assert remembered == SECTIONS
    sitting = services.start_sitting(second, blueprint).sitting
    assert [s["kind"] for s in sitting.blueprint_snapshot["sections"]] == [s.kind for s in SECTIONS]


@POSTGRES
def test_a_version_edited_before_its_first_sitting_is_drawn_as_edited(
    casino, blueprint, django_capture_on_commit_callbacks
):
    """A start that never commits remembers nothing; the in-place edit is what the next
    start draws."""
    first, second = trainees(casino, 2)
    with transaction.atomic():
        services.start_sitting(first, blueprint)
        transaction.set_rollback(True)
    edited = [SectionSpec("Totals only", "ou-total", "hard", 4)]
    saved = save_version(blueprint, {}, edited, by=None)
    assert not saved.created  # edited in place: it had no sitting
    with django_capture_on_commit_callbacks(execute=True):
        sitting = services.start_sitting(second, blueprint).sitting
    assert sitting.items.count() == 4
    assert set(sitting.items.values_list("difficulty", flat=True)) == {"hard"}
    assert draw.sections_of(saved.version) == edited


def test_the_items_are_written_as_the_orm_would_write_them(casino, candidate):
    blueprint = make_blueprint(casino, "Timed")
    save_version(
        blueprint,
        {},
        [
            SectionSpec("Totals", "ou-total", "easy", 2, target_seconds=20),
            SectionSpec("Settling", "ou-settle", "hard", 3),
        ],
        by=None,
    )
    sitting = services.start_sitting(candidate, blueprint).sitting
    rows = list(SittingItem.objects.filter(sitting=sitting).order_by("position"))
    assert [(i.position, i.section_position, i.kind, i.difficulty, i.target_seconds) for i in rows] == [
        (1, 1, "ou-total", "easy", 20),
        (2, 1, "ou-total", "easy", 20),
        (3, 2, "ou-settle", "hard", None),
        (4, 2, "ou-settle", "hard", None),
        (5, 2, "ou-settle", "hard", None),
    ]
    assert [i.seed for i in rows] == [scoring.item_seed(sitting.form_seed, p) for p in range(1, 6)]
    for item in rows:  # every other column holds the model's default
        assert (item.shown_at, item.answer, item.draft, item.draft_at, item.answered_at) == (None,) * 5
        assert (item.saves, item.locked) == (0, False)
    assert SittingItem.objects.filter(sitting=sitting, answer__isnull=True, draft__isnull=True).count() == 5
