"""The dealt-round tables word actions, refusals and tap errors through the reader's
``translate``; a stored (English) refusal is worded again in the reader's language when its
stored codes give the same sentence back, and shown as stored otherwise."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from drills.rounds import presenters
from drills.rounds.models import RoundStep
from drills.rounds.services import NOT_NOW, StaleTable
from drills.rounds.tables.base import TapError
from drills.rounds.tables.blackjack import BLACKJACK
from drills.rounds.tables.over_under_26 import OVER_UNDER
from drills.rounds.tables.pai_gow import PAI_GOW
from games.blackjack.round_actions import Announce, Deal, DealDealer, Pay, Stake
from games.cards import Card, parse_card
from games.over_under_26.round import Turn
from games.pai_gow.round_actions import Collect
from games.procedure import Due, ProcedureError


def _card(token: str) -> Card:
    card = parse_card(token)
    assert isinstance(card, Card)
    return card


def marked(text: str) -> str:
    return "«" + text + "»"


def test_table_words_go_through_translate() -> None:
    pay = Pay(box=2, amount=Decimal("5"), bet=Stake.INSURANCE)
    assert BLACKJACK.describe(pay) == "Pay 5.00 on the insurance of box 2"
    assert BLACKJACK.describe(pay, translate=marked) == "«Pay 5.00 on «the insurance» of «box {box}»»".replace(
        "{box}", "2"
    )
    assert OVER_UNDER.describe(Turn(), translate=marked) == "«turn the three face-down cards»"
    assert PAI_GOW.describe(Collect(4, Decimal("25")), translate=marked) == "«Collect 25.00 from position 4»"


def test_refusals_go_through_translate() -> None:
    error = ProcedureError(
        rule="BJ-6",
        mistake="dealer-second-card",
        attempted=DealDealer(card=_card("9C")),
        due=Deal(box=2, card=_card("9C")),
    )
    assert BLACKJACK.explain(error) == (
        "No hole card: the dealer takes no second card during the deal (BJ-6). The right action: Deal a card to box 2."
    )
    said = BLACKJACK.explain(error, marked)
    assert said.startswith("«No hole card")
    assert said.endswith("«The right action: «Deal a card to «box 2»».»")
    assert "9" not in said  # the card still in the shoe stays hidden in any language
    not_now = BLACKJACK.explain_not_now("offer-insurance", Due(Deal(box=1, card=_card("2H")), ("BJ-5",)), marked)
    assert not_now.startswith("«Not now: «offer insurance» is not the next step (BJ-5).»")


def test_tap_errors_and_stale_tables_go_through_translate() -> None:
    error = TapError("number", "a total is a whole number from 0 to {most}, in digits 0-9", most=99)
    assert error.message == "a total is a whole number from 0 to 99, in digits 0-9"
    assert error.words(marked) == "«a total is a whole number from 0 to {most}, in digits 0-9»".replace("{most}", "99")
    stale = StaleTable(3, 5)
    assert str(stale).startswith("this tap was made on an older view of the table (step 3, the table is at step 5)")
    assert stale.words(marked).startswith("«this tap was made")


def _refused(table, error: ProcedureError) -> RoundStep:  # type: ignore[no-untyped-def]
    return RoundStep(
        right=False,
        rule=error.rule,
        mistake=error.mistake,
        action=error.attempted.notation(),
        due=error.due.notation() if error.due is not None else "",
        explanation=table.explain(error),
    )


def test_stored_refusal_is_worded_again_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenters, "gettext", marked)
    monkeypatch.setattr(presenters, "translate", marked)  # the engine's words
    error = ProcedureError(
        rule="BJ-6",
        mistake="dealer-second-card",
        attempted=DealDealer(card=_card("9C")),
        due=Deal(box=2, card=_card("9C")),
    )
    step = _refused(BLACKJACK, error)
    assert presenters.step_explanation(BLACKJACK, step) == step.explanation  # English: as stored
    with translation.override("es"):
        assert presenters.step_explanation(BLACKJACK, step) == BLACKJACK.explain(error, marked)
    not_now = RoundStep(
        right=False,
        rule="BJ-5",
        mistake="out-of-order",
        action=f"offer-insurance{NOT_NOW}",
        due=Deal(box=1, card=_card("2H")).notation(),
    )
    not_now.explanation = BLACKJACK.explain_not_now("offer-insurance", Due(Deal(box=1, card=_card("2H")), ("BJ-5",)))
    with translation.override("es"):
        assert presenters.step_explanation(BLACKJACK, not_now).startswith("«Not now: «offer insurance»")


def test_stored_refusal_whose_details_are_not_kept_is_shown_as_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenters, "gettext", marked)
    monkeypatch.setattr(presenters, "translate", marked)  # the engine's words
    error = ProcedureError(
        rule="BJ-9",
        mistake="wrong-total",
        attempted=Announce(total=18),
        due=Announce(total=19),
        details={"announced": "18", "total": "19"},
    )
    step = _refused(BLACKJACK, error)
    assert "18 is not the dealer's total" in step.explanation
    with translation.override("es"):
        assert presenters.step_explanation(BLACKJACK, step) == step.explanation


@pytest.mark.django_db
def test_round_pages_show_form_errors_through_gettext(trainee_client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from drills.rounds import views

    monkeypatch.setattr(views, "gettext", marked)
    monkeypatch.setattr(views, "translate", marked)  # the engine's words
    response = trainee_client.post("/rounds/start/", {"game": "blackjack", "level": "giant", "focus": "round"})
    assert response.status_code == 400
    assert "«choose easy, normal or hard»" in response.content.decode()
    started = trainee_client.post("/rounds/start/", {"game": "blackjack", "level": "easy", "focus": "round"})
    monkeypatch.setattr(presenters, "gettext", marked)
    monkeypatch.setattr(presenters, "translate", marked)  # the engine's words
    page = trainee_client.get(started["Location"]).content.decode()
    assert "«Deal a card»" in page  # a tool's label
    assert "«The whole round»" in page  # the focus
    act = started["Location"] + "act/"
    response = trainee_client.post(act, {"key": "?", "seen": "0", "verb": "deal"})
    assert response.status_code == 400
    assert "«a tap needs its key: 8 to 64 letters, digits, - or _ (reload the page)»" in response.content.decode()


@pytest.mark.django_db
def test_practice_picker_errors_go_through_gettext(trainee_client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from drills.practice import views

    monkeypatch.setattr(views, "gettext", marked)
    response = trainee_client.post("/drills/start/", {"kind": "nope", "difficulty": "easy", "mode": "sprint"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "«choose a drill from the list»" in page
    assert "«choose practice or speed»" in page
