"""Rounds of Blackjack and Jack Switch (games.blackjack.round): worked examples of the
procedure (RULES.md BJ-P1 ... BJ-P10, JS-P5, JS-P6) and its named mistakes, and hypothesis
properties: the correct dealer's settlement is settle_box's, every wrong action is refused
with a rule ID, a stored log replays to the same round, the notation round-trips."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.blackjack.explain import MESSAGES, explain_mistake
from games.blackjack.round import (
    NOTHING_AUTOMATIC,
    ONLY_DEALING,
    ONLY_SETTLEMENT,
    VOCABULARY,
    Automation,
    BoxBet,
    DecisionError,
    Decisions,
    ShoeExhaustedError,
    StartError,
    TableLimits,
    TwentyOneRound,
)
from games.blackjack.round_actions import (
    Collect,
    Deal,
    DealDealer,
    Insure,
    LateBet,
    Pay,
    Return,
    RoundAction,
    Stake,
    Stand,
)
from games.blackjack.round_mistakes import MISTAKES
from games.blackjack.rules import BlackjackRules
from games.blackjack.settle import Box, PlayerHand, settle_box
from games.cards import parse_card
from games.jack_switch.rules import JackSwitchRules
from games.players.twenty_one import TwentyOnePlayer
from games.procedure import ProcedureError, format_log, parse_log, play_out, replay, review

BJ = BlackjackRules()
JS = JackSwitchRules()
D = Decimal


def cards(text: str) -> tuple:
    return tuple(parse_card(token) for token in text.split())


def boxes(*bets: tuple[int, str]) -> tuple[BoxBet, ...]:
    return tuple(BoxBet(box, D(bet)) for box, bet in bets)


def log_of(state: TwentyOneRound) -> list[str]:
    return [action.notation() for action in state.log]


def refused(state: TwentyOneRound, line: str) -> ProcedureError:
    (action,) = parse_log(line, VOCABULARY)
    with pytest.raises(ProcedureError) as caught:
        state.apply(action)
    return caught.value


def advance_to(state: TwentyOneRound, line: str) -> TwentyOneRound:
    """Play the correct dealer until ``line`` is due."""
    while state.due() is not None and state.due().action.notation() != line:
        state = state.apply(state.due().action)
    assert state.due() is not None, f"{line} never came due"
    return state


# --- worked examples ----------------------------------------------------------------------

def test_a_plain_round_from_the_deal_to_the_settlement():
    # BJ-P2: box 1, box 3, dealer, box 1, box 3. Box 1 stands on 19, box 3 hits 12 to 20;
    # the dealer 6 draws 10 = 16, 5 = 21 (BJ-8); BJ-P9: collect in reverse box order.
    start = TwentyOneRound.start(BJ, boxes((1, "25"), (3, "10")), cards("TH 7C 6S 9C 5D 8H TD 5S"))
    end = play_out(start)
    assert log_of(end) == [
        "deal box=1 card=TH", "deal box=3 card=7C", "deal-dealer card=6S", "deal box=1 card=9C",
        "deal box=3 card=5D", "stand box=1", "stand box=3", "deal-dealer card=8H", "deal-dealer card=TD",
        "announce total=24", "pay box=3 amount=10.00", "pay box=1 amount=25.00",
    ]
    assert end.finished
    assert end.due() is None
    assert [(box, result.net) for box, result in end.settlement] == [(1, D("25.00")), (3, D("10.00"))]


def test_dealt_the_dealer_a_second_card_is_no_hole_card():
    start = TwentyOneRound.start(BJ, boxes((1, "25"), (2, "25")), cards("TH 7C 6S 9C 5D 8H TD"))
    state = advance_to(start, "deal box=2 card=5D")
    error = refused(state, "deal-dealer card=5D")
    assert (error.rule, error.mistake) == ("BJ-6", "dealer-second-card")
    assert error.due.notation() == "deal box=2 card=5D"
    assert "no hole card" in explain_mistake(error)


def test_a_card_that_is_not_the_next_one_is_named():
    start = TwentyOneRound.start(BJ, boxes((1, "25"),), cards("TH 7C 6S 9C"))
    error = refused(start, "deal box=1 card=AS")
    assert (error.rule, error.mistake, error.details["next"]) == ("BJ-P2", "card-not-next", "TH")


def test_a_blackjack_against_an_ace_waits_and_is_not_paid_at_once():
    # BJ-P4: even money offered (declined); BJ-P5 / BJ-10: the blackjack waits for the
    # dealer's second card, then it is paid 3:2.
    start = TwentyOneRound.start(BJ, boxes((1, "10"),), cards("AS AH KD 9C"))
    end = play_out(start)
    assert log_of(end) == [
        "deal box=1 card=AS", "deal-dealer card=AH", "deal box=1 card=KD", "offer-even-money box=1",
        "no-even-money box=1", "deal-dealer card=9C", "announce total=20", "pay box=1 amount=15.00",
    ]
    waiting = advance_to(start, "deal-dealer card=9C")
    error = refused(waiting, "pay box=1 amount=15")
    assert (error.rule, error.mistake, error.details["upcard"]) == ("BJ-10", "paid-blackjack-against-ace", "AH")
    assert "waits" in explain_mistake(error)


def test_a_blackjack_against_a_six_is_paid_at_once_3_to_2():
    start = TwentyOneRound.start(BJ, boxes((1, "35"), (2, "10")), cards("AS 9H 6D KD 7C TC 2S"))
    assert "pay box=1 amount=52.50" in log_of(play_out(start))
    state = advance_to(start, "pay box=1 amount=52.50")
    assert refused(state, "pay box=1 amount=35").mistake == "blackjack-paid-1-1"


def test_jack_switch_pays_its_blackjack_1_to_1_and_names_3_to_2():
    start = TwentyOneRound.start(JS, boxes((1, "20"),), cards("AS 6D KD TC 2S"))
    state = advance_to(start, "pay box=1 amount=20.00")
    error = refused(state, "pay box=1 amount=30")
    assert (error.rule, error.mistake) == ("JS-3", "blackjack-paid-3-2")


def dealer_blackjack_round() -> TwentyOneRound:
    # Box 1 insures 5.00; box 2 doubles 11 and draws; the dealer's Ace makes blackjack.
    decisions = Decisions((Insure(box=1, amount=D("5")), Stand(box=1), *tuple(parse_log("double box=2", VOCABULARY))))
    return TwentyOneRound.start(BJ, boxes((1, "10"), (2, "10")), cards("TS 6H AH 7C 5D 8C KC"), players=decisions)


def test_a_dealer_blackjack_collects_original_bets_returns_doubles_then_pays_insurance():
    end = play_out(dealer_blackjack_round())
    assert log_of(end)[-5:] == [
        "announce total=21 blackjack=yes",
        "collect box=2 amount=10.00", "return box=2 amount=10.00",  # BJ-O: only the original bet
        "collect box=1 amount=10.00",
        "pay box=1 bet=insurance amount=10.00",  # BJ-I2 after the losing bets (BJ-P9)
    ]


def test_paid_insurance_before_collecting_the_losing_bets():
    state = advance_to(dealer_blackjack_round(), "collect box=2 amount=10.00")
    error = refused(state, "pay box=1 bet=insurance amount=10")
    assert (error.rule, error.mistake) == ("BJ-P9", "paid-insurance-before-collecting")
    assert refused(state, "collect box=2 amount=20").mistake == "collected-stake-on-dealer-blackjack"


def test_paid_on_dealer_22_at_jack_switch():
    # Box 1 stands on 18, box 2 on 20; the dealer's 6 draws 6 then K: 22 pushes both (JS-4).
    start = TwentyOneRound.start(JS, boxes((1, "10"), (2, "10"), (3, "10")), cards("TS TH 6C 6C 8D QH KD 6H KS TD"))
    end = play_out(start)
    assert "announce total=22" in log_of(end)
    state = advance_to(start, "announce total=22").announce(total=22)
    error = refused(state, "pay box=1 amount=10")
    assert (error.rule, error.mistake) == ("JS-4", "paid-on-dealer-22")


def test_started_the_settlement_at_the_wrong_position():
    start = TwentyOneRound.start(BJ, boxes((1, "10"), (2, "10"), (3, "10")), cards("TS TH TC 7D 9D 9H 9C TD"))
    state = advance_to(start, "pay box=3 amount=10.00")
    error = refused(state, "pay box=1 amount=10")
    assert (error.rule, error.mistake) == ("BJ-P9", "settlement-started-at-wrong-box")
    assert "reverse box order" in explain_mistake(error)


def test_a_surrender_collects_half_and_returns_half():
    start = TwentyOneRound.start(BJ, boxes((1, "10.05"),), cards("TS TH 6C 9D 8D"))
    end = play_out(start)
    assert log_of(end)[3:6] == ["surrender box=1", "collect box=1 amount=5.03", "return box=1 amount=5.02"]
    state = advance_to(start, "collect box=1 amount=5.03")
    assert refused(state, "collect box=1 amount=10.05").mistake == "surrender-whole-bet"


def test_jack_switch_switch_sideways_and_side_bets():
    # Boxes 1 and 2 paired: 9S/AS and TH/9H; switching gives 9S 9H and TH AS (21, sideways).
    start = TwentyOneRound.start(
        JS, (BoxBet(1, D("25"), super_match=D("5"), pair_bonus=D("5")), BoxBet(2, D("25"))),
        cards("9S TH 7D AS 9H 8C TC"), pairs=[(1, 2)], limits=TableLimits(D("25"), D("500")),
        players=Decisions(parse_log("switch box=1\nstand box=1\nstand box=2", VOCABULARY)),
    )
    end = play_out(start)
    log = log_of(end)
    assert log[5:7] == ["pay box=1 bet=super-match amount=5.00", "collect box=1 bet=pair-bonus amount=5.00"]
    assert log[7:10] == ["switch box=1", "exchange box=1", "sideways box=2"]
    switched = advance_to(start, "sideways box=2")
    assert refused(switched, "stand box=1").mistake == "not-a-dealer-action"
    assert refused(switched, "deal box=1 card=8C").mistake == "sideways-missed"


def test_a_bust_against_a_ten_collects_only_the_original_bet_at_once():
    # Box 1 doubles 10 and busts? No: 6+4 doubles to 10 + ... use a hit bust instead.
    decisions = Decisions(tuple(parse_log("double box=1", VOCABULARY)))
    start = TwentyOneRound.start(BJ, boxes((1, "10"),), cards("6S TH 5C KD 9D"), players=decisions)
    log = log_of(play_out(start))
    assert log[3:7] == ["double box=1", "deal box=1 card=KD", "deal-dealer card=9D", "announce total=19"]
    assert log[-1] == "pay box=1 amount=20.00"


def test_a_late_bet_must_be_refused():
    start = TwentyOneRound.start(BJ, boxes((1, "10"),), cards("TS 7H 9C 8D TD"),
                                 irregularities=[LateBet(box=4, amount=D("25"))])
    log = log_of(play_out(start))
    assert log[3:5] == ["late-bet box=4 amount=25.00", "refuse-bet box=4"]
    state = advance_to(start, "refuse-bet box=4")
    assert refused(state, "stand box=1").mistake == "not-a-dealer-action"
    assert refused(state, "deal-dealer card=8D").mistake == "late-bet-accepted"


def test_automations_leave_only_the_dealing_or_only_the_settlement():
    start = TwentyOneRound.seeded(11, BJ, boxes((1, "25"), (2, "25"), (4, "10")), automations=ONLY_DEALING)
    state = start
    while state.due() is not None:
        assert isinstance(state.due().action, (Deal, DealDealer))
        state = state.apply(state.due().action)
    settle_only = start.restart(ONLY_SETTLEMENT)
    state = settle_only
    while state.due() is not None:
        assert isinstance(state.due().action, (Pay, Collect, Return))
        state = state.apply(state.due().action)
    assert state.log == play_out(start.restart(frozenset({Automation.PLAYERS}))).log


# --- bad starts ---------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "field"), [
    ({"boxes": boxes((1, "5"),)}, "boxes.0.bet"),
    ({"boxes": boxes((1, "10"), (1, "10"))}, "boxes.1.box"),
    ({"boxes": boxes((8, "10"),)}, "boxes.0.box"),
    ({"shoe": cards("AS " * 7)}, "shoe"),
    ({"pairs": [(1, 2)]}, "pairs.0"),
])
def test_an_impossible_start_names_its_field(kwargs, field):
    values = {"boxes": boxes((1, "10"),), "shoe": cards("TS 7H 9C 8D TD")} | kwargs
    with pytest.raises(StartError) as caught:
        TwentyOneRound.start(BJ, values["boxes"], values["shoe"], pairs=kwargs.get("pairs", ()))
    assert caught.value.field == field


def test_jack_switch_side_bets_need_pairs_and_bonus_limits():
    with pytest.raises(StartError) as caught:
        TwentyOneRound.start(JS, (BoxBet(1, D("10"), super_match=D("5")),), cards("TS 7H 9C 8D TD"))
    assert caught.value.field == "boxes.0.super_match"
    with pytest.raises(StartError) as caught:
        TwentyOneRound.start(JS, (BoxBet(1, D("10"), pair_bonus=D("500")),), cards("TS 7H 9C 8D TD"))
    assert caught.value.field == "boxes.0.pair_bonus"
    with pytest.raises(StartError) as caught:
        TwentyOneRound.start(JS, boxes((1, "10"), (2, "20")), cards("TS 7H 9C 8D TD"), pairs=[(2, 1)])
    assert caught.value.field == "pairs.0"


def test_too_few_cards_and_missing_decisions_are_errors_not_guesses():
    with pytest.raises(ShoeExhaustedError):
        TwentyOneRound.start(BJ, boxes((1, "10"),), cards("TS 7H 9C"))
    with pytest.raises(DecisionError):
        TwentyOneRound.start(BJ, boxes((1, "10"),), cards("TS 7H 4C 8D TD"), players=Decisions(()))
    with pytest.raises(DecisionError) as caught:
        TwentyOneRound.start(BJ, boxes((1, "10"),), cards("TS 7H 4C 8D TD"),
                             players=Decisions(tuple(parse_log("stand box=1\nhit box=1", VOCABULARY))))
    assert caught.value.index == 1


# --- properties ---------------------------------------------------------------------------

RULE_SETS = [BJ, BlackjackRules(dealer_hits_soft_17=True, blackjack_pays=BJ.insurance_pays), JS]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
difficulties = st.sampled_from(["easy", "normal", "hard"])


@st.composite
def rounds(draw: st.DrawFn) -> TwentyOneRound:
    rules = draw(st.sampled_from(RULE_SETS))
    positions = sorted(draw(st.sets(st.integers(1, 7), min_size=1, max_size=7)))
    bets = [D(draw(st.sampled_from(["10", "25", "35", "12.50", "105"]))) for _ in positions]
    pairs = []
    if rules.HAS_SWITCH and len(positions) >= 2 and draw(st.booleans()):
        pairs = [(positions[0], positions[1])]
        bets[1] = bets[0]
    items = []
    for index, (position, bet) in enumerate(zip(positions, bets, strict=True)):
        side = rules.HAS_SWITCH and draw(st.booleans())
        super_match = D("5") if side and pairs and index == 0 else D(0)
        items.append(BoxBet(position, bet, pair_bonus=D("5") if side else D(0), super_match=super_match))
    late = draw(st.sampled_from([None, [], [LateBet(box=7, amount=D("25"))]]))  # None: as the difficulty injects
    if late and 7 in positions:
        late = []
    return TwentyOneRound.seeded(draw(seeds), rules, items, difficulty=draw(difficulties), pairs=pairs,
                                 limits=TableLimits(D("10"), D("200")), irregularities=late)


def ledger(log: tuple, box: int, hand_count: int) -> tuple[list[Decimal], Decimal]:
    hands = [D(0)] * hand_count
    insurance = D(0)
    for action in log:
        if not isinstance(action, (Pay, Collect)) or action.box != box:
            continue
        sign = 1 if isinstance(action, Pay) else -1
        if action.bet is Stake.INSURANCE:
            insurance += sign * action.amount
        elif action.bet is None:
            hands[(action.hand or 1) - 1] += sign * action.amount
    return hands, insurance


@FAST
@given(rounds())
def test_the_correct_dealer_ends_with_settle_boxs_settlement(start):
    end = play_out(start)
    assert end.finished
    table = end.table
    for box_view in table.boxes:
        box = Box(
            bet=box_view.bet,
            hands=tuple(PlayerHand(hand.cards, hand.doubled) for hand in box_view.hands),
            insurance=box_view.insurance, even_money=box_view.even_money, surrendered=box_view.surrendered,
            switched=box_view.switched,
        )
        expected = settle_box(box, table.dealer, start.rules)
        hands, insurance = ledger(end.log, box_view.box, len(box_view.hands))
        assert hands == [hand.win for hand in expected.hands]
        assert insurance == expected.insurance_win
        assert dict(end.settlement)[box_view.box] == expected


@FAST
@given(rounds())
def test_a_stored_log_replays_to_the_same_round_and_the_notation_round_trips(start):
    end = play_out(start)
    text = format_log(end.log)
    assert parse_log(text, VOCABULARY) == end.log
    replayed = replay(start.restart(NOTHING_AUTOMATIC), parse_log(text, VOCABULARY))
    assert replayed.finished
    assert replayed.log == end.log
    assert replayed.table == end.table
    dealer_only = [action for action in end.log if action.ACTOR.value == "dealer"]
    checked = review(start, dealer_only)
    assert checked.complete
    assert checked.first_error is None


def wrong_actions(state: TwentyOneRound, rng: random.Random) -> list[RoundAction]:
    """Wrong actions near the right one: another amount, card, box, hand, stake, verb."""
    due = state.due().action
    table = state.table
    shoe = state.start_of_round.shoe
    other_card = shoe[(table.cards_dealt + rng.randint(1, 5)) % len(shoe)]
    box = rng.choice([1, 2, 3, 4, 5, 6, 7])
    amount = D(rng.choice(["1", "5", "10", "12.50", "15", "20", "37.50"]))
    candidates: list[RoundAction] = [
        Deal(box=box, card=shoe[table.cards_dealt] if table.cards_dealt < len(shoe) else other_card),
        Deal(box=box, card=other_card), DealDealer(card=other_card),
        Pay(box=box, amount=amount), Collect(box=box, amount=amount), Return(box=box, amount=amount),
        Pay(box=box, bet=Stake.INSURANCE, amount=amount),
        *parse_log(f"offer-insurance box={box}\nannounce total={rng.randint(12, 26)}\nexchange box={box}\n"
                   f"sideways box={box}\nrefuse-bet box={box}\nhit box={box}", VOCABULARY),
    ]
    if hasattr(due, "amount"):
        candidates.append(type(due)(**{**_fields(due), "amount": due.amount + D("0.01")}))
    if hasattr(due, "box"):
        candidates.append(type(due)(**{**_fields(due), "box": due.box % 7 + 1}))
    return [action for action in candidates if action != due]


def _fields(action: RoundAction) -> dict:
    return {name: getattr(action, name) for name in action.__dataclass_fields__}


@FAST
@given(rounds(), st.randoms(use_true_random=False))
def test_every_wrong_action_is_refused_with_a_rule_id_and_a_named_mistake(start, rng):
    state = start
    while state.due() is not None:
        for wrong in wrong_actions(state, rng):
            if state.can(wrong):  # an equivalent spelling of the due action (hand=1, bet=main)
                continue
            with pytest.raises(ProcedureError) as caught:
                state.apply(wrong)
            error = caught.value
            assert error.rule.startswith(("BJ-", "JS-"))
            assert error.mistake in MISTAKES
            assert error.mistake in MESSAGES
            assert error.due == state.due().action
            assert explain_mistake(error)
        state = state.apply(state.due().action)
    assert refused(state, "pay box=1 amount=10").mistake in ("round-over", "settled-a-push", "paid-on-dealer-22")


@FAST
@given(seeds, difficulties)
def test_the_policy_only_takes_legal_decisions_and_is_seeded(seed, difficulty):
    items = boxes((1, "25"), (2, "25"), (3, "25"), (4, "25"), (5, "25"), (6, "25"), (7, "25"))
    a = play_out(TwentyOneRound.seeded(seed, BJ, items, difficulty=difficulty))
    b = play_out(TwentyOneRound.seeded(seed, BJ, items, difficulty=difficulty))
    assert a.log == b.log


def test_hard_rounds_now_and_then_inject_a_late_bet_and_easy_ones_never():
    items = boxes((1, "25"), (3, "25"))
    def late_bets(difficulty: str) -> int:
        return sum(any(isinstance(action, LateBet) for action in play_out(
            TwentyOneRound.seeded(seed, BJ, items, difficulty=difficulty)).log) for seed in range(80))
    assert 5 <= late_bets("hard") <= 40
    assert late_bets("easy") == 0


def test_the_policy_plays_basic_strategy_when_easy():
    assert TwentyOnePlayer.for_difficulty("easy") == TwentyOnePlayer()
    with pytest.raises(ValueError, match="difficulty"):
        TwentyOnePlayer.for_difficulty("expert")


def test_a_payment_before_the_deal_is_out_of_order_and_does_not_tell_how_the_dealer_ends():
    # The same round as the dealer-22 example: box 1 will push on the dealer's 22, but before
    # the deal nobody can know that, so the refusal names the order, not the push (found by
    # the browser test: "A dealer 22 pushes" shown before a card was dealt).
    start = TwentyOneRound.start(JS, boxes((1, "10"), (2, "10"), (3, "10")), cards("TS TH 6C 6C 8D QH KD 6H KS TD"))
    error = refused(start, "pay box=1 amount=5")
    assert error.mistake == "out-of-order"
    assert error.rule.startswith("BJ-P")
    assert "22" not in explain_mistake(error)
    assert "JS-4" not in explain_mistake(error)


def test_an_early_payment_gets_the_same_answer_at_a_winning_and_a_losing_box():
    # Box 1 will win (19 against 17), box 2 will lose (16): after the first cards nobody can
    # know that, so paying either box early gets the one answer of the current step (the
    # audit: box 1 was told BJ-P8 "it is paid later", box 2 BJ-P2).
    decisions = Decisions(tuple(parse_log("stand box=1\nstand box=2", VOCABULARY)))
    start = TwentyOneRound.start(BJ, boxes((1, "10"), (2, "10")), cards("9S 8D 7C TH 8C TC"), players=decisions)
    assert log_of(play_out(start))[-2:] == ["collect box=2 amount=10.00", "pay box=1 amount=10.00"]
    state = advance_to(start, "deal-dealer card=7C")
    winner, loser = refused(state, "pay box=1 amount=10"), refused(state, "pay box=2 amount=10")
    assert (winner.rule, winner.mistake) == (loser.rule, loser.mistake) == ("BJ-P2", "out-of-order")
    assert refused(state, "collect box=2 amount=10").rule == "BJ-P2"


def insured_bust_round() -> TwentyOneRound:
    # Box 1 insures against the dealer's Ace, hits 16 and busts: no box is in play, but the
    # insurance needs the dealer's second card (BJ-P8), and only that card: A-5 stops on 16.
    decisions = Decisions(tuple(parse_log("insure box=1 amount=5\nhit box=1", VOCABULARY)))
    return TwentyOneRound.start(BJ, boxes((1, "10"),), cards("TS AH 6H KC 5D 9C"), players=decisions)


def test_with_no_box_in_play_the_dealer_draws_only_the_second_card():
    start = insured_bust_round()
    log = log_of(play_out(start))
    assert log[-4:] == ["collect box=1 amount=10.00", "deal-dealer card=5D", "announce total=16",
                        "collect box=1 bet=insurance amount=5.00"]
    waiting = advance_to(start, "deal-dealer card=5D")
    error = refused(waiting, "announce total=11")
    assert (error.rule, error.mistake) == ("BJ-P8", "dealer-second-card-needed")
    assert "17" not in explain_mistake(error)
    stopped = advance_to(start, "announce total=16")
    error = refused(stopped, "deal-dealer card=9C")
    assert (error.rule, error.mistake) == ("BJ-P8", "dealer-drew-needlessly")


def _chip_answers(state: TwentyOneRound) -> set[tuple[str, str]]:
    """(rule, mistake) of paying and collecting the main bet of every box, where that is not
    the due action and not a blackjack on the table paid while it waits (BJ-10)."""
    due = state.due().action
    answers = set()
    for box in range(1, 8):
        for kind in (Pay, Collect):
            if isinstance(due, kind) and due.box == box and due.bet in (None, Stake.MAIN):
                continue
            wrong = kind(box=box, amount=D("10"))
            if state.can(wrong):
                continue
            with pytest.raises(ProcedureError) as caught:
                state.apply(wrong)
            if not caught.value.mistake.startswith("paid-blackjack-against"):
                answers.add((caught.value.rule, caught.value.mistake))
    return answers


@FAST
@given(rounds())
def test_before_the_dealers_hand_is_final_an_early_chip_movement_gets_one_answer_at_every_box(start):
    state = start
    while state.due() is not None:
        rest = play_out(state).log[len(state.log):]
        if not any(isinstance(action, DealDealer) for action in rest):
            break  # the dealer's hand is final: what each box gets is on the table
        answers = _chip_answers(state)
        assert len(answers) <= 1, (state.due().action.notation(), answers)
        state = state.apply(state.due().action)
