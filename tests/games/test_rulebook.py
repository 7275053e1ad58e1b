"""The rulebook (games.rulebook): every RULES.md ID, its decision and the seed's own words."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from games.rule_settings import SETTINGS
from games.rulebook import build, rule_ids_in, rulebook
from games.rulebook.parse import RULE_ID
from games.rulebook.sources import SEEDS, SOURCES

DATA = resources.files("games.rulebook").joinpath("data")
RULES_MD = DATA.joinpath("RULES.md").read_text(encoding="utf-8")
SEED_TEXTS = {number: DATA.joinpath("seeds", seed.file).read_text(encoding="utf-8") for number, seed in SEEDS.items()}
SHARED = Path(__file__).resolve().parents[3] / "shared"


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_id_written_in_rules_md_has_a_rule() -> None:
    mentioned = set(RULE_ID.findall(RULES_MD))
    book = rulebook()
    missing = mentioned - {rule.rule_id for rule in book}
    # Only the names of groups are left ("Blackjack and Jack Switch (BJ-P, JS-P)"): each is the
    # beginning of numbered IDs of the rulebook, not a rule of its own.
    assert missing == {"BJ-P", "JS-P", "PG-P", "OU-P"}
    for group in missing:
        assert any(re.fullmatch(rf"{group}\d+[a-z]?", rule.rule_id) for rule in book)


def test_the_ids_of_each_kind_are_there() -> None:
    book = rulebook()
    for rule_id in ["BJ-10", "PG-6a", "PG-6d", "OU-W", "JS-P5", "BJ-P9", "BJ-P4b", "PG-H", "OU-4b", "JS-SM", "OU-P0"]:
        assert rule_id in book, rule_id
    # "IDs PG-1 … PG-19 follow the seed's bullets": the bullets RULES.md adds nothing to as well.
    assert all(f"PG-{number}" in book for number in range(1, 20))
    assert book["PG-14"].decision == ""
    assert book["PG-14"].passages[0].text.startswith("A player may play or set only one hand")


def test_every_rule_has_one_source_row_and_no_row_is_left_over() -> None:
    assert {rule.rule_id for rule in rulebook()} == set(SOURCES)
    assert len(rulebook()) == len(SOURCES)


@pytest.mark.parametrize("rule_id", sorted(SOURCES))
def test_every_quoted_passage_is_in_its_seed(rule_id: str) -> None:
    for seed, quote in SOURCES[rule_id].passages:
        assert _words(quote) in _words(SEED_TEXTS[seed]), (rule_id, quote)
    for passage in rulebook()[rule_id].passages:  # what the page shows: the seed's words, line breaks kept
        assert _words(passage.text) in _words(SEED_TEXTS[passage.seed])


def test_a_rule_cites_the_seed_of_its_game() -> None:
    for rule in rulebook():
        assert all(SEEDS[passage.seed].game == rule.game for passage in rule.passages), rule.rule_id


def test_the_seed_is_silent_where_rules_md_says_so() -> None:
    book = rulebook()
    assert "the seed is silent" in book["JS-3"].decision
    assert book["JS-3"].passages == ()
    assert book["OU-10"].passages[0].text.endswith("Bonus Pay Table")  # the table the seed lacks


def test_each_rule_has_its_own_words() -> None:
    book = rulebook()
    assert book["BJ-10"].decision.startswith("A blackjack is paid 3:2 at once when the dealer's first card")
    assert book["OU-7"].decision == "Under wins when the total is under 26."
    assert book["OU-8"].decision.startswith("Over wins when it is over 26. Otherwise both")
    assert "OU-7 Under wins" in book["OU-8"].entry  # shares its entry with OU-7
    assert book["PG-3"].decision == book["PG-4"].decision  # "PG-3/PG-4 Dice: ..."
    assert book["PG-6b"].decision == "Misdeal when: (b) two or more cards are boxed or exposed."
    assert book["PG-6b"].parent == "PG-6"
    assert book["JS-P5"].decision.startswith("At Jack Switch the same")
    assert "BJ-P5" in book["JS-P5"].entry  # "the same" as what: the whole entry is shown
    assert "**" not in book["OU-W"].decision
    assert "\n9. No pair: highest card back" in book["PG-H"].decision  # the house way's steps, one per line
    assert book["PG-H"].decision.endswith("documented in its code and tests.")


def test_house_rules_are_those_marked_house() -> None:
    marked = {rule.rule_id for rule in rulebook() if rule.house}
    assert marked == {
        "OU-W", "OU-10", "BJ-5", "BJ-8", "JS-3", "JS-5", "JS-SM", "JS-PB", "JS-L", "PG-R", "PG-F", "PG-H",
        "BJ-P5", "BJ-P9", "BJ-P10", "PG-P3", "OU-P0",
    }  # fmt: skip
    assert not rulebook()["PG-5"].house  # "set the logical way (house way)" is no marker


def test_every_house_setting_names_a_rule_of_the_rulebook() -> None:
    book = rulebook()
    for game, settings in SETTINGS.items():
        for name, info in settings.items():
            assert info.rule_id in book, (game, name, info.rule_id)
            assert any(ref.game == game and ref.setting == name for ref in book[info.rule_id].settings)


def test_a_rule_lists_the_rules_that_cite_it() -> None:
    book = rulebook()
    assert "BJ-P5" in book["BJ-10"].cited_by
    assert "PG-J" in book["PG-9"].cited_by
    assert book["JS-7"].game == "jack-switch"
    assert book["BJ-P9"].procedure
    assert not book["BJ-9"].procedure


def test_ids_in_prose_are_found_only_when_the_rulebook_knows_them() -> None:
    text = "Paid 1:1 (BJ-S4), not 3:2 (BJ-10); PG-6a applies; BJ-D is a group; XX-1 nothing."
    assert [rule_id for _start, _end, rule_id in rule_ids_in(text)] == ["BJ-S4", "BJ-10", "PG-6a"]


def test_a_new_id_without_a_source_row_is_refused() -> None:
    with pytest.raises(ValueError, match="BJ-99"):
        build(RULES_MD + "\n## Blackjack more\n- BJ-99 A rule nobody mapped.\n", SEED_TEXTS)


def test_a_quote_missing_from_its_seed_is_refused() -> None:
    seeds = {**SEED_TEXTS, "001": SEED_TEXTS["001"].replace("312 cards in total", "312 cards")}
    with pytest.raises(ValueError, match="312 cards in total"):
        build(RULES_MD, seeds)


def test_an_id_defined_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="BJ-3 twice"):
        build(RULES_MD + "\n## More\n- BJ-3 Bust again.\n", SEED_TEXTS)


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared next to the repository to compare with")
def test_the_copies_in_the_repository_are_the_shared_texts() -> None:
    assert (SHARED / "RULES.md").read_text(encoding="utf-8") == RULES_MD
    for number, seed in SEEDS.items():
        assert (SHARED / "seeds" / seed.file).read_text(encoding="utf-8") == SEED_TEXTS[number]


def test_every_rule_id_the_code_cites_has_a_page() -> None:
    """A cited ID the rulebook does not know would show as plain text, linked nowhere."""
    root = Path(__file__).resolve().parents[2]
    book = rulebook()
    groups = {"BJ-D", "BJ-S", "BJ-R", "OU-P"}  # "BJ-D, BJ-S, BJ-R" in docstrings: the doubling, split... rules
    unknown: dict[str, set[str]] = {}
    for folder in ("games", "drills", "templates"):
        for path in (root / folder).rglob("*"):
            if path.suffix not in {".py", ".html"} or "rulebook" in path.parts:  # its own examples ("BJ-Q")
                continue
            for rule_id in RULE_ID.findall(path.read_text(encoding="utf-8")):
                if rule_id not in book and rule_id not in groups:
                    unknown.setdefault(rule_id, set()).add(str(path.relative_to(root)))
    assert unknown == {}
    for group in groups:
        assert any(rule.rule_id.startswith(group) for rule in book)
