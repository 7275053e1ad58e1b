"""The review policy: what a candidate sees in each phase of a sitting (pure Python).

Phases (as Moodle's review options):

- ``during``: the sitting is open and its deadline has not passed;
- ``after_submit``: the sitting is over (submitted, or its time ran out) but the exam has
  not closed yet;
- ``after_close``: the exam has closed: at the blueprint's ``closes_at`` when it has one,
  else at the sitting's own deadline (a candidate who submits early stays in
  ``after_submit`` until their time would have run out).

What can be shown: the ``score`` (overall and per section, pass or fail, and whether each
item was right), the right ``answers``, and the ``explanations`` (with the rule IDs).
Whatever the policy shows *during* the sitting is shown per item once that item is
answered, and the item then locks (its answer stands), so feedback can never be used to
probe for the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Phase(StrEnum):
    DURING = "during"
    AFTER_SUBMIT = "after_submit"
    AFTER_CLOSE = "after_close"


@dataclass(frozen=True)
class Reveal:
    """What one phase shows."""

    score: bool = False
    answers: bool = False
    explanations: bool = False

    @property
    def anything(self) -> bool:
        return self.score or self.answers or self.explanations


@dataclass(frozen=True)
class ReviewPolicy:
    during: Reveal
    after_submit: Reveal
    after_close: Reveal

    def reveal(self, phase: Phase) -> Reveal:
        """
        >>> policy = ReviewPolicy(Reveal(), Reveal(score=True), Reveal(True, True, True))
        >>> policy.reveal(Phase.AFTER_SUBMIT)
        Reveal(score=True, answers=False, explanations=False)
        """
        return {Phase.DURING: self.during, Phase.AFTER_SUBMIT: self.after_submit, Phase.AFTER_CLOSE: self.after_close}[
            phase
        ]

    @property
    def locks_answers(self) -> bool:
        """Feedback during the sitting makes an answered item final."""
        return self.during.anything


def phase_of(*, is_open: bool, deadline: datetime, closes_at: datetime | None, now: datetime) -> Phase:
    """The phase a sitting is in at ``now``.

    >>> from datetime import datetime, timezone
    >>> t = lambda minute: datetime(2025, 1, 1, 12, minute, tzinfo=timezone.utc)
    >>> phase_of(is_open=True, deadline=t(30), closes_at=None, now=t(10))
    <Phase.DURING: 'during'>
    >>> phase_of(is_open=False, deadline=t(30), closes_at=None, now=t(10))
    <Phase.AFTER_SUBMIT: 'after_submit'>
    >>> phase_of(is_open=True, deadline=t(30), closes_at=None, now=t(30))
    <Phase.AFTER_CLOSE: 'after_close'>
    >>> phase_of(is_open=False, deadline=t(30), closes_at=t(45), now=t(40))
    <Phase.AFTER_SUBMIT: 'after_submit'>
    """
    if is_open and now < deadline:
        return Phase.DURING
    closes = closes_at if closes_at is not None and closes_at > deadline else deadline
    return Phase.AFTER_CLOSE if now >= closes else Phase.AFTER_SUBMIT
