"""``manage.py diagnosis_report``: the share of wrong answers with a specific diagnosis, per kind."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from drills.diagnosis_report import measure, rules_for
from drills.kinds._changes import RuleChange
from drills.kinds.base import get_kind
from games.over_under_26 import OverUnderRules

LINE = re.compile(r"^(?P<kind>\S+)\s+(?P<specific>\d+)/(?P<total>\d+)\s+(?P<share>\d+)%")


def report(*args: str) -> list[str]:
    out = StringIO()
    call_command("diagnosis_report", *args, stdout=out)
    return out.getvalue().splitlines()


def test_the_report_prints_each_kind_its_sources_and_the_overall_share():
    lines = report("--seeds", "2", "--kind", "ou-", "--kind", "pg-what")
    rows = {match["kind"]: match for line in lines if (match := LINE.match(line))}
    assert set(rows) == {"ou-total", "ou-settle", "ou-bonus", "ou-what-changed", "pg-what-changed", "overall"}
    expected = measure(range(2), ["ou-", "pg-what"])
    by_kind = {share.kind: share for share in expected.shares}
    for slug, share in by_kind.items():
        assert (int(rows[slug]["specific"]), int(rows[slug]["total"])) == (share.specific, share.total)
        assert share.total > 0  # the Bonus and the what-changed kinds are measured under rules that have them
    assert int(rows["overall"]["total"]) == sum(share.total for share in by_kind.values())
    bonus_line = next(line for line in lines if line.startswith("ou-bonus"))
    assert "mistake:ou-first-joker-bonus-lost" in bonus_line or "mistake:ou-bonus-stake-added" in bonus_line
    assert "random " in bonus_line


def test_kinds_unavailable_by_default_are_measured_under_example_rules():
    bonus = rules_for(get_kind("ou-bonus"))
    assert isinstance(bonus, OverUnderRules)
    assert bonus.bonus_pay_table is not None
    assert rules_for(get_kind("ou-total")) == OverUnderRules()  # the defaults wherever the kind runs under them
    change = rules_for(get_kind("bj-what-changed"))
    assert isinstance(change, RuleChange)
    assert change.changed_settings()


@pytest.mark.parametrize(("args", "message"), [(("--seeds", "0"), "at least 1"), (("--kind", "zz-"), "zz-")])
def test_bad_arguments_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        report(*args)
