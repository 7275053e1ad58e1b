"""The dealt-round explainers word mistakes and actions through the reader's ``translate``;
English stays the default (the rulings door's explanations are English)."""

from __future__ import annotations

from decimal import Decimal

from games.blackjack import explain as bj_words
from games.blackjack.round_actions import Deal, DealDealer, Pay, Stake, Stand
from games.cards import Card, parse_card
from games.over_under_26 import round_words as ou_words
from games.over_under_26.round import Choose, Turn
from games.over_under_26.round import Pay as OuPay
from games.over_under_26.round import Stake as OuStake
from games.over_under_26.settlement import Choice
from games.pai_gow import round_words as pg_words
from games.pai_gow.procedures import DealRuling
from games.pai_gow.round_actions import Call, Collect
from games.pai_gow.round_actions import Pay as PgPay
from games.procedure import ProcedureError


def _card(token: str) -> Card:
    card = parse_card(token)
    assert isinstance(card, Card)
    return card


def marked(text: str) -> str:
    return "«" + text + "»"


def test_twenty_one_mistake_and_due_action_go_through_translate() -> None:
    error = ProcedureError(
        rule="BJ-6",
        mistake="dealer-second-card",
        attempted=DealDealer(card=_card("9C")),
        due=Deal(box=2, card=_card("9C")),
    )
    english = bj_words.explain_mistake(error)
    assert english.startswith("Dealt the dealer a second card during the deal")
    assert english.endswith("(BJ-6). Due: deal 9C to box 2.")
    said = bj_words.explain_mistake(error, marked)
    assert said.startswith("««Dealt the dealer a second card")
    assert "«deal {card} to {spot}»" not in said
    assert "«deal 9C to «box 2»»" in said


def test_twenty_one_actor_and_side_bet_words_are_translated() -> None:
    error = ProcedureError(
        rule="BJ-1", mistake="not-a-dealer-action", attempted=Stand(box=1), due=None, details={"actor": "player"}
    )
    assert bj_words.explain_mistake(error) == (
        "That is the player's action, not the dealer's (BJ-1). Due: nothing (the round is over)."
    )
    said = bj_words.explain_mistake(error, marked)
    assert "«That is the «player»'s action" in said
    assert "«nothing (the round is over)»" in said
    pay = Pay(box=3, amount=Decimal("5"), bet=Stake.INSURANCE)
    assert bj_words.describe(pay) == "pay box 3 (insurance) 5.00"
    assert bj_words.describe(pay, marked) == "«pay «box 3» («insurance») 5.00»"
    assert bj_words.describe(Stand(box=1, hand=2), marked) == "««box 1 hand 2» stands»"


def test_over_under_mistake_and_due_action_go_through_translate() -> None:
    error = ProcedureError(
        rule="OU-P5", mistake="settled-before-the-reveal", attempted=OuPay(1, OuStake.MAIN, Decimal("20")), due=Turn()
    )
    english = ou_words.explain_mistake(error)
    assert english == (
        "Settled a bet before turning the three cards and announcing the total (OU-P5). "
        "Due: turn the three face-down cards."
    )
    said = ou_words.explain_mistake(error, marked)
    assert said.startswith("«Settled a bet before turning")
    assert said.endswith("«Due: «turn the three face-down cards».»")
    assert ou_words.describe_action(Choose(2, Choice.OVER), marked) == "«box 2 chooses «over»»"
    assert ou_words.describe_action(OuPay(1, OuStake.BONUS, Decimal("7")), marked) == (
        "«pay 7.00 on the «Bonus» of box 1»"
    )


def test_pai_gow_mistake_rulings_and_due_action_go_through_translate() -> None:
    error = ProcedureError(
        rule="PG-1",
        mistake="wrong-ruling",
        attempted=Call(DealRuling.MISDEAL),
        due=Collect(5, Decimal("25")),
        details={"ruling": "continue", "given": "misdeal"},
    )
    assert pg_words.explain_mistake(error) == (
        "Called a misdeal; the ruling is to continue (PG-1). Due: collect 25.00 from position 5."
    )
    said = pg_words.explain_mistake(error, marked)
    assert said == "«Called «a misdeal»; the ruling is «to continue»» (PG-1). «Due: «collect 25.00 from position 5».»"
    assert pg_words.describe_action(PgPay(2, Decimal("10")), marked) == "«pay 10.00 to position 2»"
