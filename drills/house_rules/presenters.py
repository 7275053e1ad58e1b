"""The words of the house-rules editor: each setting's label, rule ID and line of help, the
labels of pay-table rows and house ways, and the math panel's figures as people read them.

The engine names settings and figures by key (``dealer_hits_soft_17``, ``ou-bonus``); the
pages never show a key. A setting's label and rule ID come from the engine's one table
(:mod:`games.rule_settings`, which the version diffs read too); its help from :data:`HELP`.
A setting added to a rules class later shows with a label made from its name; no form code
changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from django.utils.translation import gettext, gettext_noop

from games.blackjack.rules import TwentyOneRules
from games.house_math import BetReturn, DealerOutcomes, HouseMath
from games.house_rules import HouseRules
from games.jack_switch.rules import PAIR_BONUS_COMBINATIONS, SUPER_MATCH_COMBINATIONS
from games.over_under_26.rules import HIGHEST_TOTAL, JOKER_KEY, LOWEST_TOTAL
from games.pai_gow.house_ways import HOUSE_WAYS
from games.rule_settings import setting_info

MINUS: Final = "\u2212"


@dataclass(frozen=True)
class SettingText:
    label: str
    rule_id: str
    help: str


HELP: Final[dict[str, str]] = {
    "blackjack_pays": gettext_noop('What a blackjack pays, such as "3:2" or "6:5".'),
    "dealer_hits_soft_17": gettext_noop("Ticked: the dealer draws to a soft 17 (H17); unticked: stands on it (S17)."),
    "insurance_pays": gettext_noop('What a winning insurance bet pays, such as "2:1".'),
    "decks": gettext_noop("Decks shuffled together, 1 to 8."),
    "max_hands": gettext_noop("A box may be split into at most this many hands."),
    "double_after_split": gettext_noop("Ticked: a split hand (not split Aces) may double down."),
    "surrender_offered": gettext_noop("Ticked: a player may surrender half the bet on the first two cards."),
    "super_match": gettext_noop("What each combination of the first four cards pays; one left out loses."),
    "pair_bonus": gettext_noop("What each pair of a box's first two cards pays; one left out loses."),
    "bonus_limits": gettext_noop(
        'Per table limits, the bonus bet limits: "<table min>-<table max>: <bonus min>-<bonus max>", '
        "separated by commas."
    ),
    "win_return_multiple": gettext_noop(
        "Antes given back in all on a win, stakes included: 4 means a net 2 Antes with Under/Over up."
    ),
    "bonus_pay_table": gettext_noop(
        "What each four-card total pays on the Bonus; a total left out loses. No rows: Bonus bets are refused."
    ),
    "collection_fee": gettext_noop('An amount such as "1.00"; 0 for none.'),
    "house_way": gettext_noop("How the dealer sets the house's hand."),
    "wheel_lowest_straight": gettext_noop("Unticked: it ranks second-highest, below A-K-Q-J-T."),
    "blackjack_paid_at_turn": gettext_noop(
        "Ticked: a blackjack against a 2-9 is paid when its box's turn comes; unticked: with the winning bets."
    ),
    "settle_box_by_box": gettext_noop(
        "Ticked: each box settled whole, in reverse box order; unticked: insurance, losing bets, winning bets."
    ),
    "stacks_to_empty_positions": gettext_noop(
        "Ticked: all seven stacks delivered, dead hands discarded after; unticked: an empty spot's stack discarded."
    ),
    "max_boxes": gettext_noop("How many boxes the table seats, 1 to 7."),
}
"""A line of help per setting (English message IDs, translated by :func:`setting_text`); its label and
rule ID are the engine's (:mod:`games.rule_settings`)."""


_COMBINATION_LABELS: Final = {
    "one-pair": gettext_noop("One pair"),
    "two-pairs": gettext_noop("Two pairs"),
    "three-of-a-kind": gettext_noop("Three of a kind"),
    "four-of-a-kind": gettext_noop("Four of a kind"),
    "different-colour-pair": gettext_noop("Pair, different colours"),
    "same-colour-pair": gettext_noop("Pair, same colour"),
    "same-suit-pair": gettext_noop("Pair, same suit"),
}


def setting_text(rules_cls: type[HouseRules], name: str) -> SettingText:
    """The label and rule ID of a setting of ``rules_cls`` (one table for every page:
    :func:`games.rule_settings.setting_info`, which cites each game's own rule), and its help."""
    info = setting_info(rules_cls.GAME, name)
    help_text = HELP.get(name, "")
    return SettingText(gettext(info.label), info.rule_id, gettext(help_text) if help_text else "")


def key_choices(name: str) -> list[tuple[str, str]] | None:
    """The rows a pay table may have, labelled in the reader's language, or ``None`` for any key."""
    if name == "super_match":
        return [(key, gettext(_COMBINATION_LABELS.get(key, key))) for key in SUPER_MATCH_COMBINATIONS]
    if name == "pair_bonus":
        return [(key, gettext(_COMBINATION_LABELS.get(key, key))) for key in PAIR_BONUS_COMBINATIONS]
    if name == "bonus_pay_table":
        totals = [
            (str(total), gettext("Total %(total)s") % {"total": total})
            for total in range(LOWEST_TOTAL, HIGHEST_TOTAL + 1)
        ]
        return [*totals, (JOKER_KEY, gettext("Joker hand (OU-4b)"))]
    return None


def text_choices(name: str) -> list[tuple[str, str]] | None:
    """The values a text setting may take, labelled, or ``None`` for free text."""
    if name == "house_way":
        return [(key, gettext(way.label)) for key, way in sorted(HOUSE_WAYS.items())]  # engine message IDs
    return None


# --- the math panel ------------------------------------------------------------------------


def percent(value: Fraction) -> str:
    """A fraction as a percentage rounded half away from zero to two decimals, with a true
    minus sign: ``Fraction(-18, 311)`` -> ``"−5.79 %"``.

    >>> percent(Fraction(-18, 311)), percent(Fraction(1, 8)), percent(Fraction(0))
    ('−5.79\\xa0%', '+12.50\\xa0%', '0.00\\xa0%')
    """
    hundredths = int(abs(value) * 10_000 * 2 + 1) // 2
    sign = "" if value == 0 else (MINUS if value < 0 else "+")
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}\u00a0%"


def share(value: Fraction) -> str:
    """A probability as a percentage (no sign): ``"28.19 %"``."""
    return percent(value).lstrip("+")


RETURN_LABELS: Final = {
    "super-match": gettext_noop("Super Match"),
    "pair-bonus": gettext_noop("Pair bonus"),
    "ou-base": gettext_noop("Base game, per Ante (best play)"),
    "ou-bonus": gettext_noop("Bonus bet"),
}
"""The math panel's bets by key (English message IDs, translated where the panel shows them)."""

_OUTCOME_LABELS: Final = {
    "17": "17",
    "18": "18",
    "19": "19",
    "20": "20",
    "21": "21",
    "22": gettext_noop("22 (counted in bust)"),
    "bust": gettext_noop("Bust"),
    "blackjack": gettext_noop("Blackjack"),
}


@dataclass(frozen=True)
class ReturnRow:
    label: str
    rule_ids: str
    value: str
    player_edge: bool
    offered: bool


@dataclass(frozen=True)
class OutcomeRow:
    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class DealerColumn:
    label: str
    entered: bool


@dataclass(frozen=True)
class MathView:
    returns: list[ReturnRow]
    dealer_columns: list[DealerColumn]
    dealer_rows: list[OutcomeRow]
    dealer_rule_ids: str
    warnings: list[str]


def _return_row(figure: BetReturn) -> ReturnRow:
    label = gettext(RETURN_LABELS.get(figure.key, figure.key))
    if figure.expected_return is None:
        return ReturnRow(label, ", ".join(figure.rule_ids), gettext("not offered: no pay table"), False, False)
    return ReturnRow(label, ", ".join(figure.rule_ids), percent(figure.expected_return), figure.player_edge, True)


def _dealer(columns: Sequence[DealerOutcomes], push_22: bool) -> tuple[list[DealerColumn], list[OutcomeRow]]:
    hits, stands = gettext("Hits soft 17 (H17)"), gettext("Stands on soft 17 (S17)")
    heads = [DealerColumn(hits if column.hits_soft_17 else stands, column.entered) for column in columns]
    rows = []
    keys = [key for key, _ in columns[0].outcomes] if columns else []
    for index, key in enumerate(keys):
        pushes = key == "22" and push_22
        label = gettext("22 (pushes the hands in play, JS-4)") if pushes else gettext(_OUTCOME_LABELS.get(key, key))
        rows.append(OutcomeRow(label, tuple(share(column.outcomes[index][1]) for column in columns)))
    return heads, rows


def math_view(math: HouseMath, rules: HouseRules) -> MathView:
    """The figures of ``math`` as the panel shows them, with a warning per player edge."""
    returns = [_return_row(figure) for figure in math.returns]
    push_22 = isinstance(rules, TwentyOneRules) and rules.DEALER_PUSH_TOTAL == 22
    columns, rows = _dealer(math.dealer, push_22)
    warnings = [
        gettext("%(bet)s: these values give the player the edge, %(edge)s in the long run (%(rules)s).")
        % {
            "bet": gettext(RETURN_LABELS.get(figure.key, figure.key)),
            "edge": percent(figure.expected_return or Fraction(0)),
            "rules": ", ".join(figure.rule_ids),
        }
        for figure in math.player_edges
    ]
    rule_ids = ", ".join(math.dealer[0].rule_ids) if math.dealer else ""
    return MathView(returns, columns, rows, rule_ids, warnings)
