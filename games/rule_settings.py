"""What each house setting is called, for people: a label and the RULES.md rule it sets.

Pure data keyed by game slug and setting name (the fields of the games' rules classes);
pages, diffs and forms read it so that nobody sees ``dealer_hits_soft_17``. The labels are
English message IDs (marked with :func:`~games.reasons.gettext_noop`): whoever shows one
translates it.

>>> setting_info("blackjack", "dealer_hits_soft_17")
SettingInfo(label='Dealer hits soft 17', rule_id='BJ-8')
>>> setting_info("jack-switch", "blackjack_pays").rule_id
'JS-3'
>>> setting_info("blackjack", "some_new_setting")  # unknown: a readable fallback, no rule
SettingInfo(label='Some new setting', rule_id='')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from games.reasons import gettext_noop


@dataclass(frozen=True, slots=True)
class SettingInfo:
    label: str
    rule_id: str


_TWENTY_ONE: Final = {
    "blackjack_pays": SettingInfo(gettext_noop("Blackjack pays"), "BJ-5"),
    "dealer_hits_soft_17": SettingInfo(gettext_noop("Dealer hits soft 17"), "BJ-8"),
    "insurance_pays": SettingInfo(gettext_noop("Insurance pays"), "BJ-I2"),
    "decks": SettingInfo(gettext_noop("Decks in the shoe"), "BJ-1"),
    "max_hands": SettingInfo(gettext_noop("Most hands a box may split into"), "BJ-S2"),
    "double_after_split": SettingInfo(gettext_noop("Double after split"), "BJ-D2"),
    "surrender_offered": SettingInfo(gettext_noop("Surrender offered"), "BJ-R1"),
    "blackjack_paid_at_turn": SettingInfo(gettext_noop("Blackjack paid at its box's turn"), "BJ-P5"),
    "settle_box_by_box": SettingInfo(gettext_noop("Settlement box by box"), "BJ-P9"),
}

SETTINGS: Final[dict[str, dict[str, SettingInfo]]] = {
    "blackjack": _TWENTY_ONE,
    "jack-switch": {
        **_TWENTY_ONE,
        # The same settings, under Jack Switch's own rule IDs (labels written once, above).
        **{
            name: replace(_TWENTY_ONE[name], rule_id=rule_id)
            for name, rule_id in (
                ("blackjack_pays", "JS-3"),
                ("dealer_hits_soft_17", "JS-5"),
                ("decks", "JS-1"),
                ("blackjack_paid_at_turn", "JS-P5"),
            )
        },
        "super_match": SettingInfo(gettext_noop("Super Match pay table"), "JS-SM"),
        "pair_bonus": SettingInfo(gettext_noop("Pair bonus pay table"), "JS-PB"),
        "bonus_limits": SettingInfo(gettext_noop("Bonus bet limits per table limits"), "JS-L"),
    },
    "pai-gow": {
        "collection_fee": SettingInfo(gettext_noop("Collection fee per hand"), "PG-F"),
        "house_way": SettingInfo(gettext_noop("House way"), "PG-H"),
        "wheel_lowest_straight": SettingInfo(gettext_noop("A-2-3-4-5 is the lowest straight"), "PG-R"),
        "stacks_to_empty_positions": SettingInfo(gettext_noop("Stacks delivered to empty positions too"), "PG-P3"),
    },
    "over-under-26": {
        "win_return_multiple": SettingInfo(gettext_noop("A win returns this many Antes"), "OU-W"),
        "bonus_pay_table": SettingInfo(gettext_noop("Bonus pay table"), "OU-10"),
        "max_boxes": SettingInfo(gettext_noop("Boxes at the table"), "OU-P0"),
    },
}
"""game slug -> setting name -> its label and rule ID."""


def setting_info(game: str, setting: str) -> SettingInfo:
    """The label and rule of a setting; an unknown one gets its name in words and no rule."""
    known = SETTINGS.get(game, {}).get(setting)
    if known is not None:
        return known
    return SettingInfo(setting.replace("_", " ").strip().capitalize(), "")
