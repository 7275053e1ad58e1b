"""House rule sets as data: validation through the engine, defaults, the selector."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from drills import selectors
from drills.models import Property, RuleSet
from drills.services.rules import make_default
from games.money import Ratio
from games.registry import GAMES, default_rules, rules_class


def engine_installed(game: str) -> bool:
    try:
        rules_class(game)
    except ImportError:
        return False
    return True


def new_rule_set(property: Property, game: str, values: object, slug: str = "set", **extra: object) -> RuleSet:
    return RuleSet(property=property, game=game, slug=slug, name="A rule set", values=values, **extra)


GOOD = [
    ("blackjack", {}),
    ("blackjack", {"blackjack_pays": "6:5"}),
    ("blackjack", {"dealer_hits_soft_17": True, "decks": 8}),
    ("jack-switch", {"super_match": {"one-pair": "1:1", "three-of-a-kind": "4:1"}}),
    ("jack-switch", {"bonus_limits": "10-200: 1-100"}),
    ("over-under-26", {"win_return_multiple": 5}),
    ("pai-gow", {"collection_fee": "1.00"}),
    ("pai-gow", {"house_way": "pg-h", "wheel_lowest_straight": False}),
    ("over-under-26", {"bonus_pay_table": {"8": "100:1", "26": "5:1", "joker": "1:1"}}),
    ("blackjack", {"blackjack_paid_at_turn": False, "settle_box_by_box": True}),
    ("jack-switch", {"blackjack_paid_at_turn": False}),
    ("pai-gow", {"stacks_to_empty_positions": False}),
    ("over-under-26", {"max_boxes": 3}),
]

BAD = [
    # (game, values, the setting the message must name)
    ("blackjack", {"blackjack_pays": "-3:2"}, "blackjack_pays"),
    ("blackjack", {"blackjack_pays": "lots"}, "blackjack_pays"),
    ("blackjack", {"dealer_hits_soft_17": "yes"}, "dealer_hits_soft_17"),
    ("blackjack", {"decks": 0}, "decks"),
    ("blackjack", {"hole_card": True}, "hole_card"),
    ("blackjack", ["not", "an", "object"], None),
    ("jack-switch", {"super_match": {"one-pair": "-1:1"}}, "super_match"),
    ("jack-switch", {"super_match": {"one-pair": 1.5}}, "super_match"),
    ("jack-switch", {"pair_bonus": {"royal-pair": "10:1"}}, "pair_bonus"),
    ("jack-switch", {"bonus_limits": "10-200: 200-1"}, "bonus_limits"),
    ("over-under-26", {"bonus_pay_table": {"8": "-5:1"}}, "bonus_pay_table"),
    ("over-under-26", {"bonus_pay_table": {"45": "1:1"}}, "bonus_pay_table"),
    ("over-under-26", {"win_return_multiple": 1}, "win_return_multiple"),
    ("over-under-26", {"colour": "red"}, "colour"),
    ("pai-gow", {"house_way": "commerce"}, "house_way"),
    ("pai-gow", {"collection_fee": "-1"}, "collection_fee"),
    ("pai-gow", {"collection_fee": 0.5}, "collection_fee"),
    ("blackjack", {"blackjack_paid_at_turn": "later"}, "blackjack_paid_at_turn"),
    ("blackjack", {"settle_box_by_box": 1}, "settle_box_by_box"),
    ("jack-switch", {"settle_box_by_box": "yes"}, "settle_box_by_box"),
    ("pai-gow", {"stacks_to_empty_positions": "seated"}, "stacks_to_empty_positions"),
    ("over-under-26", {"max_boxes": 8}, "max_boxes"),
    ("over-under-26", {"max_boxes": 0}, "max_boxes"),
]


def skip_without_engine(game: str) -> None:
    if not engine_installed(game):
        pytest.skip(f"the {game} engine has not landed yet")


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "values"), GOOD)
def test_good_values_are_accepted_and_stored_canonically(
    casino: Property, game: str, values: dict[str, object]
) -> None:
    skip_without_engine(game)
    rule_set = new_rule_set(casino, game, values)
    rule_set.full_clean()
    rule_set.save()
    assert set(rule_set.values) == set(values)  # only what was set is stored
    assert rule_set.as_rules() == rules_class(game).from_mapping(values)
    # What is stored reads back as the same rules, and the rest are the RULES.md defaults.
    effective = RuleSet.objects.get(pk=rule_set.pk).effective_values()
    assert effective == {**default_rules(game).to_mapping(), **rule_set.values}


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "values", "setting"), BAD)
def test_bad_values_are_refused_naming_the_setting(
    casino: Property, game: str, values: object, setting: str | None
) -> None:
    skip_without_engine(game)
    with pytest.raises(ValidationError) as refused:
        new_rule_set(casino, game, values).full_clean()
    messages = refused.value.message_dict
    assert list(messages) == ["values"]
    (message,) = messages["values"]
    if setting is None:  # not an object of settings at all
        assert message == "must be a JSON object of setting: value"
    else:
        assert message.startswith(f"{setting}: ")
        assert len(message) > len(setting) + 10  # says what is wrong, not only where


@pytest.mark.django_db
def test_values_are_canonical_after_clean(casino: Property) -> None:
    rule_set = new_rule_set(casino, "blackjack", {"blackjack_pays": " 6 : 5 "})
    rule_set.full_clean()
    assert rule_set.values == {"blackjack_pays": "6:5"}


@pytest.mark.django_db
def test_unknown_game_is_refused(casino: Property) -> None:
    with pytest.raises(ValidationError) as refused:
        new_rule_set(casino, "roulette", {}).full_clean()
    assert "game" in refused.value.message_dict


@pytest.mark.django_db
def test_at_most_one_default_per_property_and_game(casino: Property, rule_set: RuleSet) -> None:
    second = new_rule_set(casino, "blackjack", {}, slug="second", is_default=True)
    with pytest.raises(ValidationError) as refused:
        second.full_clean()
    assert "already has a default rule set" in str(refused.value)
    with pytest.raises(IntegrityError):
        second.save()


@pytest.mark.django_db
def test_defaults_of_different_games_and_properties_coexist(casino: Property, other_casino: Property) -> None:
    for property in (casino, other_casino):
        for game in ("blackjack", "over-under-26"):
            rule_set = new_rule_set(property, game, {}, slug=f"{property.slug}-{game}", is_default=True)
            rule_set.full_clean()
            rule_set.save()
    assert RuleSet.objects.filter(is_default=True).count() == 4


@pytest.mark.django_db
def test_make_default_moves_the_default(casino: Property, rule_set: RuleSet) -> None:
    other = new_rule_set(casino, "blackjack", {}, slug="plain")
    other.save()
    make_default(other)
    rule_set.refresh_from_db()
    assert (rule_set.is_default, RuleSet.objects.get(slug="plain").is_default) == (False, True)
    assert selectors.default_rule_set(casino, "blackjack") == other


@pytest.mark.django_db
def test_rules_for_uses_the_property_default_else_rules_md(casino: Property, other_casino: Property) -> None:
    assert selectors.rules_for(casino, "blackjack") == default_rules("blackjack")
    assert selectors.rules_for(None, "over-under-26") == default_rules("over-under-26")
    six_five = new_rule_set(casino, "blackjack", {"blackjack_pays": "6:5"}, is_default=True)
    six_five.full_clean()
    six_five.save()
    rules = selectors.rules_for(casino, "blackjack")
    assert rules.blackjack_pays == Ratio(6, 5)  # type: ignore[attr-defined]
    assert selectors.rules_for(other_casino, "blackjack").blackjack_pays == Ratio(3, 2)  # type: ignore[attr-defined]
    # A non-default set of the property does not change the property's rules.
    assert selectors.rules_for(casino, "over-under-26") == default_rules("over-under-26")


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(GAMES))
def test_every_installed_game_refuses_an_unknown_setting(casino: Property, game: str) -> None:
    skip_without_engine(game)
    with pytest.raises(ValidationError, match="no_such_setting: unknown setting"):
        new_rule_set(casino, game, {"no_such_setting": Decimal("1")}).full_clean()
