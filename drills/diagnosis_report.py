"""The diagnosis report: for every drill kind, the share of wrong answers that get a specific
diagnosis (a named mistake or a shape, not just "what differs"), by where the answer came from.

Each kind is measured by :func:`drills.kinds.diagnosis.measure_kind` (every named mistake's
answer plus random wrong values, for each seed and difficulty) under rules it can be drilled
under: the game's defaults (RULES.md); where a kind is unavailable under them, the defaults
with the example values it needs (the example Over/Under Bonus pay table, which is not the
seed's, OU-10); a "what changed" kind under its game's example change
(:data:`drills.kinds._changes.EXAMPLE_CHANGES`). ``manage.py diagnosis_report`` prints it.
Pure Python: no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from drills.kinds._changes import EXAMPLE_CHANGES, example_change
from drills.kinds.base import DrillKind, all_kinds
from drills.kinds.diagnosis import KindShare, measure_kind
from drills.kinds.what_changed import is_change_kind
from games.house_rules import HouseRules
from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE
from games.registry import rules_class

EXAMPLE_VALUES: Mapping[str, Mapping[str, Any]] = {
    "over-under-26": {"bonus_pay_table": EXAMPLE_BONUS_PAY_TABLE.to_mapping()},
}
"""Per game, the values a kind unavailable under the defaults is measured with."""


class NotMeasurableError(LookupError):
    """A kind that cannot be drilled under the defaults nor the example values."""


def rules_for(kind: DrillKind[Any]) -> HouseRules:
    """The rules a kind is measured under (see the module's note)."""
    if is_change_kind(kind):
        if kind.game not in EXAMPLE_CHANGES:
            raise NotMeasurableError(f"{kind.slug}: no example change for {kind.game}")
        return example_change(kind.game)
    rules = rules_class(kind.game)()
    if kind.unavailable_reason(rules) is None:
        return rules
    values = EXAMPLE_VALUES.get(kind.game)
    if values is not None:
        rules = rules_class(kind.game).from_mapping(values)
        if kind.unavailable_reason(rules) is None:
            return rules
    raise NotMeasurableError(f"{kind.slug}: {kind.unavailable_reason(rules)}")


@dataclass(frozen=True)
class Report:
    """Every kind's share (in the registry's order) and the kinds that could not be measured."""

    shares: tuple[KindShare, ...]
    skipped: tuple[tuple[str, str], ...] = ()  # (slug, why)

    @property
    def total(self) -> int:
        return sum(share.total for share in self.shares)

    @property
    def specific(self) -> int:
        return sum(share.specific for share in self.shares)

    @property
    def share(self) -> Decimal:
        return Decimal(self.specific) / Decimal(self.total) if self.total else Decimal(0)


def measure(seeds: Iterable[int], prefixes: Sequence[str] = ()) -> Report:
    """Measure every kind whose slug starts with one of ``prefixes`` (all when none)."""
    seeds = tuple(seeds)
    shares: list[KindShare] = []
    skipped: list[tuple[str, str]] = []
    for kind in all_kinds():
        if prefixes and not any(kind.slug.startswith(prefix) for prefix in prefixes):
            continue
        try:
            rules = rules_for(kind)
        except NotMeasurableError as error:
            skipped.append((kind.slug, str(error)))
            continue
        shares.append(measure_kind(kind, rules, seeds))
    return Report(tuple(shares), tuple(skipped))


def percent(share: Decimal) -> str:
    """A share as a rounded percentage ("92%")."""
    return f"{(share * 100).quantize(Decimal('1'))}%"


def report_lines(report: Report) -> list[str]:
    """The report as text: a line per kind (specific/total, share, then by source), the
    kinds skipped and why, and the overall share."""
    width = max((len(share.kind) for share in report.shares), default=10)
    lines = []
    for share in report.shares:
        sources = ", ".join(f"{source} {done}/{count}" for source, (done, count) in sorted(share.by_source.items()))
        lines.append(
            f"{share.kind:<{width}}  {share.specific:>5}/{share.total:<5} {percent(share.share):>4}  {sources}"
        )
    lines += [f"{slug:<{width}}  not measured: {why}" for slug, why in report.skipped]
    lines.append(f"{'overall':<{width}}  {report.specific:>5}/{report.total:<5} {percent(report.share):>4}")
    return lines
