"""Assigning "what changed" (issue 16, item 5): the service the versions sign-off calls, the
trainee's move to another property (admin), what the trainee and the supervisor see, and a
drill taken from the assignment with both rule sets kept in the stored scenario."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from drills.kinds.base import get_kind
from drills.kinds.what_changed import NOT_ASSIGNED, OLD_RULES_MISTAKE
from drills.learning.models import Assignment, AssignmentGoal
from drills.models import DrillScenario, Property, Role, RuleSet, Team, User
from drills.practice import services as practice
from drills.practice.selectors import kind_choices
from drills.what_changed.models import AssignedChange, ChangeReason
from drills.what_changed.selectors import change_for
from drills.what_changed.services import MOVE_DUE_DAYS, assign_what_changed, rules_adopted, trainee_moved
from games.blackjack.rules import BlackjackRules
from games.errors import RuleSetError
from tests.personas import make_user

pytestmark = pytest.mark.django_db

DUE = dt.date(2030, 6, 1)
SIX_TO_FIVE = {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}


def assign(casino: Property, trainees: list[User], by: User | None, old: dict | None = None,
           new: dict | None = None, game: str = "blackjack") -> Assignment | None:
    return assign_what_changed(property=casino, game=game, old_values=old or {},
                               new_values=SIX_TO_FIVE if new is None else new, trainees=trainees,
                               assigned_by=by, due=DUE)


def test_a_change_is_assigned_with_both_rule_sets(casino: Property, trainee: User, teammate: User,
                                                  supervisor: User) -> None:
    assignment = assign(casino, [trainee, teammate], supervisor)
    assert assignment is not None
    assert assignment.goal == AssignmentGoal.SKILLS
    assert assignment.skills == ["bj-what-changed"]
    assert assignment.due_on == DUE
    assert assignment.property == casino
    assert set(assignment.trainees.all()) == {trainee, teammate}
    assert assignment.note == ("Blackjack rules changed: Blackjack pays: 3:2 → 6:5 (BJ-5); Soft 17: the dealer "
                               "stands on soft 17 → the dealer hits soft 17 (BJ-8)")
    stored = AssignedChange.objects.get(assignment=assignment)
    assert stored.reason == ChangeReason.VERSION
    assert stored.old_values["blackjack_pays"] == "3:2"
    assert stored.new_values["blackjack_pays"] == "6:5"
    assert set(stored.old_values) == set(stored.new_values) == {
        "blackjack_pays", "dealer_hits_soft_17", "insurance_pays", "decks", "max_hands", "double_after_split",
        "surrender_offered", "blackjack_paid_at_turn", "settle_box_by_box"}
    change = change_for(trainee, "blackjack")
    assert change is not None
    assert change.changed_settings() == ["blackjack_pays", "dealer_hits_soft_17"]


@pytest.mark.parametrize(("old", "new"), [
    ({}, {}), ({}, {"decks": 8}), ({"blackjack_pays": "6:5"}, {"blackjack_pays": "6:5"}),
])
def test_nothing_to_show_assigns_nothing(casino: Property, trainee: User, supervisor: User, old, new) -> None:
    assert assign(casino, [trainee], supervisor, old, new) is None
    assert not Assignment.objects.exists()
    assert not AssignedChange.objects.exists()


def test_no_trainees_assigns_nothing(casino: Property, supervisor: User) -> None:
    assert assign(casino, [], supervisor) is None


def test_a_bad_value_names_the_setting(casino: Property, trainee: User, supervisor: User) -> None:
    with pytest.raises(RuleSetError) as raised:
        assign(casino, [trainee], supervisor, new={"blackjack_pays": "lots"})
    assert raised.value.setting == "new.blackjack_pays"
    assert not Assignment.objects.exists()


def test_trainees_of_another_property_are_refused(casino: Property, trainee: User, outsider_trainee: User,
                                                  supervisor: User) -> None:
    with pytest.raises(ValueError, match="trainees: not of Progress Casino: Olga"):
        assign(casino, [trainee, outsider_trainee], supervisor)
    assert not Assignment.objects.exists()


def test_the_trainee_sees_it_on_their_home_and_can_drill_it(client_for, team: Team, trainee: User,
                                                           supervisor: User) -> None:
    client = client_for("trainee")
    before = {choice.kind.slug: choice.unavailable_reason for choice in kind_choices(trainee)}
    assert before["bj-what-changed"] == NOT_ASSIGNED
    assign(team.property, [trainee], supervisor)
    home = client.get("/").content.decode()
    assert "Master What changed (Blackjack)" in home
    assert "Blackjack pays: 3:2 → 6:5 (BJ-5)" in home
    assert "1 Jun 2030" in home
    picker = client.get("/drills/").content.decode()
    assert 'data-kind="bj-what-changed"' in picker
    after = {choice.kind.slug: choice.unavailable_reason for choice in kind_choices(trainee)}
    assert after["bj-what-changed"] is None
    assert after["js-what-changed"] == NOT_ASSIGNED


def test_the_supervisor_sees_it_on_the_dashboard(client_for, team: Team, trainee: User, supervisor: User) -> None:
    assign(team.property, [trainee], supervisor)
    listing = client_for("supervisor").get("/learning/assignments/").content.decode()
    assert "Master What changed (Blackjack)" in listing
    panel = client_for("supervisor").get(f"/learning/teams/{team.pk}/").content.decode()
    assert "What changed (Blackjack)" in panel


def test_only_the_trainees_named_are_assigned(casino: Property, team: Team, trainee: User, teammate: User) -> None:
    assert assign(casino, [teammate], None) is not None
    assert change_for(teammate, "blackjack") is not None
    assert change_for(trainee, "blackjack") is None
    assert change_for(teammate, "pai-gow") is None


def test_a_drill_from_the_assignment_keeps_both_rule_sets_and_names_an_old_answer(casino: Property,
                                                                                  trainee: User) -> None:
    assign(casino, [trainee], None, new={"blackjack_pays": "6:5"})
    client = Client()
    client.force_login(trainee)
    response = client.post("/drills/start/", {"kind": "bj-what-changed", "difficulty": "normal", "mode": "practice"})
    assert response.status_code == 302
    stored = DrillScenario.objects.get(user=trainee)
    assert stored.rules_values["game"] == "blackjack"
    assert stored.rules_values["old"]["blackjack_pays"] == "3:2"
    assert stored.rules_values["new"]["blackjack_pays"] == "6:5"
    scenario = practice.regenerate(stored)
    assert dict(scenario.solution.key) == stored.key
    page = client.get(response["Location"]).content.decode()
    assert "Blackjack pays: 3:2 → 6:5 (BJ-5)" in page
    old_key = get_kind("bj-payout").solve(scenario.situation["situation"], BlackjackRules()).key
    assert old_key != stored.key
    outcome = practice.submit_answer(stored, dict(old_key))
    assert outcome.attempt.correct is False
    assert outcome.attempt.mistake_code == OLD_RULES_MISTAKE
    assert outcome.attempt.family == "blackjack-pays"
    assert "under the old rules this was dealer pays" in outcome.attempt.explanation.lower()
    # The property's rules change again later: the stored scenario still replays as shown.
    RuleSet.objects.create(property=casino, game="blackjack", slug="bj-65", name="6:5", is_default=True,
                           values={"blackjack_pays": "1:1"})
    assert dict(practice.regenerate(stored).solution.key) == stored.key


def test_a_retry_runs_under_the_original_change(casino: Property, trainee: User) -> None:
    assign(casino, [trainee], None, new={"blackjack_pays": "6:5"})
    client = Client()
    client.force_login(trainee)
    client.post("/drills/start/", {"kind": "bj-what-changed", "difficulty": "normal", "mode": "practice"})
    first = DrillScenario.objects.get(user=trainee)
    practice.submit_answer(first, {"pays": "0.01", "collects": "0.00"})
    assign(casino, [trainee], None, new={"dealer_hits_soft_17": True})  # a newer change meanwhile
    assert client.post("/drills/retry/").status_code == 302
    retry = DrillScenario.objects.get(retry_of=first)
    assert retry.rules_values == first.rules_values
    assert retry.key == first.key


def test_new_rules_adopted_assign_every_trainee_of_the_property(casino: Property, trainee: User, teammate: User,
                                                                 outsider_trainee: User, staff: User) -> None:
    assignment = rules_adopted(property=casino, game="pai-gow", old_values={}, new_values={"collection_fee": "0.50"},
                               assigned_by=staff)
    assert assignment is not None
    assert set(assignment.trainees.all()) == {trainee, teammate}
    assert assignment.due_on == timezone.localdate() + dt.timedelta(days=MOVE_DUE_DAYS)


def test_without_an_assignment_the_drill_is_refused_with_a_reason(trainee: User) -> None:
    client = Client()
    client.force_login(trainee)
    response = client.post("/drills/start/", {"kind": "pg-what-changed", "difficulty": "normal", "mode": "practice"})
    assert response.status_code == 400
    assert "nothing has changed for you in this game" in response.content.decode()


# --- a trainee moves to another property ---------------------------------------------------------


@pytest.fixture
def six_to_five_casino(other_casino: Property) -> Property:
    for game, values in (("blackjack", SIX_TO_FIVE), ("pai-gow", {"collection_fee": "1.00"})):
        RuleSet.objects.create(property=other_casino, game=game, slug=f"other-{game}", name=f"Other {game}",
                               values=values, is_default=True)
    return other_casino


def test_a_move_assigns_each_game_whose_rules_differ(casino: Property, six_to_five_casino: Property,
                                                     trainee: User, staff: User) -> None:
    trainee.property = six_to_five_casino
    trainee.save()
    today = timezone.localdate()
    assigned = trainee_moved(trainee, from_property=casino, by=staff)
    assert sorted(a.rule_change.game for a in assigned) == ["blackjack", "pai-gow"]
    for assignment in assigned:
        assert assignment.property == six_to_five_casino
        assert list(assignment.trainees.all()) == [trainee]
        assert assignment.due_on == today + dt.timedelta(days=MOVE_DUE_DAYS)
        assert assignment.rule_change.reason == ChangeReason.MOVE
    change = change_for(trainee, "pai-gow")
    assert change is not None
    assert change.changed_settings() == ["collection_fee"]


def test_a_move_back_assigns_the_reverse_change(casino: Property, six_to_five_casino: Property) -> None:
    mover = make_user("mo", Role.TRAINEE, casino)  # at the casino with the defaults, coming from 6:5
    assigned = trainee_moved(mover, from_property=six_to_five_casino, by=None)
    change = change_for(mover, "blackjack")
    assert len(assigned) == 2
    assert change is not None
    assert str(change.old.to_mapping()["blackjack_pays"]) == "6:5"
    assert str(change.new.to_mapping()["blackjack_pays"]) == "3:2"


def test_staff_and_unchanged_properties_get_nothing(casino: Property, six_to_five_casino: Property,
                                                    staff: User, trainee: User) -> None:
    assert trainee_moved(staff, from_property=six_to_five_casino, by=None) == []
    assert trainee_moved(trainee, from_property=casino, by=None) == []
    assert trainee_moved(trainee, from_property=None, by=None) == []


def test_moving_a_trainee_in_the_admin_assigns_what_changed(casino: Property, six_to_five_casino: Property,
                                                            trainee: User) -> None:
    admin = User.objects.create_superuser("root", "root@example.com", "a-long-test-password-1")
    client = Client()
    client.force_login(admin)
    form = {"username": trainee.username, "first_name": trainee.first_name, "last_name": trainee.last_name,
            "email": "", "role": Role.TRAINEE, "property": six_to_five_casino.pk, "is_active": "on",
            "date_joined_0": "2026-01-01", "date_joined_1": "09:00:00"}
    response = client.post(f"/admin/drills/user/{trainee.pk}/change/", form, follow=True)
    assert response.status_code == 200
    trainee.refresh_from_db()
    assert trainee.property == six_to_five_casino
    assert "assigned “What changed” for Blackjack, Joker's Wild Pai Gow poker" in response.content.decode().replace(
        "&#x27;", "'")
    assert AssignedChange.objects.filter(assignment__trainees=trainee, reason=ChangeReason.MOVE).count() == 2
    client.post(f"/admin/drills/user/{trainee.pk}/change/", form)  # saved again, not moved: nothing new
    assert AssignedChange.objects.count() == 2
