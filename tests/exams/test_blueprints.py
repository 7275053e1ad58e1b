"""Blueprints: validation against the drill registry, versioning (a version with sittings is
frozen; a change makes the next version), the staff page and the admin."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drills.exams import services
from drills.exams.blueprints import SectionSpec, copy_to_new_version, save_version
from drills.exams.errors import BlueprintInvalid
from drills.exams.models import Blueprint, BlueprintVersion
from drills.models import RuleSet
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE
from tests.exams.conftest import SECTIONS, foreign_kind, make_blueprint

pytestmark = pytest.mark.django_db


def test_editing_a_version_without_sittings_changes_it_in_place(blueprint: Blueprint) -> None:
    saved = save_version(blueprint, {"time_limit_minutes": 15}, SECTIONS, by=None)
    assert (saved.version.number, saved.created, saved.changed) == (1, False, True)
    assert BlueprintVersion.objects.filter(blueprint=blueprint).count() == 1


def test_editing_a_version_with_sittings_creates_the_next_and_keeps_the_sittings(blueprint, sitting) -> None:
    drawn = dict(sitting.blueprint_snapshot)
    saved = save_version(blueprint, {"time_limit_minutes": 15}, SECTIONS[:1], by=None)
    assert (saved.version.number, saved.created) == (2, True)
    sitting.refresh_from_db()
    assert sitting.version.number == 1
    assert sitting.blueprint_snapshot == drawn
    assert sitting.version.time_limit_minutes == 10
    assert [s.kind for s in sitting.version.sections.all()] == ["ou-total", "ou-settle"]
    assert blueprint.latest_version().time_limit_minutes == 15


def test_saving_unchanged_content_creates_no_version(blueprint, sitting) -> None:
    saved = save_version(blueprint, {"time_limit_minutes": 10}, SECTIONS, by=None)
    assert (saved.version.number, saved.created, saved.changed) == (1, False, False)


def test_a_new_sitting_draws_from_the_latest_version(blueprint, sitting, other_candidate) -> None:
    save_version(blueprint, {}, [SectionSpec("Only totals", "ou-total", "hard", 4)], by=None)
    other = services.start_sitting(other_candidate, blueprint).sitting
    assert other.version.number == 2
    assert other.blueprint_snapshot["version"] == 2
    assert [i.kind for i in other.items.all()] == ["ou-total"] * 4


def test_attempts_count_across_versions(blueprint, candidate, sitting) -> None:
    services.submit_sitting(sitting)
    services.grade_sitting(sitting.pk)
    save_version(blueprint, {"attempts_allowed": 1, "pass_percent": 100}, SECTIONS, by=None)
    with pytest.raises(services.StartRefused, match="no attempts left"):
        services.start_sitting(candidate, blueprint)


INVALID = [
    ({}, [], "sections"),
    ({}, [SectionSpec("X", "no-such-kind", "easy", 1)], "sections.1.kind"),
    ({}, [SectionSpec("X", "ou-total", "easy", 1), SectionSpec("Y", "<foreign>", "easy", 1)], "sections.2.kind"),
    ({}, [SectionSpec("X", "ou-bonus", "easy", 1)], "sections.1.kind"),  # no Bonus table in this casino
    ({}, [SectionSpec("X", "ou-what-changed", "easy", 1)], "sections.1.kind"),  # drilled on a rule change only
    ({}, [SectionSpec("X", "ou-total", "impossible", 1)], "sections.1.difficulty"),
    ({}, [SectionSpec("X", "ou-total", "easy", 0)], "sections.1.count"),
    ({}, [SectionSpec("X", "ou-total", "easy", 50)] * 5, "sections"),
    ({"review_submit_explanations": True, "review_submit_answers": False}, SECTIONS, "review_submit_explanations"),
    ({"review_closed_score": False}, SECTIONS, "review_closed_score"),
    ({"time_limit_minutes": 0}, SECTIONS, "time_limit_minutes"),
    ({"pass_percent": 101}, SECTIONS, "pass_percent"),
    ({"seed": 3}, SECTIONS, "seed"),
]


@pytest.mark.parametrize(("values", "sections", "field"), INVALID, ids=[case[2] for case in INVALID])
def test_invalid_content_is_refused_naming_the_field(blueprint, values, sections, field) -> None:
    sections = [SectionSpec(s.title, foreign_kind() if s.kind == "<foreign>" else s.kind, s.difficulty, s.count)
                for s in sections]
    with pytest.raises((BlueprintInvalid, ValidationError)) as error:
        save_version(blueprint, values, sections, by=None)
    named = getattr(error.value, "field", None) or next(iter(getattr(error.value, "message_dict", {})), None)
    assert named == field
    assert blueprint.latest_version().time_limit_minutes == 10


def test_a_bonus_drill_is_allowed_once_the_casino_has_a_bonus_table(blueprint, casino) -> None:
    rule_set = RuleSet(
        property=casino, game="over-under-26", slug="exam-ou", name="With bonus", is_default=True,
        values={"bonus_pay_table": EXAMPLE_BONUS_PAY_TABLE.to_mapping()},
    )
    rule_set.full_clean()
    rule_set.save()
    saved = save_version(blueprint, {}, [SectionSpec("Bonus", "ou-bonus", "easy", 2)], by=None)
    assert saved.version.sections.get().kind == "ou-bonus"


# --- the staff page -------------------------------------------------------------------------


def form_data(title: str = "Blackjack basics", game: str = "over-under-26", **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "bp-title": title,
        "bp-game": game,
        "bp-description": "",
        "bp-is_active": "on",
        "bp-closes_at": "",
        "v-time_limit_minutes": "12",
        "v-pass_percent": "70",
        "v-attempts_allowed": "2",
        "v-retake_wait_hours": "0",
        "v-late_credit_percent": "50",
        "v-review_submit_score": "on",
        "v-review_closed_score": "on",
        "v-review_closed_answers": "on",
        "v-review_closed_explanations": "on",
        "s-TOTAL_FORMS": "3",
        "s-INITIAL_FORMS": "0",
        "s-MIN_NUM_FORMS": "0",
        "s-MAX_NUM_FORMS": "1000",
        "s-0-title": "Totals",
        "s-0-kind": "ou-total",
        "s-0-difficulty": "easy",
        "s-0-count": "3",
        "s-0-target_seconds": "20",
        "s-0-min_percent": "",
    }
    for blank in (1, 2):  # the empty rows as a browser sends them: their initial values
        data |= {f"s-{blank}-title": "", f"s-{blank}-kind": "", f"s-{blank}-difficulty": "normal",
                 f"s-{blank}-count": "5", f"s-{blank}-target_seconds": "", f"s-{blank}-min_percent": ""}
    data.update(overrides)
    return data


@pytest.fixture
def staff_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def test_staff_create_a_blueprint_on_the_page(staff_client, casino) -> None:
    response = staff_client.post("/exams/blueprints/new/", form_data("Over/Under basics"))
    assert response.status_code == 302
    blueprint = Blueprint.objects.get(title="Over/Under basics")
    assert blueprint.property == casino
    version = blueprint.latest_version()
    assert (version.number, version.time_limit_minutes, version.pass_percent) == (1, 12, 70)
    assert [(s.kind, s.count, s.target_seconds) for s in version.sections.all()] == [("ou-total", 3, 20)]
    page = staff_client.get(response["Location"])
    assert page.status_code == 200
    assert "Saved version 1" in page.content.decode()


def page_data(client: Client, url: str) -> dict[str, Any]:
    """What a browser posts back from the edit page, unchanged."""
    context = client.get(url).context
    data: dict[str, Any] = {}
    for form in (context["form"], context["version_form"], *context["formset"].forms):
        for field in form:
            value = field.value()
            if field.field.disabled:
                continue
            if isinstance(value, bool):
                if value:
                    data[field.html_name] = "on"
            elif value is not None:
                data[field.html_name] = str(value)
    management = context["formset"].management_form
    for field in management:
        data[field.html_name] = str(field.value())
    return data


def test_the_page_saves_a_new_version_once_the_latest_has_sittings(staff_client, blueprint, sitting) -> None:
    url = f"/exams/blueprints/{blueprint.pk}/"
    data = page_data(staff_client, url)
    unchanged = staff_client.post(url, data, follow=True)
    assert "Nothing changed" in unchanged.content.decode()
    assert blueprint.latest_version().number == 1
    data["s-0-count"] = "4"
    response = staff_client.post(f"/exams/blueprints/{blueprint.pk}/", data, follow=True)
    assert response.status_code == 200
    assert "Saved as version 2" in response.content.decode()
    assert blueprint.latest_version().number == 2
    assert sitting.version.number == 1


def test_the_page_cannot_change_the_game_of_a_blueprint(staff_client, blueprint) -> None:
    data = form_data(blueprint.title, game="blackjack")
    staff_client.post(f"/exams/blueprints/{blueprint.pk}/", data)
    blueprint.refresh_from_db()
    assert blueprint.game == "over-under-26"


@pytest.mark.parametrize(
    ("overrides", "where", "message"),
    [
        ({"s-0-kind": "<foreign>"}, "sections", "not of over-under-26"),
        ({"s-0-kind": "ou-bonus"}, "sections", "Bonus pay table"),
        ({"s-0-count": "0"}, "sections", "greater than or equal to 1"),
        (
            {"s-0-title": "", "s-0-kind": "", "s-0-count": "5", "s-0-difficulty": "normal", "s-0-target_seconds": ""},
            "form",
            "add at least one section",
        ),
        ({"v-review_submit_explanations": "on"}, "version", "show the answers too"),
        ({"v-pass_percent": "0"}, "version", "greater than or equal to 1"),
        ({"bp-title": ""}, "form", "required"),
        ({"bp-closes_at": "tomorrow"}, "form", "valid date"),
    ],
)
def test_page_validation_shows_the_problem_on_its_field(staff_client, casino, overrides, where, message) -> None:
    if overrides.get("s-0-kind") == "<foreign>":
        overrides = overrides | {"s-0-kind": foreign_kind()}
    response = staff_client.post("/exams/blueprints/new/", form_data("Bad one", **overrides))
    assert response.status_code == 400
    errors = {
        "sections": [str(f.errors) for f in response.context["formset"].forms],
        "version": [str(response.context["version_form"].errors)],
        "form": [str(response.context["form"].errors)],
    }[where]
    assert any(message in text for text in errors), errors
    assert not Blueprint.objects.filter(title="Bad one").exists()


def test_titles_are_unique_within_a_property(staff_client, blueprint) -> None:
    response = staff_client.post("/exams/blueprints/new/", form_data(blueprint.title.upper()))
    assert response.status_code == 400
    assert "another exam" in str(response.context["form"].errors)


# --- the admin ---------------------------------------------------------------------------------


def test_admin_a_frozen_version_is_read_only_and_copied_into_a_new_one(staff_client, blueprint, sitting) -> None:
    version = blueprint.latest_version()
    change = f"/admin/exams/blueprintversion/{version.pk}/change/"
    page = staff_client.get(change)
    assert page.status_code == 200
    assert 'name="time_limit_minutes"' not in page.content.decode()  # read-only view
    assert staff_client.post(change, {"time_limit_minutes": "99"}).status_code == 403
    response = staff_client.post(
        "/admin/exams/blueprint/",
        {"action": "copy_latest_version", "_selected_action": [blueprint.pk]},
        follow=True,
    )
    assert response.status_code == 200
    copy = blueprint.latest_version()
    assert copy.number == 2
    assert [s.kind for s in copy.sections.all()] == ["ou-total", "ou-settle"]
    editable = staff_client.get(f"/admin/exams/blueprintversion/{copy.pk}/change/")
    assert 'name="time_limit_minutes"' in editable.content.decode()


def test_admin_outsider_staff_see_no_blueprint_of_ours(outsider, blueprint) -> None:
    client = Client()
    client.force_login(outsider)
    listing = client.get("/admin/exams/blueprint/")
    assert listing.status_code == 200
    assert blueprint.title not in listing.content.decode()
    assert client.get(f"/admin/exams/blueprint/{blueprint.pk}/change/").status_code in (302, 404)


def test_admin_refuses_sections_of_another_game(staff_client, blueprint) -> None:
    copy = copy_to_new_version(blueprint, by=None)
    sections = list(copy.sections.all())
    data = {
        "time_limit_minutes": "10", "pass_percent": "60", "attempts_allowed": "2", "retake_wait_hours": "0",
        "late_credit_percent": "50", "review_submit_score": "on", "review_closed_score": "on",
        "review_closed_answers": "on", "review_closed_explanations": "on",
        "sections-TOTAL_FORMS": "2", "sections-INITIAL_FORMS": "2", "sections-MIN_NUM_FORMS": "0",
        "sections-MAX_NUM_FORMS": "1000",
    }
    for index, section in enumerate(sections):
        data |= {
            f"sections-{index}-id": str(section.pk), f"sections-{index}-version": str(copy.pk),
            f"sections-{index}-position": str(section.position), f"sections-{index}-title": section.title,
            f"sections-{index}-kind": foreign_kind() if index == 0 else section.kind,
            f"sections-{index}-difficulty": section.difficulty, f"sections-{index}-count": str(section.count),
        }
    response = staff_client.post(f"/admin/exams/blueprintversion/{copy.pk}/change/", data)
    assert response.status_code == 200  # the form again, with the error
    assert "not of over-under-26" in response.content.decode()
    copy.refresh_from_db()
    assert copy.sections.first().kind == "ou-total"


def test_make_blueprint_helper_uses_the_service(casino) -> None:
    blueprint = make_blueprint(casino, "Helper")
    assert blueprint.latest_version().sections.count() == 2
