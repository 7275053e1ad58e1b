"""Joker's Wild Pai Gow drills on one hand's cards: name the hand (PG-R, PG-J), set it the
house way (PG-H), fouled or not (PG-12, PG-13). Registered by :mod:`drills.kinds.pai_gow`.

Situations are the bodies of the rulings door's ``rank``, ``house-way`` and ``foul``
questions, so every key is checked against the door.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from itertools import combinations

from drills.kinds._pai_gow_deal import (
    GAME,
    YES_NO,
    Pack,
    field_shapes,
    five_of,
    house_facts,
    house_setting,
    named,
    seven_of,
    yes_no,
)
from drills.kinds._pai_gow_situations import Cards, SetHand
from drills.kinds.base import (
    JSON,
    AnswerField,
    CardGroup,
    Difficulty,
    DrillKind,
    Family,
    FieldType,
    Grade,
    NamedMistake,
    Prompt,
    Scenario,
    Solution,
    sort_cards_json,
)
from drills.kinds.messages import gettext_noop
from games.cards import AnyCard, Card, Joker, Rank, format_cards, parse_card, parse_cards
from games.pai_gow import Category, PaiGowRules, Setting, check_foul, house_way, rank_hand, words
from games.pai_gow.codes import codes_of
from games.pai_gow.house_ways.base import PlaceFunction
from games.players.pai_gow import all_splits, fouled_setting, odd_split, other_setting, strengths
from games.reasons import Reason, explain

CATEGORY_CHOICES = tuple((category.value, label) for category, label in words.CATEGORY_CHOICE_LABELS.items())
FRONT_CHOICES = (("pair", gettext_noop("Pair")), ("high-card", gettext_noop("No pair (high card)")))
TOP_CHOICES = tuple((Rank.from_high(high).value.lower(), str(Rank.from_high(high).value).replace("T", "10"))
                    for high in range(14, 1, -1))
CATEGORY_LABEL = dict(CATEGORY_CHOICES)
NamedMistakeSolver = Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]


def _cards(texts: Sequence[str]) -> tuple[AnyCard, ...]:
    return parse_cards(texts)


def _has_joker(cards: Sequence[AnyCard]) -> bool:
    return any(isinstance(card, Joker) for card in cards)


def _top(best: Sequence[AnyCard]) -> str:
    """The rank letter of a two-card hand's pair or highest card (``a`` … ``2``)."""
    high = max(card.rank.high for card in best if isinstance(card, Card))
    return Rank.from_high(high).value.lower()


def _jokers_as_aces(cards: Sequence[AnyCard]) -> list[tuple[AnyCard, ...]]:
    """Every way to read each joker as an Ace the cards do not hold (one Ace each);
    empty when there are not enough such Aces. The wrong rule "a joker is only an Ace"."""
    jokers = [index for index, card in enumerate(cards) if isinstance(card, Joker)]
    held = {card for card in cards if isinstance(card, Card)}
    free = [ace for ace in (parse_card(f"A{suit}") for suit in "SHDC") if ace not in held]
    readings = []
    for aces in combinations(free, len(jokers)):
        swapped = list(cards)
        for index, ace in zip(jokers, aces, strict=True):
            swapped[index] = ace
        readings.append(tuple(swapped))
    return readings


# --- 1. name the hand --------------------------------------------------------------------------


HOUSE_WAY_FAMILIES = tuple(
    Family(f"step-{number}", f"{label} (house way step {number})")
    for number, label in (
        (1, "Five of a kind"),
        (2, "Four of a kind"),
        (3, "Full house or two trips"),
        (4, "Straight or flush"),
        (5, "Three pair"),
        (6, "Two pair"),
        (7, "Three of a kind"),
        (8, "One pair"),
        (9, "No pair"),
    )
)
"""The house way's families are its steps (PG-H): the solver names the step that applied."""


class PaiGowNameHand(DrillKind[PaiGowRules]):
    """Name a five-card or two-card hand, jokers wild (PG-R, PG-J)."""

    slug = "pg-name-hand"
    game = GAME
    title = gettext_noop("Name the hand")
    description = gettext_noop("A five-card or two-card hand, jokers included: what is it?")
    target_seconds = 8
    families = (Family("joker", "Hands with a joker", ("PG-J",)),)
    general_label = gettext_noop("Hands without a joker")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        if difficulty is Difficulty.EASY:
            shape = rng.choice(("high", "pair", "two-pair", "trips", "straight", "flush", "full", "quads"))
            return Cards(tuple(five_of(pack, rng, shape))).to_json()
        if difficulty is Difficulty.NORMAL:
            if rng.random() < 0.2:
                return Cards(tuple(pack.deal(2))).to_json()
            shape = rng.choice(("high", "pair", "two-pair", "trips", "straight", "flush", "full", "quads",
                                "straight-flush"))
            return Cards(tuple(five_of(pack, rng, shape, 1 if rng.random() < 0.3 else 0))).to_json()
        roll = rng.random()
        if roll < 0.25:  # the two-card hand with jokers: pairs its partner; two jokers are Aces
            jokers = rng.choice((1, 1, 2))
            cards = [card for card in (pack.joker() for _ in range(jokers)) if card is not None]
            cards += pack.deal(2 - len(cards), jokers=False)
            rng.shuffle(cards)
            return Cards(tuple(cards)).to_json()
        shape, jokers, top = rng.choice((
            ("five", 1, None), ("five", 2, None), ("straight", 1, None), ("straight", 2, None),
            ("flush", 1, None), ("flush", 2, None), ("straight-flush", 1, None), ("straight", 0, 5),
            ("straight", 1, 5), ("straight-flush", 1, 5), ("quads", 1, None), ("full", 1, None),
        ))
        return Cards(tuple(five_of(pack, rng, shape, jokers, top=top))).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        cards = Cards.from_json(situation).cards
        value = rank_hand(cards, rules.wheel_lowest_straight)
        key: dict[str, JSON] = {"rank": value.category.value}
        if len(cards) == 2:
            key["top"] = _top(value.best)
        reasons = words.hand_reasons(cards, value)
        return Solution(key=key, rules=tuple(sorted(words.cited(reasons))), reasons=reasons)

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        cards = tuple(format_cards(Cards.from_json(situation).cards))
        if len(cards) == 2:
            return Prompt(
                question=gettext_noop(
                    "This is a two-card (front) hand. Is it a pair, and a pair of what (or what is its "
                             "highest card)?"
                ),
                cards=(CardGroup("hand", gettext_noop("Two-card hand"), cards),),
            )
        return Prompt(question=gettext_noop("Name this five-card hand."), cards=(CardGroup("hand",
                                                                             gettext_noop("Five-card hand"), cards),))

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        if len(Cards.from_json(situation).cards) == 2:
            return (
                AnswerField("rank", gettext_noop("The hand is"), FieldType.CHOICE, choices=FRONT_CHOICES),
                AnswerField("top", gettext_noop("Pair of / highest card"), FieldType.CHOICE, choices=TOP_CHOICES),
            )
        return (AnswerField("rank", gettext_noop("The hand is"), FieldType.CHOICE, choices=CATEGORY_CHOICES),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "rank", Cards.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        key: dict[str, JSON] = {"rank": answer["rank"]}
        if len(answer["best"]) == 2:
            key["top"] = _top(parse_cards(answer["best"]))
        return key

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A hand named above what the cards make (what that needs) or below it (the better
        hand they make); a two-card hand read by its lower card, or a card it does not hold."""
        cards = Cards.from_json(scenario.situation).cards
        value = rank_hand(cards, rules.wheel_lowest_straight)

        def rank(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            if yours not in CATEGORY_LABEL:
                return None
            named = Category(yours)
            if named.order > value.category.order:
                return "pg-hand-named-too-high", (words.named_too_high(cards, named, value),)
            return "pg-hand-named-too-low", (words.named_too_low(cards, named, value),)

        def top(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            label = dict(TOP_CHOICES).get(yours)
            if label is None:
                return None
            held = {card.rank.value.lower() for card in cards if isinstance(card, Card)}
            if _has_joker(cards) and yours == "a" and due != "a":
                return "pg-front-joker-pairs", (words.front_joker_pairs(value),)
            if yours in held:
                return "pg-front-lower-card", (words.front_lower_card(label, value),)
            return "pg-front-top-not-held", (words.front_top_not_held(label, value),)

        return field_shapes(scenario.solution.key, answer, {"rank": rank, "top": top})

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def as_ace(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = Cards.from_json(situation).cards
            readings = _jokers_as_aces(cards)
            if not _has_joker(cards) or not readings:
                return None
            value = max(rank_hand(reading, rules.wheel_lowest_straight) for reading in readings)
            key: dict[str, JSON] = {"rank": value.category.value}
            if len(cards) == 2:
                key["top"] = _top(value.best)
            return key

        def two_jokers(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = Cards.from_json(situation).cards
            if len(cards) != 2 or not all(isinstance(card, Joker) for card in cards):
                return None
            value = rank_hand(parse_cards(["AS", "KS"]), rules.wheel_lowest_straight)  # two different cards
            return {"rank": value.category.value, "top": _top(value.best)}

        return (
            named("pg-joker-as-ace", as_ace),
            named("pg-two-jokers-not-aces", two_jokers),
        )


# --- 2. set the hand the house way ---------------------------------------------------------------

EASY_SEVENS = ("no-pair", "one-pair", "one-pair", "two-pair-high", "trips")
HARD_SEVENS = (
    "two-pair-mid-ace", "two-pair-mid", "two-pair-low-king", "two-pair-low", "two-pair-high", "straight-pair",
    "flush-pair", "straight-ace-pair", "joker-straight", "joker-flush", "joker-pair", "joker-trips", "joker-five",
    "two-jokers", "two-jokers-five", "quads-high", "quads-mid-keep", "quads-mid", "quads-low", "full-house",
    "two-trips", "trips-aces", "three-pair",
)


def _front_setting(cards: Sequence[AnyCard], front: Sequence[str]) -> Setting:
    """The setting with ``front`` (card texts, a joker twice allowed) in front of the seven."""
    rest = list(cards)
    low = []
    for text in front:
        card = parse_card(text)
        rest.remove(card)
        low.append(card)
    return Setting(tuple(rest), tuple(low))


def _plays(cards: Sequence[AnyCard], front: Sequence[str], rules: PaiGowRules) -> tuple[int, int]:
    setting = _front_setting(cards, front)
    return strengths(rules, setting.high, setting.low)


def _house_front(cards: Sequence[AnyCard], rules: PaiGowRules) -> list[str]:
    return sort_cards_json(house_way(cards, rules).setting.low)


def _probe_is_equivalent(cards: Sequence[AnyCard], rules: PaiGowRules) -> bool:
    """Whether the key with its first card changed for the first shown card not in it is
    another right answer (the same two hands): see :meth:`PaiGowHouseWay.situation`."""
    key = _house_front(cards, rules)
    pool = format_cards(cards)
    for text in key:
        pool.remove(text)
    return _plays(cards, [pool[0], key[1]], rules) == _plays(cards, key, rules)


class PaiGowHouseWay(DrillKind[PaiGowRules]):
    """Set seven cards the house way: pick the two cards of the front hand (PG-H).

    Grading accepts any front that leaves the same two hands as the house way's (the same
    five-card and two-card values, PG-R): with two Aces of which either may go in front,
    both picks are right. A named mistake is also recognised by the hands it leaves."""

    slug = "pg-house-way"
    game = GAME
    title = gettext_noop("Set the hand the house way")
    description = gettext_noop("Seven cards: tap the two that go in the two-card hand, the house way.")
    target_seconds = 30
    families = HOUSE_WAY_FAMILIES
    general_label = gettext_noop("Other house-way steps")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        if difficulty is Difficulty.EASY:
            shape = rng.choice(EASY_SEVENS)
        elif difficulty is Difficulty.NORMAL:
            shape = "deal" if rng.random() < 0.6 else rng.choice(HARD_SEVENS)
        else:
            shape = rng.choice(HARD_SEVENS)
        cards = seven_of(pack, rng, shape)
        # The cards are shown in a random order, as a player picks them up. Since grading
        # accepts equivalent fronts, the order is re-drawn while the first shown card that
        # is not in the key could stand in for the key's first card: the framework's
        # contract changes the key by exactly that card and expects a wrong answer.
        for _ in range(50):
            if not _probe_is_equivalent(cards, rules):
                break
            rng.shuffle(cards)
        return Cards(tuple(cards)).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        cards = Cards.from_json(situation).cards
        result = house_way(cards, rules)
        high = rank_hand(result.setting.high, rules.wheel_lowest_straight)
        low = rank_hand(result.setting.low, rules.wheel_lowest_straight)
        reasons = (*words.house_way_reasons(result, high, low), words.SAME_HANDS_ACCEPTED)
        step = result.step.split("-", 1)[0]  # "6-split" -> step 6 (a house's own way may name others)
        family = f"step-{step}" if any(f.code == f"step-{step}" for f in HOUSE_WAY_FAMILIES) else ""
        return Solution(key={"front": sort_cards_json(result.setting.low)}, rules=result.rules, reasons=reasons,
                        family=family)

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        seven = tuple(format_cards(Cards.from_json(situation).cards))
        return Prompt(
            question=gettext_noop(
                "Set this hand the house way: tap the two cards that go in the two-card (front) hand."
            ),
            cards=(CardGroup("seven", gettext_noop("The player's seven cards"), seven),),
            facts=house_facts(rules, way=True),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (AnswerField("front", gettext_noop("Two-card hand"), FieldType.CARDS, count=2, source="seven"),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "house-way", Cards.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"front": sort_cards_json(parse_cards(answer["low"]))}

    def grade(self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules) -> Grade:
        """The framework's grade, then: a front leaving the same two hands as the house way's
        is right; a wrong one is named by the hands it leaves (a named mistake, or a foul)."""
        graded = super().grade(scenario, answer, rules)
        front = answer.get("front")
        if graded.correct or not isinstance(front, list):
            return graded
        cards = Cards.from_json(scenario.situation).cards
        mine = _plays(cards, front, rules)
        if mine == _plays(cards, scenario.solution.key["front"], rules):
            reasons = (*graded.reasons, words.same_two_hands(parse_cards(front)))
            return dataclasses.replace(
                graded, correct=True, score=Decimal("1.00"), field_results={"front": True},
                mistake_code="", mistake="", diagnosis=(), reasons=reasons, explanation=explain(reasons),
            )
        return graded

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A wrong front named by the hands it leaves: a named mistake's hands, a foul, or how
        the two hands compare with the house way's, with the step that decides."""
        front = answer.get("front")
        if not isinstance(front, list):
            return None
        cards = Cards.from_json(scenario.situation).cards
        mine = _plays(cards, front, rules)
        for candidate in self.mistakes(rules):
            wrong = candidate.solve(scenario.situation)
            if wrong and wrong != scenario.solution.key and _plays(cards, wrong["front"], rules) == mine:
                return candidate.code, (candidate.reason,)
        result = house_way(cards, rules)
        setting = _front_setting(cards, front)
        my_back, my_front = (rank_hand(hand, rules.wheel_lowest_straight) for hand in (setting.high, setting.low))
        back, low = (rank_hand(hand, rules.wheel_lowest_straight) for hand in (result.setting.high, result.setting.low))
        if my_front > my_back:
            fouls = words.setting_fouls(setting.low, my_front, my_back)
            return "pg-house-way-fouled", (fouls, words.step_reason(result))
        if my_back.category.order < back.category.order:
            code = "pg-house-way-back-broken"
        elif my_back.category.order > back.category.order:
            code = "pg-house-way-back-kept-front-lost"
        elif my_back >= back and my_front < low:
            code = "pg-house-way-front-weaker"
        elif my_back < back and my_front > low:
            code = "pg-house-way-back-weaker"
        elif my_back < back and my_front <= low:
            code = "pg-house-way-both-weaker"
        else:
            code = "pg-house-way-other-setting"
        return code, words.house_way_differs(code, (my_back, my_front), (back, low), result)

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def as_ace(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = Cards.from_json(situation).cards
            readings = _jokers_as_aces(cards)
            if not _has_joker(cards) or not readings:
                return None
            reading = readings[0]
            swapped = {str(reading[index]) for index, card in enumerate(cards) if isinstance(card, Joker)}
            front = house_way(reading, rules).setting.low
            return {"front": sort_cards_json([parse_card("JK") if str(card) in swapped else card for card in front])}

        way = rules.way
        mistakes = [NamedMistake("pg-house-way-joker-as-ace", words.mistake("pg-house-way-joker-as-ace", way=way.cite),
                                 as_ace)]
        # the house way's own common wrong readings, each citing the step of that way
        mistakes += [NamedMistake(wrong.code, wrong.reason, self._misreading_solver(wrong.place, rules))
                     for wrong in way.misreadings]
        return mistakes

    @staticmethod
    def _misreading_solver(place: PlaceFunction, rules: PaiGowRules) -> NamedMistakeSolver:
        def solve(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = Cards.from_json(situation).cards
            i, j, _ = place(codes_of(cards), rules.tables)
            return {"front": sort_cards_json([cards[i], cards[j]])}

        return solve


# --- 3. fouled or not ---------------------------------------------------------------------------

REASON_CHOICES = (
    ("none", gettext_noop("Not fouled")),
    ("low-higher", gettext_noop("The two-card hand ranks higher than the five-card hand")),
    ("split", gettext_noop("Not five cards and two")),
)


def _close(high: int, low: int) -> bool:
    """The front ties the back on the cards the front holds (the same category and top rank:
    a pair of 9s against a pair of 9s, A-K against A-Q-…): where dealers misjudge PG-12.
    Reads the engine's strength integers (:mod:`games.pai_gow.ranking`)."""
    return low >> 16 == high >> 16


def _either(rng: random.Random, options: Sequence[Setting], rules: PaiGowRules) -> Setting | None:
    """One of the settings, fouled or not with even chances where both are among them."""
    fouled = [setting for setting in options if strengths(rules, setting.high, setting.low)[1]
              > strengths(rules, setting.high, setting.low)[0]]
    clean = [setting for setting in options if setting not in fouled]
    pick = fouled if fouled and (not clean or rng.random() < 0.5) else clean
    return rng.choice(pick) if pick else None


class PaiGowFoul(DrillKind[PaiGowRules]):
    """Is the hand fouled, and why (PG-12, PG-13)?"""

    slug = "pg-foul"
    game = GAME
    title = gettext_noop("Fouled or not")
    description = gettext_noop("A player's hand as set: fouled or not, and why.")
    target_seconds = 12
    families = (Family("split-count", "Not split 5 + 2", ("PG-13",)),)
    general_label = gettext_noop("Two-card hand above the five")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        roll = rng.random()
        if difficulty is Difficulty.EASY:
            cards = pack.deal(7)
            setting = (fouled_setting(rng, cards, rules) if roll < 0.5 else None) or house_setting(cards, rules)
        elif difficulty is Difficulty.NORMAL:
            cards = seven_of(pack, rng, "deal")
            if roll < 0.2:
                setting = odd_split(rng, cards)
            elif roll < 0.6:
                setting = fouled_setting(rng, cards, rules) or other_setting(rng, cards, rules)
            else:
                setting = other_setting(rng, cards, rules) if roll < 0.8 else house_setting(cards, rules)
        else:
            setting = self._hard(pack, rng, roll, rules)
        return SetHand(setting).to_json()

    def _hard(self, pack: Pack, rng: random.Random, roll: float, rules: PaiGowRules) -> Setting:
        if roll < 0.12:
            return odd_split(rng, seven_of(pack, rng, "deal"))
        if roll < 0.45:  # a joker (or two) in the front hand
            cards = seven_of(pack, rng, rng.choice(("joker-pair", "joker-trips", "two-jokers", "joker-straight")))
            return _either(rng, [setting for setting in all_splits(cards) if _has_joker(setting.low)], rules) \
                or house_setting(cards, rules)
        # a close call: the front ties the back on the cards it holds
        for _ in range(20):
            cards = seven_of(Pack(rng), rng, rng.choice(("top-pair", "top-pair", "one-pair", "two-pair-high",
                                                                 "quads-high")))
            options = [setting for setting in all_splits(cards) if _close(*strengths(rules, setting.high, setting.low))]
            chosen = _either(rng, options, rules)
            if chosen is not None:
                return chosen
        return house_setting(cards, rules)  # pragma: no cover - close calls are common

    def _check(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Setting:
        return SetHand.from_json(situation).setting

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        setting = self._check(situation, rules)
        check = check_foul(setting, rules)
        reason = "none" if not check.fouled else ("split" if "PG-13" in check.rules else "low-higher")
        return Solution(key={"fouled": yes_no(check.fouled), "reason": reason}, rules=check.rules,
                        reasons=words.with_every_rule(words.foul_reasons(check, setting), check.rules))

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        setting = SetHand.from_json(situation).setting
        high, low = tuple(format_cards(setting.high)), tuple(format_cards(setting.low))
        return Prompt(
            question=gettext_noop("The player hands you this setting. Is the hand fouled, and why?"),
            cards=(CardGroup("high", f"Back hand ({len(high)} cards)", high),
                   CardGroup("low", f"Front hand ({len(low)} cards)", low)),
            facts=house_facts(rules),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("fouled", gettext_noop("Fouled?"), FieldType.CHOICE, choices=YES_NO),
            AnswerField("reason", gettext_noop("Why"), FieldType.CHOICE, choices=REASON_CHOICES),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "foul", SetHand.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        if not answer["fouled"]:
            return {"fouled": "no", "reason": "none"}
        return {"fouled": "yes", "reason": "split" if "(PG-13)" in answer["reason"] else "low-higher"}

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A foul missed or called where there is none (with the hands that decide it), a
        reason given for no foul, or the other foul's reason (PG-12 against PG-13)."""
        setting = self._check(scenario.situation, rules)
        check = check_foul(setting, rules)

        def fouled(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]]:
            code = "pg-foul-missed" if due == "yes" else "pg-foul-called"
            return code, words.foul_reasons(check, setting)

        def reason(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]]:
            if due == "none":
                return "pg-foul-reason-without-foul", (words.foul_reason_without_foul(),)
            if due == "split":
                return "pg-foul-reason-split", (words.foul_is_split(setting),)
            return "pg-foul-reason-ranking", (words.foul_is_ranking(check),)

        return field_shapes(scenario.solution.key, answer, {"fouled": fouled, "reason": reason})

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def as_ace(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            setting = self._check(situation, rules)
            if not _has_joker(setting.cards) or not setting.is_five_and_two:
                return None
            readings = _jokers_as_aces(setting.cards)
            if not readings:
                return None
            reading = readings[0]
            return self.solve(SetHand(Setting(reading[:5], reading[5:])).to_json(), rules).key

        def tie_fouls(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            setting = self._check(situation, rules)
            if not setting.is_five_and_two:
                return None
            high, low = strengths(rules, setting.high, setting.low)
            return {"fouled": "yes", "reason": "low-higher"} if low <= high and _close(high, low) else None

        def split_ignored(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            setting = self._check(situation, rules)
            return None if setting.is_five_and_two else {"fouled": "no"}

        return (
            named("pg-foul-joker-as-ace", as_ace),
            named("pg-foul-tie", tie_fouls),
            named("pg-foul-split-ignored", split_ignored),
        )


__all__ = ["PaiGowFoul", "PaiGowHouseWay", "PaiGowNameHand"]
