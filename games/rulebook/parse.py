"""Reading RULES.md: every rule ID it defines, with its own words and the entry they stand in.

Pure functions of the file's text (no I/O): :func:`parse_rules` turns the Markdown into
:class:`Decision` values, one per ID, in the file's order.

- An entry is a bullet (``- ``) with its indented continuation lines. It may define several
  IDs: one starts at the beginning of the entry or after ``". "`` or ``"; "`` and is followed
  by a capital (``BJ-1 Six decks, 312 cards. BJ-2 Values: ...``); an ID in brackets or in the
  middle of a sentence (``(see OU-W)``, ``Values as BJ-2``) is a reference, not a definition.
  ``PG-3/PG-4 Dice: ...`` defines both IDs with the same words.
- Lettered clauses ``(a) ... ; (b) ...`` of a definition are IDs of their own (``PG-6a``).
- A heading that says ``IDs PG-1 … PG-19 follow the seed's bullets`` declares every ID of that
  range, those RULES.md says nothing more about included (their words are the seed's alone).
- ``**(house)**`` marks a value of the property's rule set; the bold marks are dropped.

>>> text = '''## Blackjack — seed 001 (IDs BJ-…)
... - BJ-1 Six decks. BJ-2 Values: Ace 1 or 11 **(house)**,
...   as BJ-1 says (see BJ-1).
... '''
>>> [(d.rule_id, d.words, d.house) for d in parse_rules(text)]
[('BJ-1', 'Six decks.', False), ('BJ-2', 'Values: Ace 1 or 11 (house), as BJ-1 says (see BJ-1).', True)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

RULE_ID: Final = re.compile(r"\b(?:BJ|JS|PG|OU)-[A-Z0-9]+[a-z]?\b")
"""A rule ID as RULES.md writes them: ``BJ-10``, ``PG-6a``, ``OU-W``, ``JS-P5``, ``BJ-P4b``."""

_ID: Final = r"(?:BJ|JS|PG|OU)-[A-Z0-9]+[a-z]?"
_DEFINITION: Final = re.compile(rf"(?:^|(?<=\. )|(?<=; ))(?P<ids>{_ID}(?:/{_ID})*) (?=[A-Z(])")
_HOUSE: Final = re.compile(r"\(house(?:\)| where)")
_CLAUSE: Final = re.compile(r"(?:^|;? )\((?P<letter>[a-z])\) ")
_RANGE: Final = re.compile(rf"IDs (?P<first>{_ID}) … (?P<last>{_ID}) follow the seed's bullets")
_LIST_ITEM: Final = re.compile(r"^\d+\. ")


@dataclass(frozen=True, slots=True)
class Decision:
    """One rule ID as RULES.md defines it.

    ``words``: its own words, without the ID (``""`` for an ID only declared by a heading's
    range); ``entry``: the whole entry (bullet) they stand in, IDs included; ``section``: the
    ``##`` heading; ``intro``: the section's lines before its first entry; ``house``: marked
    **(house)**; ``parent``: the ID a lettered clause belongs to (``PG-6`` for ``PG-6a``)."""

    rule_id: str
    words: str
    entry: str
    section: str
    intro: str
    house: bool
    parent: str = ""


@dataclass
class _Section:
    title: str
    intro: list[str]
    entries: list[str]


def _plain(text: str) -> str:
    """Markdown bold and code marks dropped: ``**(house)**`` -> ``(house)``."""
    return text.replace("**", "").replace("`", "")


def _sections(text: str) -> list[_Section]:
    """The ``##`` sections with their intro lines and their entries, continuation lines joined
    (a numbered list inside an entry keeps one line per item)."""
    sections: list[_Section] = []
    entry: list[str] | None = None
    in_list = False

    def close() -> None:
        nonlocal entry, in_list
        if entry is not None and sections:
            sections[-1].entries.append("".join(entry).strip())
        entry, in_list = None, False

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("## "):
            close()
            sections.append(_Section(line[3:].strip(), [], []))
        elif not sections or line.startswith("# "):
            continue
        elif line.startswith("- "):
            close()
            entry = [line[2:].strip()]
        elif entry is not None and line.startswith("  ") and line.strip():
            body = line.strip()
            indent = len(line) - len(line.lstrip())
            if _LIST_ITEM.match(body) or (in_list and indent <= 2):
                in_list = in_list or bool(_LIST_ITEM.match(body))
                entry.append("\n" + body)
            else:
                entry.append(" " + body)
        else:
            close()
            if not sections[-1].entries:  # the first paragraph only: a group label may follow
                sections[-1].intro.append(line.strip())
    close()
    return sections


def _first_paragraph(lines: list[str]) -> str:
    """The first run of non-blank lines, joined: a section's intro, not the group label after it."""
    paragraph: list[str] = []
    for line in lines:
        if line:
            paragraph.append(line)
        elif paragraph:
            break
    return " ".join(paragraph)


def _declared_range(title: str) -> list[str]:
    """The IDs a heading declares as a range (``PG-1`` … ``PG-19``), else none."""
    found = _RANGE.search(title)
    if found is None:
        return []
    first, last = found["first"], found["last"]
    prefix = first.rsplit("-", 1)[0] + "-"
    low, high = int(first.rsplit("-", 1)[1]), int(last.rsplit("-", 1)[1])
    return [f"{prefix}{number}" for number in range(low, high + 1)]


def _clauses(rule_id: str, words: str) -> list[tuple[str, str]]:
    """``Misdeal when: (a) x; (b) y.`` -> [(``PG-6a``, ``Misdeal when: (a) x.``), ...]."""
    marks = list(_CLAUSE.finditer(words))
    if len(marks) < 2:
        return []
    lead = words[: marks[0].start()].strip()
    found = []
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        body = words[mark.end() : following.start() if following else len(words)].strip().rstrip(".;")
        found.append((f"{rule_id}{mark['letter']}", f"{lead} ({mark['letter']}) {body}."))
    return found


def parse_rules(text: str) -> list[Decision]:
    """Every ID RULES.md defines or declares, in the file's order; raise ``ValueError`` when an
    ID is defined twice (the file would be ambiguous)."""
    decisions: dict[str, Decision] = {}

    def add(decision: Decision) -> None:
        if decision.rule_id in decisions:
            raise ValueError(f"RULES.md defines {decision.rule_id} twice")
        decisions[decision.rule_id] = decision

    for section in _sections(text):
        intro = _plain(_first_paragraph(section.intro))
        title = _plain(section.title)
        for raw_entry in section.entries:
            entry = _plain(raw_entry)
            starts = list(_DEFINITION.finditer(entry))  # none: a note without an ID
            for start, following in zip(starts, [*starts[1:], None], strict=False):
                words = entry[start.end() : following.start() if following else len(entry)].strip()
                if words.endswith(";"):  # "OU-7 Under wins when ...; OU-8 Over wins ..."
                    words = words[:-1] + "."
                house = bool(_HOUSE.search(words))
                for rule_id in start["ids"].split("/"):
                    add(Decision(rule_id, words, entry, title, intro, house))
                    for clause_id, clause in _clauses(rule_id, words):
                        add(Decision(clause_id, clause, entry, title, intro, house, parent=rule_id))
        for rule_id in _declared_range(title):
            if rule_id not in decisions:
                add(Decision(rule_id, "", "", title, intro, False))
    return list(decisions.values())
