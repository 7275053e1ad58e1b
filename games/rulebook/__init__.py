"""The rulebook: every rule ID of RULES.md with its decision, its title and the house text it
comes from, so that any page can show "the rule" behind an ID.

The texts are the project's own inputs, kept in this package (``data/RULES.md`` and
``data/seeds/``, copies of ``shared/``): a deployed site needs nothing outside the code. They
are read once, as package data, the first time :func:`rulebook` is called; everything else
here is pure (:mod:`games.rulebook.parse` reads RULES.md, :mod:`games.rulebook.sources` maps
each ID to its seed passages).

>>> book = rulebook()
>>> rule = book["BJ-10"]
>>> rule.title, rule.game, rule.house
('A blackjack paid at once, or waiting', 'blackjack', False)
>>> rule.passages[0].text[:37]
'If you receive Black Jack with your 1'
>>> "PG-6a" in book, "XX-1" in book, book.find("pg-6A").rule_id
(True, False, 'PG-6a')
>>> [(start, rule_id) for start, _end, rule_id in rule_ids_in("Paid 3:2 at once (BJ-10; see BJ-Q).")]
[(18, 'BJ-10')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Final

from games.rule_settings import SETTINGS
from games.rulebook.parse import RULE_ID, Decision, parse_rules
from games.rulebook.sources import PREFIX_GAME, SEEDS, SOURCES

__all__ = ["Passage", "Rule", "Rulebook", "SettingRef", "rule_ids_in", "rulebook"]

PROCEDURES: Final = "Procedures of a round"
"""The RULES.md section whose IDs fix the order of a round (``BJ-P…``, ``JS-P…``...)."""


@dataclass(frozen=True, slots=True)
class Passage:
    """The seed's own words: ``text`` as the seed file has them (its line breaks kept)."""

    seed: str
    seed_title: str
    text: str


@dataclass(frozen=True, slots=True)
class SettingRef:
    """A setting of a game's house rules that sets this rule (:mod:`games.rule_settings`)."""

    game: str
    setting: str
    label: str


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule ID. ``decision``: RULES.md's words for it (``""``: RULES.md adds nothing to the
    seed's bullet); ``entry``: the whole RULES.md entry when it holds more than this ID, else
    ``""``; ``note``: what the section says of all its rules ("where silent, the BJ- rules
    apply"); ``cited_by``: IDs whose RULES.md words mention this one."""

    rule_id: str
    title: str
    game: str
    procedure: bool
    house: bool
    decision: str
    entry: str
    note: str
    parent: str
    passages: tuple[Passage, ...]
    settings: tuple[SettingRef, ...]
    cited_by: tuple[str, ...]


class Rulebook:
    """Every rule, in RULES.md's order, by ID."""

    def __init__(self, rules: list[Rule]) -> None:
        self._rules = {rule.rule_id: rule for rule in rules}
        self._folded = {rule.rule_id.casefold(): rule for rule in rules}

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def find(self, rule_id: str) -> Rule | None:
        """The rule whatever the case it is written in (``bj-10``), or ``None``."""
        return self._folded.get(rule_id.strip().casefold())

    def of_game(self, game: str) -> list[Rule]:
        return [rule for rule in self if rule.game == game]


def rule_ids_in(text: str) -> Iterator[tuple[int, int, str]]:
    """Where rule IDs stand in ``text``: (start, end, ID) for each ID the rulebook knows; a
    word that only looks like one (``BJ-Q``) is skipped."""
    book = rulebook()
    for found in RULE_ID.finditer(text):
        if found.group() in book:
            yield found.start(), found.end(), found.group()


_SPACES: Final = re.compile(r"[ \t\xa0]*\n[ \t\xa0\n]*\n")


def _seed_words(seed_text: str, quote: str) -> str:
    """The quote as the seed writes it (line breaks kept); ``ValueError`` when it is not there."""
    pattern = r"\s+".join(re.escape(word) for word in quote.split())
    found = re.search(pattern, seed_text)
    if found is None:
        raise ValueError(f"not in the seed: {quote!r}")
    lines = "\n".join(line.strip() for line in found.group().splitlines())
    return _SPACES.sub("\n", lines)


def _section_note(section: str) -> str:
    """``Jack Switch — seed 004 (IDs JS-…); where silent, the BJ- rules apply`` ->
    ``Where silent, the BJ- rules apply.``"""
    _, _, note = section.partition("; ")
    return f"{note[:1].upper()}{note[1:]}." if note else ""


def _setting_refs() -> dict[str, tuple[SettingRef, ...]]:
    refs: dict[str, list[SettingRef]] = {}
    for game, settings in SETTINGS.items():
        for setting, info in settings.items():
            refs.setdefault(info.rule_id, []).append(SettingRef(game, setting, info.label))
    return {rule_id: tuple(found) for rule_id, found in refs.items()}


def build(rules_md: str, seeds: dict[str, str]) -> Rulebook:
    """The rulebook of a RULES.md text and seed texts (by number): pure. ``ValueError`` when an
    ID of RULES.md has no row in :data:`SOURCES`, a row names an ID RULES.md does not define,
    or a quote is not in its seed."""
    decisions = parse_rules(rules_md)
    defined = {decision.rule_id for decision in decisions}
    if missing := [decision.rule_id for decision in decisions if decision.rule_id not in SOURCES]:
        raise ValueError(f"no source row for {', '.join(missing)}")
    if extra := sorted(set(SOURCES) - defined):
        raise ValueError(f"source rows for IDs RULES.md does not define: {', '.join(extra)}")
    settings = _setting_refs()
    cited_by: dict[str, list[str]] = {}
    for decision in decisions:
        for found in RULE_ID.finditer(decision.words):
            if found.group() != decision.rule_id and decision.rule_id not in cited_by.get(found.group(), []):
                cited_by.setdefault(found.group(), []).append(decision.rule_id)
    return Rulebook([_rule(decision, seeds, settings, cited_by) for decision in decisions])


def _rule(
    decision: Decision,
    seeds: dict[str, str],
    settings: dict[str, tuple[SettingRef, ...]],
    cited_by: dict[str, list[str]],
) -> Rule:
    source = SOURCES[decision.rule_id]
    passages = tuple(
        Passage(seed, SEEDS[seed].title, _seed_words(seeds[seed], quote)) for seed, quote in source.passages
    )
    whole = decision.entry if decision.entry != f"{decision.rule_id} {decision.words}" else ""
    return Rule(
        rule_id=decision.rule_id,
        title=source.title,
        game=PREFIX_GAME[decision.rule_id.split("-")[0]],
        procedure=decision.section.startswith(PROCEDURES),
        house=decision.house,
        decision=decision.words,
        entry="" if decision.parent else whole,
        note=_section_note(decision.section) or decision.intro,
        parent=decision.parent,
        passages=passages,
        settings=settings.get(decision.rule_id, ()),
        cited_by=tuple(cited_by.get(decision.rule_id, ())),
    )


def _data(*path: str) -> str:
    return resources.files(__package__).joinpath("data", *path).read_text(encoding="utf-8")


@functools.cache
def rulebook() -> Rulebook:
    """The rulebook of the texts in this package, read once."""
    seeds = {number: _data("seeds", seed.file) for number, seed in SEEDS.items()}
    return build(_data("RULES.md"), seeds)
