"""Rulings door: the blackjack questions of RULINGS.md (``hand``, ``dealer-action``,
``options``, ``settle``, ``payout``, ``dealer-odds``). Jack Switch asks the same questions
under its own rules: ``drills.rulings.jack_switch`` registers these very handlers for
``jack-switch`` (:data:`SHARED_QUESTIONS`). Every rule lives in ``games.blackjack``; this
module reads the JSON, names the field of any bad input and words the answer.

Input decisions (RULINGS.md is silent):

* Cards are in the order dealt and checked against the rule set's shoe (six decks): a
  seventh A♠ names the field where it appears (``hands.1.cards``, ``dealer``).
* A card that the hand could not have drawn is an impossible situation (400 naming the
  cards): a player's card after a bust or at 21 (BJ-7; JS-6 lets a soft 21 draw), a
  dealer's card after the dealer stood (BJ-8 / JS-5).
* ``switched`` (default false) is accepted by ``hand``, ``options`` and ``settle``; it
  means something only in Jack Switch: ``switched: true`` in blackjack is a 400 naming it.
* ``options`` wants the dealer's one card (``dealer`` with one card: players act before
  the dealer's second card, BJ-6). A bust hand has no option (``[]``); a blackjack may
  stand (and take even money against an Ace). Insurance and even money are offered before
  the first box acts: not on a split hand, a hand of three cards or more, once
  ``third_card_dealt`` or after a switch.
* ``settle``: see ``games.blackjack.settle.verify_box`` for what makes a box impossible.
  On a dealer blackjack the first hand loses the original bet and every other split hand
  is returned (``push``, ``"0.00"``). Even money's result is ``blackjack`` (paid 1:1).
  The dealer's hand may stop short of 17 only when nothing at the box depends on it any
  more (every hand bust, surrendered, paid even money or paid as a blackjack at once);
  it still needs a second card when insurance or a split/double stake waits on it (BJ-O).
* Bets (``bet``) must be more than zero; ``insurance`` may be 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Final

from drills.rulings.base import Body, Handler, Ruling, RulingInputError, money_json, probability_json, question
from drills.rulings.twenty_one_procedure import procedure
from games.blackjack.dealer import dealer_action as engine_dealer_action
from games.blackjack.dealer import verify_dealer_hand
from games.blackjack.errors import ImpossibleShoeError, SituationError, StakeError
from games.blackjack.hand import evaluate_hand, verify_player_draws
from games.blackjack.odds import OUTCOME_KEYS, dealer_odds
from games.blackjack.options import OptionsSituation, legal_options, options_reasons, verify_options_situation
from games.blackjack.rules import BlackjackRules, TwentyOneRules
from games.blackjack.settle import Box, PayoutKind, PlayerHand, dealer_payout, settle_box
from games.blackjack.words import dealer_reason, hand_reasons, payout_reason
from games.cards import Card, format_cards
from games.money import format_money
from games.reasons import explain

GAME: Final = BlackjackRules.GAME


def twenty_one_rules(rules: object) -> TwentyOneRules:
    """The rule set the door passed, checked to be of the twenty-one family."""
    if not isinstance(rules, TwentyOneRules):
        raise RulingInputError.single("rules", "this rule set is not one of blackjack or jack-switch")
    return rules


@contextmanager
def field_errors() -> Iterator[None]:
    """Turn the engine's situation errors into a 400 naming their field."""
    try:
        yield
    except (SituationError, ImpossibleShoeError, StakeError) as error:
        raise RulingInputError.single(error.field, error.message) from None


def switched_flag(body: Body, rules: TwentyOneRules) -> bool:
    """``switched`` (default false); true only where the game has a switch (JS-7)."""
    switched = body.boolean("switched", default=False)
    if switched and not rules.HAS_SWITCH:
        raise body.error("switched", f"there is no switch in {rules.GAME}: the switch is Jack Switch's (JS-7)")
    return switched


def positive_bet(body: Body, key: str) -> Decimal:
    amount = body.money(key)
    if amount <= 0:
        raise body.error(key, "must be more than zero")
    return amount


def words(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(format_cards(cards))


def hand(body: Body, rules: object) -> Ruling:
    """``{"cards": [...], "split_hand": false}`` -> ``{"total", "soft", "blackjack", "bust"}``."""
    game = twenty_one_rules(rules)
    cards = body.standard_cards("cards", min_count=1, shoe=game.shoe)
    split_hand = body.boolean("split_hand", default=False)
    switched = switched_flag(body, game)
    with field_errors():
        verify_player_draws(cards, game, field="cards", split_hand=split_hand, switched=switched)
    ruled = evaluate_hand(cards, game, split_hand=split_hand, switched=switched)
    value = ruled.value
    text = explain(hand_reasons(cards, game, split_hand=split_hand, switched=switched))
    return Ruling(
        answer={"total": value.total, "soft": value.soft, "blackjack": value.blackjack, "bust": value.bust},
        rules=ruled.rule_ids,
        explanation=text,
    )


def dealer_action(body: Body, rules: object) -> Ruling:
    """``{"cards": [...]}`` -> ``{"action": "hit" | "stand"}``."""
    game = twenty_one_rules(rules)
    cards = body.standard_cards("cards", min_count=1, shoe=game.shoe)
    with field_errors():
        verify_dealer_hand(cards, game, field="cards", finished=False)
    ruled = engine_dealer_action(cards, game)
    return Ruling(answer={"action": ruled.value.value}, rules=ruled.rule_ids,
                  explanation=dealer_reason(cards, game).words())


def options(body: Body, rules: object) -> Ruling:
    """``{"hand", "dealer", "hands_in_box", "from_split_aces", "third_card_dealt"}`` ->
    ``{"actions": [...]}``."""
    game = twenty_one_rules(rules)
    cards = body.standard_cards("hand", min_count=2)
    dealer = body.standard_cards("dealer", min_count=1)
    if len(dealer) != 1:
        raise body.error("dealer", "players act before the dealer's second card (BJ-6): give the dealer's one card")
    situation = OptionsSituation(
        hand=tuple(cards),
        dealer=dealer[0],
        hands_in_box=body.integer("hands_in_box", default=1, low=1, high=game.max_hands),
        from_split_aces=body.boolean("from_split_aces", default=False),
        third_card_dealt=body.boolean("third_card_dealt", default=False),
        switched=switched_flag(body, game),
    )
    with field_errors():
        verify_options_situation(situation, game)
    report = legal_options(situation, game)
    allowed = [str(action) for action in report.allowed]
    text = explain(options_reasons(situation, game))
    return Ruling(answer={"actions": allowed}, rules=report.rule_ids, explanation=text)


def settle(body: Body, rules: object) -> Ruling:
    """``{"bet", "hands": [{"cards", "doubled"}], "dealer", "insurance", "even_money",
    "surrendered", "switched"}`` -> ``{"hands": [{"result", "win"}], "insurance_win", "net"}``."""
    game = twenty_one_rules(rules)
    bet = positive_bet(body, "bet")
    hands = tuple(
        PlayerHand(tuple(item.standard_cards("cards", min_count=2)), item.boolean("doubled", default=False))
        for item in body.objects("hands", min_count=1)
    )
    dealer = body.standard_cards("dealer", min_count=1)
    box = Box(
        bet=bet,
        hands=hands,
        insurance=body.money("insurance", default=Decimal(0)),
        even_money=body.boolean("even_money", default=False),
        surrendered=body.boolean("surrendered", default=False),
        switched=switched_flag(body, game),
    )
    with field_errors():
        settled = settle_box(box, dealer, game)
    net = format_money(settled.net)
    sign = "+" if settled.net > 0 else ""
    return Ruling(
        answer={
            "hands": [{"result": str(h.result), "win": money_json(h.win)} for h in settled.hands],
            "insurance_win": money_json(settled.insurance_win),
            "net": money_json(settled.net),
        },
        rules=settled.rule_ids,
        explanation=" ".join(settled.notes) + f" Net for the box: {sign}{net}.",
    )


def payout(body: Body, rules: object) -> Ruling:
    """``{"bet", "kind"}`` -> ``{"pays", "collects"}``."""
    game = twenty_one_rules(rules)
    bet = positive_bet(body, "bet")
    kind = PayoutKind(body.choice("kind", [kind.value for kind in PayoutKind]))
    with field_errors():
        ruled = dealer_payout(kind, bet, game)
    text = payout_reason(kind.value, bet, ruled.value.pays, ruled.value.collects, game).words()
    return Ruling(answer={"pays": money_json(ruled.value.pays), "collects": money_json(ruled.value.collects)},
                  rules=ruled.rule_ids, explanation=text)


def odds_of_dealer(body: Body, rules: object) -> Ruling:
    """``{"upcard": "6H"}`` (optional) -> ``{"totals": {"17": p, ..., "blackjack": p}}``."""
    game = twenty_one_rules(rules)
    upcard = None
    if body.has("upcard"):
        card = body.card("upcard")
        assert isinstance(card, Card)  # body.card refuses jokers
        upcard = card
    ruled = dealer_odds(game, upcard)
    soft = "hits" if game.dealer_hits_soft_17 else "stands on"
    shoe = f"{game.decks}-deck shoe of {game.shoe.size} cards"
    first = f"with the {upcard} removed first as the dealer's first card" if upcard else "from the first card on"
    push = " A dealer 22 pushes (JS-4); it is counted within bust." if game.DEALER_PUSH_TOTAL else ""
    text = (f"Exact odds of the dealer's final hand, cards drawn without replacement from a full {shoe} {first}; "
            f"the dealer draws to 17 and {soft} soft 17 ({game.IDS.dealer_draws}), no hole card: a blackjack is an "
            f"Ace and a 10-value as the first two cards (BJ-6).{push}")
    return Ruling(answer={"totals": {key: probability_json(ruled.value[key]) for key in OUTCOME_KEYS}},
                  rules=ruled.rule_ids, explanation=text)


SHARED_QUESTIONS: Final[dict[str, Callable[[Body, object], Ruling]]] = {
    "hand": hand,
    "dealer-action": dealer_action,
    "options": options,
    "settle": settle,
    "payout": payout,
    "dealer-odds": odds_of_dealer,
    "procedure": procedure,
}
"""The questions the twenty-one family shares (RULINGS.md: jack-switch takes the same
questions under its own rules)."""


def register_shared_questions(game: str) -> None:
    """Register :data:`SHARED_QUESTIONS` for ``game``."""
    for name, handler in SHARED_QUESTIONS.items():
        registered: Handler = handler
        question(game, name)(registered)


register_shared_questions(GAME)
