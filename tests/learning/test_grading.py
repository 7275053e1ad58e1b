"""The FSRS family cards follow grading (read before the grading transaction, written in it in
one statement) and
always equal the rebuild from the raw attempts, whatever the grading order."""

from __future__ import annotations

import datetime as dt
import io
import random
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from drills.kinds.base import Difficulty, Grade, get_kind
from drills.learning import services
from drills.learning.models import FamilyCard, LearningPolicy
from drills.learning.selectors import leaning_scenario
from drills.models import Attempt, User
from drills.practice.services import record_grade, start_scenario, submit_answer
from games.registry import default_rules
from tests.learning.conftest import graded, seed_of_family

pytestmark = pytest.mark.django_db


def test_a_graded_answer_updates_its_family_card(trainee: User) -> None:
    attempt = graded(trainee, "ou-total", correct=True, ms=3000)
    card = FamilyCard.objects.get(user=trainee)
    assert (card.kind, card.family) == ("ou-total", attempt.family)
    assert (card.answers, card.misses, card.reviews, card.last_attempt_id) == (1, 0, 1, attempt.pk)
    assert card.due > attempt.answered_at


def test_the_real_answer_path_stores_the_family_and_counts_it(trainee: User) -> None:
    stored, scenario = start_scenario(trainee, get_kind("js-settle-dealer-22"), Difficulty.HARD)
    outcome = submit_answer(stored, dict(scenario.solution.key))
    assert outcome.attempt.family == scenario.family
    assert FamilyCard.objects.filter(user=trainee, kind="js-settle-dealer-22", family=scenario.family).exists()


def test_grading_again_counts_nothing_twice(trainee: User) -> None:
    attempt = graded(trainee)
    assert services.record_review(attempt) is False
    assert FamilyCard.objects.get(user=trainee).answers == 1


def test_the_card_costs_one_read_and_one_write(trainee: User, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    graded(trainee)  # the family's first answer creates the card
    attempt = graded(trainee, grade=False)
    Attempt.objects.filter(pk=attempt.pk).update(status="graded", correct=True)  # as the roll-up writes it
    attempt.status, attempt.correct = "graded", True
    with django_assert_num_queries(1):  # the card with its settings, no lock, before the transaction
        read = services.read_card(attempt)
    with django_assert_num_queries(1):  # in the grading transaction: the guarded UPDATE only
        assert services.record_review(attempt, read)
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)


def test_a_familys_first_answer_is_one_insert(trainee: User, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    attempt = graded(trainee, grade=False)
    attempt.status, attempt.correct = "graded", True
    read = services.read_card(attempt)
    assert read.card_id is None
    with django_assert_num_queries(1):  # INSERT … ON CONFLICT DO NOTHING RETURNING id
        assert services.record_review(attempt, read)
    assert FamilyCard.objects.get(user=trainee).answers == 1


def test_a_card_that_changed_since_it_was_read_is_rebuilt(trainee: User) -> None:
    """Two tabs: both read the card, the other answer is written first; the guard sees it
    and the family is rebuilt from its attempts, so nothing is lost or counted twice."""
    graded(trainee)
    mine, other = graded(trainee, grade=False), graded(trainee, grade=False)
    for attempt in (mine, other):
        Attempt.objects.filter(pk=attempt.pk).update(status="graded", correct=True)
        attempt.status, attempt.correct = "graded", True
    stale_mine, stale_other = services.read_card(mine), services.read_card(other)
    assert services.record_review(other, stale_other)
    assert services.record_review(mine, stale_mine)  # older id and a stale read: rebuilt
    assert FamilyCard.objects.get(user=trainee).answers == 3
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)


def test_an_older_answer_graded_between_read_and_write_is_not_lost(trainee: User) -> None:
    """An older answer graded late rebuilds its family but leaves the card's newest attempt id
    as it was, so the write compares the whole card as read, not only that id."""
    graded(trainee)
    late = graded(trainee, grade=False)
    graded(trainee)  # the card's newest attempt
    newest = graded(trainee, grade=False)
    read_newest = services.read_card(newest)  # read before its transaction ...
    Attempt.objects.filter(pk=late.pk).update(status="graded", correct=False)
    late.status, late.correct = "graded", False
    assert services.record_review(late)  # ... meanwhile: older than the card's newest, rebuilt
    Attempt.objects.filter(pk=newest.pk).update(status="graded", correct=False)  # the roll-up's write
    newest.status, newest.correct = "graded", False
    assert services.record_review(newest, read_newest)
    assert FamilyCard.objects.get(user=trainee).answers == 4
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)


def test_a_card_created_since_it_was_read_is_rebuilt(trainee: User) -> None:
    first, second = graded(trainee, grade=False), graded(trainee, grade=False)
    for attempt in (first, second):
        Attempt.objects.filter(pk=attempt.pk).update(status="graded", correct=False)
        attempt.status, attempt.correct = "graded", False
    read_first, read_second = services.read_card(first), services.read_card(second)
    assert read_first.card_id is None
    assert read_second.card_id is None
    assert services.record_review(first, read_first)
    assert services.record_review(second, read_second)  # its INSERT conflicts: rebuilt
    assert FamilyCard.objects.get(user=trainee).answers == 2
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)


def test_cards_after_answers_on_the_real_path_equal_the_rebuild(trainee: User) -> None:
    """A sequence of answers through ``submit_answer`` (right, wrong, several families)."""
    rng = random.Random(5)
    for n in range(30):
        kind = get_kind(KINDS[n % len(KINDS)])
        stored, scenario = start_scenario(trainee, kind, Difficulty.HARD)
        key = dict(scenario.solution.key)
        if rng.random() < 0.3:  # a wrong answer of the right shape: another scenario's key
            others = (kind.generate(stored.seed + n, Difficulty.HARD, default_rules(kind.game)) for n in range(1, 30))
            key = next(
                (dict(o.solution.key) for o in others if o.solution.key.keys() == key.keys() and o.solution.key != key),
                key,
            )
        outcome = submit_answer(stored, key)
        assert outcome.grade is not None
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)
    assert services.rebuild_trainee(trainee.pk) is False


def test_the_property_retention_and_target_time_are_used(trainee: User, casino) -> None:  # type: ignore[no-untyped-def]
    LearningPolicy.objects.create(property=casino, desired_retention=Decimal("0.95"))
    from drills.progress.models import KindTarget

    KindTarget.objects.create(property=casino, kind="ou-total", target_seconds=2)
    now = timezone.now()
    graded(trainee, answered_at=now - dt.timedelta(minutes=30), ms=3000)
    graded(trainee, answered_at=now, ms=3000)  # slower than 2 s: Hard, at 95 %
    card = FamilyCard.objects.get(user=trainee)
    expected = services.memories_from_attempts(trainee.pk)[("ou-total", card.family)]
    assert card.due == expected.due
    from drills.learning.memory import Answer, fold

    at_90 = fold(
        [Answer(1, True, 3000, now - dt.timedelta(minutes=30), 30), Answer(2, True, 3000, now, 30)], Decimal("0.90")
    )
    assert card.due != at_90.due  # another retention and target give another schedule


KINDS = ["js-settle-dealer-22", "bj-settle-box", "ou-total"]


def _stream(user: User, rng: random.Random, count: int) -> list[Attempt]:
    start = timezone.now() - dt.timedelta(days=20)
    attempts = []
    for n in range(count):
        when = start + dt.timedelta(hours=n * rng.choice([0.05, 1, 7, 30]) / 3)
        attempts.append(
            graded(
                user,
                rng.choice(KINDS),
                correct=rng.random() < 0.7,
                ms=rng.randint(1000, 40000),
                answered_at=when,
                grade=False,
            )
        )
    return attempts


def _grade(attempt: Attempt, correct: bool) -> None:
    record_grade(
        attempt,
        Grade(
            correct=correct, score=Decimal("1.00") if correct else Decimal("0"), expected={}, explanation="", rules=()
        ),
    )


@pytest.mark.parametrize("order_seed", [1, 2, 3])
def test_cards_kept_when_grading_in_any_order_equal_the_rebuild(trainee: User, order_seed: int) -> None:
    rng = random.Random(order_seed)
    attempts = _stream(trainee, rng, 40)
    verdicts = {attempt.pk: rng.random() < 0.7 for attempt in attempts}
    shuffled = attempts[:]
    if order_seed > 1:
        rng.shuffle(shuffled)  # two tabs, a slow grader: graded out of order
    for attempt in shuffled:
        _grade(attempt, verdicts[attempt.pk])
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)
    assert services.rebuild_trainee(trainee.pk) is False  # nothing had drifted


def test_the_rebuild_repairs_drift_and_fills_in_old_attempts_families(trainee: User) -> None:
    for _ in range(3):
        graded(trainee, "js-settle-dealer-22")
    old = graded(trainee, "js-settle-dealer-22")
    family = old.family
    Attempt.objects.filter(pk=old.pk).update(family="")  # graded before families existed
    FamilyCard.objects.filter(user=trainee).update(answers=99)
    call_command("rebuild_learning", stdout=io.StringIO())
    old.refresh_from_db()
    assert old.family == family
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)
    assert sum(card.answers for card in FamilyCard.objects.filter(user=trainee)) == 4


def test_generation_leans_toward_the_family_the_trainee_misses(trainee: User) -> None:
    kind = get_kind("js-settle-dealer-22")
    rules = default_rules(kind.game)
    missed = seed_of_family(kind.slug, "22-blackjack", "hard")
    for _ in range(6):
        graded(trainee, kind.slug, correct=False, seed=missed, difficulty="hard")
    seeds = iter(range(10_000, 20_000))
    aimed = 0
    for _ in range(60):
        _seed, scenario = leaning_scenario(
            trainee, kind, Difficulty.HARD, rules, lambda: next(seeds), rng=random.Random(_)
        )
        aimed += scenario.family == "22-blackjack"
    plain = sum(kind.generate(seed, Difficulty.HARD, rules).family == "22-blackjack" for seed in range(60))
    assert aimed > plain * 1.5  # leaning, not only the kind


def test_a_kind_of_one_family_draws_one_seed(trainee: User) -> None:
    kind = get_kind("ou-total")
    drawn = []

    def new_seed() -> int:
        drawn.append(len(drawn))
        return len(drawn)

    leaning_scenario(trainee, kind, Difficulty.NORMAL, default_rules(kind.game), new_seed)
    assert len(drawn) == 1


def _verdict(correct: bool) -> Grade:
    score = Decimal("1.00") if correct else Decimal("0")
    return Grade(correct=correct, score=score, expected={}, explanation="", rules=())


@pytest.mark.parametrize("had_card", [True, False])
def test_a_stale_card_on_the_grading_path_is_rebuilt(trainee: User, had_card: bool) -> None:
    """Two tabs read the family's card before either is graded (``record_grade`` with the card
    read first, as ``submit_answer`` does; on PostgreSQL the card's write is a step of the one
    grading statement, guarded by the card as read). The second finds the card changed (or, for
    a family's first answers, created) since its read: the family is rebuilt, nothing lost."""
    if had_card:
        graded(trainee)
    first, second = graded(trainee, grade=False), graded(trainee, grade=False)
    read_first, read_second = services.read_card(first), services.read_card(second)
    assert (read_first.card_id is None) is (not had_card)
    assert record_grade(first, _verdict(True), read_first)
    assert record_grade(second, _verdict(False), read_second)  # its guard fails: rebuilt
    card = FamilyCard.objects.get(user=trainee)
    assert card.answers == (3 if had_card else 2)
    assert card.misses == 1
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)


def test_grading_an_answer_twice_with_its_card_counts_it_once(trainee: User) -> None:
    attempt = graded(trainee, grade=False)
    read = services.read_card(attempt)
    assert record_grade(attempt, _verdict(True), read)
    attempt.status = "received"  # a second grader holding the same attempt and card
    assert record_grade(attempt, _verdict(True), read) is False
    assert FamilyCard.objects.get(user=trainee).answers == 1
    assert services.stored_memories(trainee.pk) == services.memories_from_attempts(trainee.pk)
