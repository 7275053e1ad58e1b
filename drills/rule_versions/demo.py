"""The demo casino's version history (issue 16), so that a newcomer sees the feature:

* Blackjack, version 2 in force: 6:5 and the dealer hits soft 17, proposed by ``staff``,
  signed off by ``admin``; the trainees have its "what changed" assignment;
* Pai Gow, version 2 waiting for sign-off: the Atlantic City house way from next week,
  proposed by ``admin``; ``staff`` signs it off (menu "Sign-offs").

Made once: a rule set that already has a version past 1 is left as it is.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from django.utils import timezone

from drills.models import RuleSet, User
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.services import announce_adoption, apply_due_versions, propose_version, sign_off

IN_FORCE_VALUES: Final = {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}
IN_FORCE_REASON: Final = "Demo: the floor manager's memo of the month: 6:5 blackjack and H17 on the main floor."
PENDING_VALUES: Final = {"house_way": "ballys-ac"}
PENDING_REASON: Final = "Demo: the Atlantic City house way from next week, as the sister property deals it."
PENDING_IN_DAYS: Final = 7


def _fresh(rule_set: RuleSet) -> bool:
    """Only version 1 so far (made with the rule set, or now)."""
    apply_due_versions(rule_set)
    return not RuleSetVersion.objects.filter(rule_set=rule_set, number__gt=1).exists()


def load_versions(rule_sets: dict[str, RuleSet], users: dict[str, User]) -> list[str]:
    """Make the history (once) and say what there is, in lines for the command's output."""
    staff, admin = users["staff"], users["admin"]
    blackjack, pai_gow = rule_sets.get("blackjack"), rule_sets.get("pai-gow")
    today = timezone.localdate()
    if blackjack is not None and _fresh(blackjack):
        version = propose_version(blackjack, IN_FORCE_VALUES, author=staff, reason=IN_FORCE_REASON,
                                  effective_from=today)
        sign_off(version, by=admin)
        first = RuleSetVersion.objects.get(rule_set=blackjack, number=1)
        announce_adoption(version.pk, first.pk)  # at once (the queued task then finds it done)
    if pai_gow is not None and _fresh(pai_gow):
        propose_version(pai_gow, PENDING_VALUES, author=admin, reason=PENDING_REASON,
                        effective_from=today + dt.timedelta(days=PENDING_IN_DAYS))
    lines = []
    if blackjack is not None:
        lines.append("Blackjack: version 2 (6:5, dealer hits soft 17) in force, proposed by staff, signed off by "
                     "admin; trainees are assigned What changed (Blackjack).")
    if pai_gow is not None:
        lines.append("Pai Gow: version 2 (Atlantic City house way) waits for sign-off: log in as staff, Sign-offs.")
    return lines
