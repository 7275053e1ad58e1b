"""The drill framework: a drill kind generates a scenario from a seed and grades answers.

Pure Python (no Django), so kinds are tested without a database. A kind is one module
in this package that subclasses :class:`DrillKind` and registers an instance with
:func:`register`; pages, API, exams and progress all work from the registry.

How a kind works (DESIGN.md, "Drills"):

- ``situation(rng, difficulty, rules)`` draws the table situation from a
  ``random.Random(seed)``: a JSON-ready mapping (cards in the one notation, money as
  two-decimal strings), the same one the rulings door would take where a question exists.
- ``solve(situation, rules)`` asks the engine for the answer key, the rule IDs and an
  explanation. The key is what a perfect dealer answers, normalised like a parsed answer.
- ``prompt(situation, rules)`` is what the trainee sees; ``fields`` what they answer.
- Named mistakes: ``mistakes(rules)`` lists common wrong rules, each as a solver that runs
  the engine under that wrong rule. A wrong answer equal to what a wrong rule gives is
  named in the grade ("you paid 3:2 — Jack Switch pays blackjack 1:1 (JS-3)").

A scenario is a pure function of (kind, seed, difficulty, rule set, engine version).
"""

from __future__ import annotations

import functools
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from drills.kinds.messages import phrase
from games import ENGINE_VERSION
from games.cards import AnyCard, Card, Joker, format_card_symbol, parse_card
from games.errors import CardNotationError, GameError, MoneyError
from games.house_rules import HouseRules
from games.money import format_money, parse_money, parse_signed_money
from games.reasons import Reason, Translate, explain, gettext_noop, no_translation
from games.registry import rules_class

JSON = Any
RulesT = TypeVar("RulesT", bound=HouseRules)


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class FieldType(StrEnum):
    AMOUNT = "amount"  # money: amount keypad; normalised "52.50"
    CHOICE = "choice"  # one of ``choices``: buttons; normalised value
    INTEGER = "integer"  # a whole number; normalised int
    CARDS = "cards"  # pick ``count`` cards from the card group ``source``; normalised sorted list


@dataclass(frozen=True)
class AnswerField:
    """One input of an answer."""

    name: str
    label: str
    type: FieldType
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    count: int | None = None  # CARDS: how many to pick
    source: str = ""  # CARDS: the name of the card group to pick from
    low: int | None = None  # INTEGER bounds
    high: int | None = None
    signed: bool = False  # AMOUNT: a net result that may be negative ("-20.00")

    def display(self, value: JSON) -> str:
        """An answer to this field as a person reads it: a choice by its label, cards with
        their suit symbols (``T♦ T♠``), nothing for no answer.

        >>> AnswerField("when", "When", FieldType.CHOICE, choices=(("waits", "It waits"),)).display("waits")
        'It waits'
        >>> AnswerField("front", "Front", FieldType.CARDS, count=2).display(["TD", "JK"])
        'T♦ joker'
        """
        if value is None or value == "":
            return ""
        if self.type is FieldType.CHOICE:
            return dict(self.choices).get(str(value), str(value))
        if self.type is FieldType.CARDS and isinstance(value, list):
            return " ".join(_card_words(item) for item in value)
        if isinstance(value, list):
            return " ".join(str(item) for item in value)
        return str(value)

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"name": self.name, "label": self.label, "type": self.type.value}
        if self.choices:
            data["choices"] = [{"value": value, "label": label} for value, label in self.choices]
        if self.type is FieldType.CARDS:
            data["count"] = self.count
            data["source"] = self.source
        if self.type is FieldType.INTEGER:
            data["min"], data["max"] = self.low, self.high
        if self.type is FieldType.AMOUNT:
            data["signed"] = self.signed
        return data


@dataclass(frozen=True)
class CardGroup:
    """Cards shown together, e.g. "Dealer" or "Box 1". Cards in the one notation."""

    name: str
    label: str
    cards: tuple[str, ...]

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "label": self.label, "cards": list(self.cards)}


@dataclass(frozen=True)
class Prompt:
    """What the trainee sees: a question, card groups, and facts ("Bet": "35.00")."""

    question: str
    cards: tuple[CardGroup, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "question": self.question,
            "cards": [group.to_json() for group in self.cards],
            "facts": [{"label": label, "value": value} for label, value in self.facts],
        }


@dataclass(frozen=True)
class Solution:
    """The engine's answer for a situation: key (normalised answer), rule IDs, why.

    ``reasons``: the structured why (rule ID, message ID, values), rendered in the reader's
    language; ``explanation`` is its English words (given by older kinds as text only)."""

    key: Mapping[str, JSON]
    rules: tuple[str, ...]
    explanation: str = ""
    family: str = ""  # the skill family, where the kind knows it better than its rule IDs
    reasons: tuple[Reason, ...] = ()

    def __post_init__(self) -> None:
        if self.reasons and not self.explanation:
            object.__setattr__(self, "explanation", explain(self.reasons))

    def words(self, translate: Translate = no_translation) -> str:
        """The explanation in the reader's language."""
        return explain(self.reasons, translate) if self.reasons else self.explanation


GENERAL_FAMILY = "general"
"""The family of a scenario that no more specific family of its kind claims."""


@dataclass(frozen=True)
class Family:
    """A skill family: the situations of a kind that are learnt (and forgotten) together,
    e.g. "dealer 22 push" within Jack Switch settlement. Spaced repetition schedules per
    family. ``markers``: rule IDs of the answer key that put a scenario in this family (the
    first family of a kind whose marker the key cites wins)."""

    code: str
    label: str
    markers: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()  # rule IDs the key must also cite (all of them)

    def claims(self, cited: set[str]) -> bool:
        return bool(cited.intersection(self.markers)) and cited.issuperset(self.requires)


@dataclass(frozen=True)
class NamedMistake:
    """A common wrong rule, run through the engine to recognise the answer it gives."""

    code: str  # stable identifier for statistics, e.g. "js-blackjack-paid-3-2"
    message: str | Reason  # a Reason (rule + message ID), or older kinds' English sentence
    solve: Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]  # situation -> wrong key

    @property
    def reason(self) -> Reason:
        """The mistake as a structured reason (an English sentence becomes a message ID
        without values, so even older kinds' words reach the catalogue's reader)."""
        return self.message if isinstance(self.message, Reason) else Reason("", self.message)


@dataclass(frozen=True)
class Scenario:
    """A generated drill: the trainee-facing part and the server-only answer key."""

    kind: str
    seed: int
    difficulty: Difficulty
    engine_version: str
    situation: Mapping[str, JSON]
    prompt: Prompt
    fields: tuple[AnswerField, ...]
    solution: Solution
    family: str = GENERAL_FAMILY  # server side: says which situation the trainee is drilled on

    def public_json(self) -> dict[str, JSON]:
        """What may reach a trainee before they answer: no seed, no key, no situation."""
        return {
            "kind": self.kind,
            "difficulty": self.difficulty.value,
            "prompt": self.prompt.to_json(),
            "fields": [answer_field.to_json() for answer_field in self.fields],
        }


@dataclass(frozen=True)
class Grade:
    """The verdict on an answer."""

    correct: bool
    score: Decimal  # 0.00 – 1.00; partial credit where a kind has several fields
    expected: Mapping[str, JSON]
    explanation: str
    rules: tuple[str, ...]
    field_results: Mapping[str, bool] = field(default_factory=dict)
    mistake_code: str = ""  # the diagnosis: a named mistake's code or a shape's ("" when right)
    mistake: str = ""  # the diagnosis in English words
    reasons: tuple[Reason, ...] = ()  # the solution's structured why
    diagnosis: tuple[Reason, ...] = ()  # what is wrong with this answer, structured

    @property
    def specific(self) -> bool:
        """Whether a wrong answer got a named diagnosis (a cause: the wrong rule, ratio, sign,
        seat...), not just what differs, however well worked out (:data:`WORKED_DIFFERENCES`)."""
        return bool(self.mistake_code) and self.mistake_code not in WORKED_DIFFERENCES

    def to_json(self) -> dict[str, JSON]:
        return {
            "correct": self.correct,
            "score": str(self.score),
            "expected": dict(self.expected),
            "explanation": self.explanation,
            "rules": list(self.rules),
            "fields": dict(self.field_results),
            "mistake": self.mistake or None,
            "mistake_code": self.mistake_code or None,
        }


ANSWER_DIFFERS = "answer-differs"
"""The diagnosis code of a wrong answer that no named mistake or shape explains: the grade
still says what differs (field by field) and why (the explanation)."""


WORKED_DIFFERENCES = frozenset(
    {
        ANSWER_DIFFERS,
        # The right rule with the sums shown (yours against the engine's working), no cause named.
        "bj-miscounted",
        "bj-payout-arithmetic",
        "bj-wrong-amount",
        "js-switch-miscounted",
        "net-miscounted",
        "side-bet-miscounted",
        "ou-miscounted",
        "ou-bonus-amount",
        "ou-net-not-antes",
        "pg-dice-miscounted",
        "pg-position-net",
        "pg-showdown-net",
        "pg-house-way-other-setting",
        "pg-banker-net",
        "off-by-one",  # "count the cards again": true, but no cause
    }
)
"""Diagnosis codes that say what differs and why, with the working, but name no mistake: the
measurement (:mod:`drills.kinds.diagnosis`) does not count them as specific."""


class AnswerError(ValueError):
    """A malformed answer: ``errors`` maps each field to what is wrong (nothing is graded)."""

    def __init__(self, errors: Mapping[str, Sequence[str]]) -> None:
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in self.errors.items()))


class UnknownKindError(LookupError):
    pass


class DrillKind(ABC, Generic[RulesT]):
    """Base of every drill kind. Subclasses set the class attributes and implement
    :meth:`situation`, :meth:`solve`, :meth:`prompt` and :attr:`fields`."""

    slug: ClassVar[str]
    game: ClassVar[str]  # games.registry slug; the rule set comes from it
    title: ClassVar[str]
    description: ClassVar[str]
    target_seconds: ClassVar[int] = 30  # default speed target (a rule-set value may override)
    requires: ClassVar[str] = ""  # a reason the kind is unavailable under some rules (see available)
    families: ClassVar[tuple[Family, ...]] = ()  # none: the kind is one family (GENERAL_FAMILY)
    general_label: ClassVar[str] = gettext_noop("Other cases")  # what GENERAL_FAMILY means in a kind with families

    # --- to implement -------------------------------------------------------------
    @abstractmethod
    def situation(self, rng: random.Random, difficulty: Difficulty, rules: RulesT) -> Mapping[str, JSON]:
        """Draw a situation; all randomness from ``rng``."""

    @abstractmethod
    def solve(self, situation: Mapping[str, JSON], rules: RulesT) -> Solution:
        """The engine's answer key for the situation."""

    @abstractmethod
    def prompt(self, situation: Mapping[str, JSON], rules: RulesT) -> Prompt:
        """What the trainee sees."""

    @abstractmethod
    def fields(self, situation: Mapping[str, JSON], rules: RulesT) -> tuple[AnswerField, ...]:
        """What the trainee answers."""

    def mistakes(self, rules: RulesT) -> Sequence[NamedMistake]:
        """Common wrong rules for this kind (none by default)."""
        return ()

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: RulesT
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A kind's own diagnosis by the shape of the difference (the bet instead of half of
        it, the other box's amount...), tried after the named mistakes and before the generic
        shapes of :mod:`drills.kinds.diagnosis`: ``(code, reasons)`` or None."""
        return None

    def diagnose(self, scenario: Scenario, answer: Mapping[str, JSON], rules: RulesT) -> tuple[str, tuple[Reason, ...]]:
        """Why a wrong answer is wrong: a named mistake (the engine run under the wrong
        rule gives this answer), else the kind's shapes, else the generic shapes, else
        :data:`ANSWER_DIFFERS` with what differs field by field."""
        from drills.kinds.diagnosis import generic_diagnosis  # the generic shapes need the fields

        key = scenario.solution.key
        for candidate in self.mistakes(rules):
            wrong_key = candidate.solve(scenario.situation)
            if wrong_key is not None and dict(wrong_key) != dict(key) and _matches(answer, wrong_key):
                return candidate.code, (candidate.reason,)
        own = self.shapes(scenario, answer, rules)
        if own is not None:
            return own
        return generic_diagnosis(scenario, answer)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]] | None:
        """The rulings-door question and body asking the same thing, or None. Tests check
        that every answer key equals what the door says (one engine, two interfaces)."""
        return None

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        """The answer key a door answer (RULINGS.md ``answer``) corresponds to."""
        raise NotImplementedError

    def rules_from_mapping(self, values: Mapping[str, JSON]) -> RulesT:
        """The rules a stored scenario ran under, from their stored JSON (``to_mapping()``):
        by default the game's rule set; a kind that runs under another value says how."""
        return typing.cast(RulesT, rules_class(self.game).from_mapping(values))

    def unavailable_reason(self, rules: RulesT) -> str | None:
        """Why this kind cannot be drilled under these rules (e.g. no Bonus table), or None."""
        return None

    def family_of(self, solution: Solution) -> str:
        """The skill family of a solved situation: the solver's own, else the first family
        whose marker rule the key cites, else :data:`GENERAL_FAMILY`."""
        if solution.family:
            return solution.family
        cited = set(solution.rules)
        for family in self.families:
            if family.claims(cited):
                return family.code
        return GENERAL_FAMILY

    def family_label(self, code: str) -> str:
        """The family's name for people ("Dealer 22 push"); the kind's title for a kind of
        one family."""
        for family in self.families:
            if family.code == code:
                return family.label
        if code == GENERAL_FAMILY:
            return self.general_label if self.families else self.title
        return code.replace("-", " ").capitalize()

    def family_codes(self) -> list[str]:
        """Every family of the kind, :data:`GENERAL_FAMILY` last."""
        return [family.code for family in self.families] + [GENERAL_FAMILY]

    # --- provided -----------------------------------------------------------------
    def generate(self, seed: int, difficulty: Difficulty, rules: RulesT) -> Scenario:
        """The scenario for (seed, difficulty, rules): a pure function of them."""
        reason = self.unavailable_reason(rules)
        if reason:
            raise GameError(reason)
        situation = self.situation(random.Random(f"{self.slug}:{difficulty.value}:{seed}"), difficulty, rules)
        prompt, fields = self.prompt(situation, rules), self.fields(situation, rules)
        solution = self.solve(situation, rules)
        return Scenario(
            kind=self.slug,
            seed=seed,
            difficulty=difficulty,
            engine_version=ENGINE_VERSION,
            situation=situation,
            prompt=prompt,
            fields=fields,
            solution=solution,
            family=self.family_of(solution),
        )

    def parse_answer(self, scenario: Scenario, raw: Mapping[str, JSON]) -> dict[str, JSON]:
        """Validate and normalise a raw answer; raise :class:`AnswerError` naming fields."""
        if not isinstance(raw, Mapping):
            raise AnswerError({"answer": ["must be an object of field: value"]})
        errors: dict[str, list[str]] = {}
        answer: dict[str, JSON] = {}
        groups = {group.name: group.cards for group in scenario.prompt.cards}
        for answer_field in scenario.fields:
            value = raw.get(answer_field.name)
            try:
                answer[answer_field.name] = normalise_field(answer_field, value, groups)
            except ValueError as error:
                # A message of the kinds' own (a :class:`~drills.kinds.messages.Words`) is kept as
                # it is: English everywhere, and pages put it in the reader's language.
                message = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
                errors[answer_field.name] = [message]
        if errors:
            raise AnswerError(errors)
        return answer

    def grade(self, scenario: Scenario, answer: Mapping[str, JSON], rules: RulesT) -> Grade:
        """Grade a parsed answer: per-field comparison with the key, partial credit by
        share of fields right, and the named mistake a wrong rule explains."""
        key = scenario.solution.key
        results = {name: answer.get(name) == expected for name, expected in key.items()}
        right = sum(results.values())
        correct = right == len(results)
        score = (Decimal(right) / Decimal(len(results))).quantize(Decimal("0.01")) if results else Decimal("0")
        mistake_code, diagnosis = ("", ()) if correct else self.diagnose(scenario, answer, rules)
        return Grade(
            correct=correct,
            score=Decimal("1.00") if correct else score,
            expected=dict(key),
            explanation=scenario.solution.explanation,
            rules=scenario.solution.rules,
            field_results=results,
            mistake_code=mistake_code,
            mistake=explain(diagnosis),
            reasons=scenario.solution.reasons,
            diagnosis=diagnosis,
        )


def _card_words(token: JSON) -> str:
    """One card of an answer with its suit symbol; a token that is no card stays as typed."""
    try:
        return format_card_symbol(parse_card(token))
    except CardNotationError:
        return str(token)


def display_answer(
    fields: Sequence[AnswerField], name: str, value: JSON, translate: Translate = no_translation
) -> str:
    """The answer ``value`` to the field called ``name`` as a person reads it (a field the
    scenario no longer has shows the value as stored); a choice's label through ``translate``
    (the reader's language on pages; amounts and cards read the same in every language)."""
    for answer_field in fields:
        if answer_field.name == name:
            shown = answer_field.display(value)
            return translate(shown) if answer_field.type is FieldType.CHOICE and shown else shown
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return "" if value is None else str(value)


def _matches(answer: Mapping[str, JSON], wrong_key: Mapping[str, JSON]) -> bool:
    return all(answer.get(name) == value for name, value in wrong_key.items())


def normalise_field(answer_field: AnswerField, value: JSON, groups: Mapping[str, Sequence[str]]) -> JSON:
    """One field's value in normal form; ``ValueError`` says what is wrong."""
    if value is None or value == "":
        raise ValueError(phrase(gettext_noop("this field is required")))
    if answer_field.type is FieldType.AMOUNT:
        try:
            amount = parse_signed_money(value) if answer_field.signed else parse_money(value)
        except MoneyError as error:
            # The engine's refusal as its message ID, so pages word it in the reader's language.
            said: str = phrase(error.message_id, **error.params) if error.message_id else str(error)
            if answer_field.signed:
                said = phrase(gettext_noop("{error} (a net result: put - in front of a loss)"), error=said)
            raise ValueError(said) from None
        return format_money(amount)
    if answer_field.type is FieldType.CHOICE:
        allowed = [choice for choice, _ in answer_field.choices]
        if not isinstance(value, str) or value.strip().lower() not in allowed:
            raise ValueError(phrase(gettext_noop("must be one of: {choices}"), choices=", ".join(allowed)))
        return value.strip().lower()
    if answer_field.type is FieldType.INTEGER:
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value.strip())
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(phrase(gettext_noop("must be a whole number")))
        if (answer_field.low is not None and value < answer_field.low) or (
            answer_field.high is not None and value > answer_field.high
        ):
            message = phrase(gettext_noop("must be from {low} to {high}"), low=answer_field.low, high=answer_field.high)
            raise ValueError(message)
        return value
    if answer_field.type is FieldType.CARDS:
        tokens = value.replace(",", " ").split() if isinstance(value, str) else value
        if not isinstance(tokens, list):
            raise ValueError(phrase(gettext_noop("must be a list of cards")))
        try:
            cards = [parse_card(token) for token in tokens]
        except CardNotationError as error:
            raise ValueError(str(error)) from None
        if answer_field.count is not None and len(cards) != answer_field.count:
            raise ValueError(phrase(gettext_noop("pick exactly {count} cards, not {given}"), count=answer_field.count,
                                    given=len(cards)))
        available = list(groups.get(answer_field.source, ()))
        for card in cards:
            if str(card) not in available:
                raise ValueError(phrase(gettext_noop("{card} is not one of the cards shown"), card=str(card)))
            available.remove(str(card))
        return sort_cards_json(cards)
    raise ValueError(f"unsupported field type {answer_field.type}")  # pragma: no cover


def sort_cards_json(cards: Sequence[AnyCard]) -> list[str]:
    """Cards in a fixed order (jokers last, then by rank high to low, then suit)."""

    def order(card: AnyCard) -> tuple[int, int, str]:
        if isinstance(card, Joker):
            return (1, 0, "")
        assert isinstance(card, Card)
        return (0, -card.rank.high, card.suit.value)

    return [str(card) for card in sorted(cards, key=order)]


_REGISTRY: dict[str, DrillKind[Any]] = {}


def register(kind: DrillKind[Any]) -> DrillKind[Any]:
    if kind.slug in _REGISTRY:
        raise RuntimeError(f"drill kind {kind.slug} registered twice")
    _REGISTRY[kind.slug] = kind
    return kind


@functools.cache
def _load_kind_modules() -> None:
    """Import every kind module once (they register themselves); later calls are free."""
    import importlib
    import pkgutil

    import drills.kinds as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in {"base"} and not module.name.startswith("_"):
            importlib.import_module(f"drills.kinds.{module.name}")


def all_kinds() -> list[DrillKind[Any]]:
    """Every registered kind, by game then title."""
    _load_kind_modules()
    return sorted(_REGISTRY.values(), key=lambda kind: (kind.game, kind.title))


def get_kind(slug: str) -> DrillKind[Any]:
    _load_kind_modules()
    try:
        return _REGISTRY[slug]
    except KeyError:
        raise UnknownKindError(slug) from None
