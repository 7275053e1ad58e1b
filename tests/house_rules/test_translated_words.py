"""Setting labels and values, help lines, game names and skill family labels are English
message IDs that go through ``gettext`` where a page shows them. Spanish has no catalogue
here, so the tests put a marking ``gettext`` in its place and look for the marks."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from drills.house_rules import presenters
from drills.learning import selectors as learning
from drills.rule_versions import selectors as versions
from drills.templatetags import labels as label_tags
from games.blackjack.rules import BlackjackRules
from games.house_math import house_math
from games.jack_switch.rules import JackSwitchRules
from games.over_under_26.rules import OverUnderRules


def marked(message: str) -> str:
    return f"«{message}»"


def test_setting_lines_translate_the_labels_and_the_value_words(monkeypatch) -> None:
    monkeypatch.setattr(versions, "gettext", marked)
    assert BlackjackRules().surrender_offered  # RULES.md BJ-R1: offered
    lines = {line.label: line for line in versions.setting_lines("blackjack", {"surrender_offered": False})}
    surrender = lines["«Surrender offered»"]
    assert (surrender.rule_id, surrender.value, surrender.default) == ("BJ-R1", "«no»", "«yes»")
    assert lines["«Decks in the shoe»"].value == "6"  # a number is no word
    rows = versions.change_rows("blackjack", {}, {"surrender_offered": False})
    assert [(row.label, row.old, row.new) for row in rows] == [("«Surrender offered»", "«yes»", "«no»")]


def test_an_empty_pay_table_says_not_paid_in_the_readers_language(monkeypatch) -> None:
    monkeypatch.setattr(versions, "gettext", marked)
    table = JackSwitchRules().super_match
    assert versions.shown_value("super_match", table, only=set()) == "«not paid»"  # no row paid
    assert OverUnderRules().bonus_pay_table is None  # RULES.md: no Bonus unless a house sets one
    assert versions.shown_value("bonus_pay_table", None) == "«none»"


def test_the_editor_translates_each_settings_label_help_and_rows(monkeypatch) -> None:
    monkeypatch.setattr(presenters, "gettext", marked)
    text = presenters.setting_text(BlackjackRules, "decks")
    assert text == presenters.SettingText("«Decks in the shoe»", "BJ-1", "«Decks shuffled together, 1 to 8.»")
    assert presenters.setting_text(BlackjackRules, "no_such_setting").help == ""  # no help: nothing to translate
    assert ("four-of-a-kind", "«Four of a kind»") in (presenters.key_choices("super_match") or [])
    bonus = dict(presenters.key_choices("bonus_pay_table") or [])
    assert bonus["9"] == "«Total 9»"
    assert bonus["joker"] == "«Joker hand (OU-4b)»"


def test_a_game_name_is_translated_where_a_page_shows_it(monkeypatch) -> None:
    monkeypatch.setattr(label_tags, "gettext", marked)
    page = Template("{% load labels %}{{ slug|game_name }}").render(Context({"slug": "jack-switch"}))
    assert page == "«Jack Switch»"


def test_skill_family_labels_are_translated_per_language(monkeypatch) -> None:
    assert learning.family_title("js-settle-dealer-22", "22-push").endswith(": Dealer 22 push")
    monkeypatch.setattr(learning, "gettext", marked)
    assert learning.family_label("js-settle-dealer-22", "22-push") == "«Dealer 22 push»"
    with translation.override("es"):  # worked out again for another language, not the English cached above
        title = learning.family_title("js-settle-dealer-22", "22-push")
    assert title.endswith(": «Dealer 22 push»")
    assert "«Jack Switch»" in title  # the game in the kind's name too


@pytest.mark.parametrize("game", ["blackjack", "jack-switch", "pai-gow", "over-under-26"])
def test_the_english_pages_read_as_before(game) -> None:
    assert all(line.label and "_" not in line.label for line in versions.setting_lines(game, {}))


def test_the_math_panel_and_the_house_ways_are_worded_through_gettext(monkeypatch) -> None:
    monkeypatch.setattr(presenters, "gettext", marked)
    rules = JackSwitchRules.from_mapping({"pair_bonus": {"same-suit-pair": "1000:1"}})
    view = presenters.math_view(house_math(rules), rules)
    assert [row.label for row in view.returns] == ["«Super Match»", "«Pair bonus»"]
    assert view.warnings == [
        "««Pair bonus»: these values give the player the edge, +1509.32\u00a0% in the long run (JS-PB, JS-1).»"
    ]
    assert view.dealer_columns[0].label == "«Stands on soft 17 (S17)»"
    assert [row.label for row in view.dealer_rows][-2:] == ["«Bust»", "«Blackjack»"]
    assert ("pg-h", "«The logical way (PG-H)»") in (presenters.text_choices("house_way") or [])
