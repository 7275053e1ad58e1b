"""The house choices of a round (RULES.md "Procedures of a round", marked **(house)**) as
rule-set values: BJ-P5 / JS-P5 ``blackjack_paid_at_turn``, BJ-P9 ``settle_box_by_box``,
PG-P3 ``stacks_to_empty_positions``, OU-P0 ``max_boxes``. For each alternative: a worked
round (the correct dealer's log), the refusal of doing it the default way (citing the rule
ID), and the properties of the default rounds run under the alternative (the correct
dealer's settlement is the settlement functions'; the log replays; the notation
round-trips)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.blackjack.explain import explain_mistake
from games.blackjack.hand import hand_value, is_ten_value
from games.blackjack.round import NOTHING_AUTOMATIC, BoxBet, Decisions, TableLimits, TwentyOneRound
from games.blackjack.round_actions import VOCABULARY, Double, Insure, Stand
from games.blackjack.round_mistakes import MISTAKES
from games.blackjack.rules import BlackjackRules
from games.blackjack.settle import Box, PlayerHand, settle_box
from games.cards import Rank, parse_card
from games.jack_switch.rules import JackSwitchRules
from games.money import payout
from games.over_under_26.round import VOCABULARY as OU_VOCABULARY
from games.over_under_26.round import BoxBet as OverUnderBox
from games.over_under_26.round import OverUnderRound, OverUnderStart
from games.over_under_26.round import StartError as OverUnderStartError
from games.over_under_26.rules import OverUnderRules
from games.over_under_26.settlement import Choice
from games.pai_gow.codes import DECK
from games.pai_gow.round import VOCABULARY as PG_VOCABULARY
from games.pai_gow.round import Deliver, DiscardDead, PaiGowRound, PaiGowStart, Seat, SetHand
from games.pai_gow.round_words import explain_mistake as explain_pai_gow
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import Setting
from games.pai_gow.showdown import TableHand, settle_table
from games.players.pai_gow import PaiGowPlayer
from games.procedure import ProcedureError, format_log, parse_log, play_out, replay, review
from tests.games.test_twenty_one_round import wrong_actions

D = Decimal
AT_SETTLEMENT = BlackjackRules(blackjack_paid_at_turn=False)
BY_BOX = BlackjackRules(settle_box_by_box=True)
JS_AT_SETTLEMENT = JackSwitchRules(blackjack_paid_at_turn=False, settle_box_by_box=True)
SEATED_ONLY = PaiGowRules(stacks_to_empty_positions=False)


def cards(text: str) -> tuple:
    return tuple(parse_card(token) for token in text.split())


def bets(*items: tuple[int, str]) -> tuple[BoxBet, ...]:
    return tuple(BoxBet(box, D(bet)) for box, bet in items)


def log_of(state) -> list[str]:
    return [action.notation() for action in state.log]


def advance_to(state, line: str):
    while state.due() is not None and state.due().action.notation() != line:
        state = state.apply(state.due().action)
    assert state.due() is not None, f"{line} never came due"
    return state


def refused(state, line: str, vocabulary=VOCABULARY) -> ProcedureError:
    (action,) = parse_log(line, vocabulary)
    with pytest.raises(ProcedureError) as caught:
        state.apply(action)
    return caught.value


# --- the values: defaults keep RULES.md, a bad value names the setting ------------------------


def test_the_defaults_are_rules_md_and_every_stored_rule_set_reads_the_same():
    assert BlackjackRules().blackjack_paid_at_turn is True
    assert BlackjackRules().settle_box_by_box is False
    assert JackSwitchRules().blackjack_paid_at_turn is True
    assert PaiGowRules().stacks_to_empty_positions is True
    assert OverUnderRules().max_boxes == 7
    assert BlackjackRules.from_mapping({}) == BlackjackRules()  # a stored set without the new values
    for rules in (AT_SETTLEMENT, BY_BOX, JS_AT_SETTLEMENT, SEATED_ONLY, OverUnderRules(max_boxes=2)):
        assert type(rules).from_mapping(rules.to_mapping()) == rules


# --- BJ-P5 / JS-P5: a blackjack paid in the settlement ------------------------------------------

BLACKJACK_AGAINST_SIX = cards("AH TC 6S KD 8H TD 9S")
"""Box 1: A+K, a blackjack; box 2: 10+8 stands; the dealer 6, 10, 9 = 25, bust."""


def test_bj_p5_default_pays_the_blackjack_at_its_turn():
    end = play_out(TwentyOneRound.start(BlackjackRules(), bets((1, "20"), (2, "10")), BLACKJACK_AGAINST_SIX))
    assert log_of(end)[5] == "pay box=1 amount=30.00"


def test_bj_p5_house_pays_the_blackjack_with_the_winning_bets():
    start = TwentyOneRound.start(AT_SETTLEMENT, bets((1, "20"), (2, "10")), BLACKJACK_AGAINST_SIX)
    end = play_out(start)
    assert log_of(end) == [
        "deal box=1 card=AH", "deal box=2 card=TC", "deal-dealer card=6S", "deal box=1 card=KD",
        "deal box=2 card=8H", "stand box=2", "deal-dealer card=TD", "deal-dealer card=9S", "announce total=25",
        "pay box=2 amount=10.00", "pay box=1 amount=30.00",  # BJ-P9: winning bets in reverse box order
    ]
    assert [(box, result.net) for box, result in end.settlement] == [(1, D("30.00")), (2, D("10.00"))]
    # Doing it the default way (paying at the box's turn) is refused, citing BJ-P5.
    at_turn = advance_to(start, "deal-dealer card=TD")  # box 2's stand is the player's, automatic
    error = refused(at_turn, "pay box=1 amount=30")
    assert (error.rule, error.mistake) == ("BJ-P5", "blackjack-waits-for-settlement")
    assert error.mistake in MISTAKES
    assert "in the settlement" in explain_mistake(error)
    # ... and so is paying it before the dealer's total is announced.
    error = refused(advance_to(start, "announce total=25"), "pay box=1 amount=30")
    assert error.rule == "BJ-P5"
    # The step itself cites BJ-P5 with the settlement's rules.
    last = advance_to(start, "pay box=1 amount=30.00").due()
    assert last.rules[:2] == ("BJ-P9", "BJ-P5")


def test_bj_p5_house_a_lone_blackjack_needs_no_dealer_card():
    end = play_out(TwentyOneRound.start(AT_SETTLEMENT, bets((3, "10")), cards("AS 5D KH")))
    assert log_of(end) == ["deal box=3 card=AS", "deal-dealer card=5D", "deal box=3 card=KH",
                           "pay box=3 amount=15.00"]


def test_js_p5_house_at_jack_switch_cites_js_p5():
    start = TwentyOneRound.start(JS_AT_SETTLEMENT, bets((1, "20"), (2, "10")), BLACKJACK_AGAINST_SIX)
    end = play_out(start)
    assert log_of(end)[-2:] == ["pay box=2 amount=10.00", "pay box=1 amount=20.00"]  # JS-3: 1:1
    error = refused(advance_to(start, "deal-dealer card=TD"), "pay box=1 amount=20")
    assert (error.rule, error.mistake) == ("JS-P5", "blackjack-waits-for-settlement")


# --- BJ-P9: box by box ------------------------------------------------------------------------

MIXED = cards("TH TC TD 6S KH 7C 9D 2S TS")
"""Box 1: 20, box 2: 17, box 3: 19; the dealer 6, 2, 10 = 18: box 2 loses, 1 and 3 win."""


def test_bj_p9_default_settles_in_passes():
    end = play_out(TwentyOneRound.start(BlackjackRules(), bets((1, "25"), (2, "10"), (3, "10")), MIXED))
    assert log_of(end)[-3:] == ["collect box=2 amount=10.00", "pay box=3 amount=10.00", "pay box=1 amount=25.00"]


def test_bj_p9_house_settles_box_by_box_in_reverse_box_order():
    start = TwentyOneRound.start(BY_BOX, bets((1, "25"), (2, "10"), (3, "10")), MIXED)
    end = play_out(start)
    assert log_of(end)[-4:] == [
        "announce total=18", "pay box=3 amount=10.00", "collect box=2 amount=10.00", "pay box=1 amount=25.00",
    ]
    error = refused(advance_to(start, "pay box=3 amount=10.00"), "collect box=2 amount=10")  # the passes' way
    assert (error.rule, error.mistake) == ("BJ-P9", "settlement-started-at-wrong-box")
    error = refused(advance_to(start, "collect box=2 amount=10.00"), "pay box=1 amount=25")
    assert (error.rule, error.mistake) == ("BJ-P9", "settlement-out-of-order")


def dealer_blackjack_round(rules: BlackjackRules) -> TwentyOneRound:
    # Box 1 (20) and box 2 (11, doubled) both insure; the dealer's Ace makes blackjack.
    decisions = Decisions((
        Insure(box=1, amount=D("10")), Insure(box=2, amount=D("5")), Stand(box=1), Double(box=2),
    ))
    shoe = cards("TH 6C AS KD 5D 9H KS")
    return TwentyOneRound.start(rules, bets((1, "20"), (2, "10")), shoe, players=decisions)


def test_bj_p9_house_on_a_dealer_blackjack_each_box_then_its_insurance():
    default = play_out(dealer_blackjack_round(BlackjackRules()))
    assert log_of(default)[-6:] == [
        "announce total=21 blackjack=yes", "collect box=2 amount=10.00", "return box=2 amount=10.00",
        "collect box=1 amount=20.00", "pay box=2 bet=insurance amount=10.00", "pay box=1 bet=insurance amount=20.00",
    ]
    start = dealer_blackjack_round(BY_BOX)
    end = play_out(start)
    assert log_of(end)[-5:] == [
        "collect box=2 amount=10.00", "return box=2 amount=10.00", "pay box=2 bet=insurance amount=10.00",
        "collect box=1 amount=20.00", "pay box=1 bet=insurance amount=20.00",
    ]
    assert dict(default.settlement) == dict(end.settlement)
    error = refused(advance_to(start, "pay box=2 bet=insurance amount=10.00"), "collect box=1 amount=20")
    assert (error.rule, error.mistake) == ("BJ-P9", "settlement-out-of-order")


# --- the properties under the alternatives ---------------------------------------------------

ALTERNATIVES = [AT_SETTLEMENT, BY_BOX, JS_AT_SETTLEMENT,
                BlackjackRules(blackjack_paid_at_turn=False, settle_box_by_box=True, dealer_hits_soft_17=True)]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def twenty_one_rounds(draw: st.DrawFn) -> TwentyOneRound:
    rules = draw(st.sampled_from(ALTERNATIVES))
    positions = sorted(draw(st.sets(st.integers(1, 7), min_size=1, max_size=7)))
    amounts = [D(draw(st.sampled_from(["10", "25", "35", "12.50", "105"]))) for _ in positions]
    pairs = []
    if rules.HAS_SWITCH and len(positions) >= 2 and draw(st.booleans()):
        pairs = [(positions[0], positions[1])]
        amounts[1] = amounts[0]
    items = [BoxBet(position, amount) for position, amount in zip(positions, amounts, strict=True)]
    difficulty = draw(st.sampled_from(["easy", "normal", "hard"]))
    return TwentyOneRound.seeded(draw(seeds), rules, items, difficulty=difficulty, pairs=pairs,
                                 limits=TableLimits(D("10"), D("200")), irregularities=[])


def ledger(log: tuple, box: int, hand_count: int) -> tuple[list[Decimal], Decimal]:
    hands = [D(0)] * hand_count
    insurance = D(0)
    for action in log:
        if action.VERB not in ("pay", "collect") or action.box != box:
            continue
        sign = 1 if action.VERB == "pay" else -1
        if action.bet is not None and action.bet.value == "insurance":
            insurance += sign * action.amount
        elif action.bet is None:
            hands[(action.hand or 1) - 1] += sign * action.amount
    return hands, insurance


@FAST
@given(twenty_one_rounds())
def test_under_the_alternatives_the_correct_dealer_ends_with_settle_boxs_settlement(start):
    end = play_out(start)
    assert end.finished
    for view in end.table.boxes:
        box = Box(bet=view.bet, hands=tuple(PlayerHand(hand.cards, hand.doubled) for hand in view.hands),
                  insurance=view.insurance, even_money=view.even_money, surrendered=view.surrendered,
                  switched=view.switched)
        expected = settle_box(box, end.table.dealer, start.rules)
        hands, insurance = ledger(end.log, view.box, len(view.hands))
        assert hands == [hand.win for hand in expected.hands]
        assert insurance == expected.insurance_win
        assert dict(end.settlement)[view.box] == expected


@FAST
@given(twenty_one_rounds())
def test_under_the_alternatives_a_log_replays_and_the_notation_round_trips(start):
    end = play_out(start)
    text = format_log(end.log)
    assert parse_log(text, VOCABULARY) == end.log
    replayed = replay(start.restart(NOTHING_AUTOMATIC), parse_log(text, VOCABULARY))
    assert replayed.finished
    assert replayed.log == end.log
    assert replayed.table == end.table
    checked = review(start, [action for action in end.log if action.ACTOR.value == "dealer"])
    assert checked.complete
    assert checked.first_error is None


def unpaid_blackjacks(state: TwentyOneRound) -> list[int]:
    """Boxes whose blackjack the house pays in the settlement, while it is not yet due."""
    dealer = state.table.dealer
    if state.rules.blackjack_paid_at_turn or not dealer or dealer[0].rank is Rank.ACE or is_ten_value(dealer[0]):
        return []
    return [view.box for view in state.table.boxes
            if len(view.hands) == 1 and not view.hands[0].taken and not view.even_money
            and hand_value(view.hands[0].cards, switched=view.switched).blackjack]


@FAST
@given(twenty_one_rounds(), st.randoms(use_true_random=False))
def test_under_the_alternatives_wrong_actions_are_refused_and_an_early_blackjack_cites_the_house_rule(start, rng):
    state = start
    while state.due() is not None:
        for wrong in wrong_actions(state, rng):
            if state.can(wrong):
                continue
            with pytest.raises(ProcedureError) as caught:
                state.apply(wrong)
            assert caught.value.rule.startswith(("BJ-", "JS-"))
            assert caught.value.mistake in MISTAKES
        if state.due_step().phase.value != "settlement":
            for box in unpaid_blackjacks(state):
                bet = state.start_of_round.box_bet(box).bet
                error = refused(state, f"pay box={box} amount={payout(bet, state.rules.blackjack_pays)}")
                assert (error.rule, error.mistake) in (("BJ-P5", "blackjack-waits-for-settlement"),
                                                       ("JS-P5", "blackjack-waits-for-settlement"))
        state = state.apply(state.due().action)


# --- PG-P3: stacks to the seated positions only ---------------------------------------------

ORDERED = tuple(DECK.cards())


def test_pg_p3_house_delivers_to_seated_positions_and_discards_the_empty_ones_stacks_in_turn():
    # dice 1+1+1 = 3: stacks clockwise to 3,4,5,6,7,1,2; seats 3 and 5 (PG-P3)
    start = PaiGowStart.of(ORDERED, (1, 1, 1), D("100"), (Seat(3, D("10")), Seat(5, D("10"))))
    default = play_out(PaiGowRound.begin(start, PaiGowRules()))
    state = PaiGowRound.begin(start, SEATED_ONLY)
    end = play_out(state)
    deal = [(action.VERB, action.position) for action in end.log if isinstance(action, (Deliver, DiscardDead))]
    assert deal == [("deliver", 3), ("discard-dead", 4), ("deliver", 5), ("discard-dead", 6), ("discard-dead", 7),
                    ("deliver", 1), ("discard-dead", 2)]
    assert end.log[3] == Deliver(3, tuple(ORDERED[:7]))
    assert end.log[5] == Deliver(5, tuple(ORDERED[14:21]))
    assert end.log[10:] == default.log[10 + 4:]  # after the deal: the same round (button, settings, money)
    assert end.settlement() == default.settlement()
    # The default way (a stack to the empty position 4) is refused, citing PG-P3.
    at_four = advance_to(state, "discard-dead position=4")
    error = refused(at_four, "deliver position=4 cards=" + ",".join(map(str, ORDERED[7:14])), PG_VOCABULARY)
    assert (error.rule, error.mistake) == ("PG-P3", "delivered-to-an-empty-position")
    assert "straight to the discard" in explain_pai_gow(error)
    # Under the default, discarding that stack undelivered is refused the other way round.
    due_four = advance_to(PaiGowRound.begin(start, PaiGowRules()), "deliver position=4 cards="
                          + ",".join(map(str, ORDERED[7:14])))
    error = refused(due_four, "discard-dead position=4", PG_VOCABULARY)
    assert (error.rule, error.mistake) == ("PG-P3", "skipped-an-empty-position")


def pai_gow_start(seed: int) -> PaiGowStart:
    rng = random.Random(seed)
    positions = sorted(rng.sample(range(2, 8), rng.randint(1, 6)))
    seats = [Seat(p, D(rng.choice(["5", "10", "25", "100"]))) for p in positions]
    return PaiGowStart.seeded(rng, seats, D(rng.choice(["20", "60", "1000"])), player=PaiGowPlayer(foul_rate=0.1),
                              rules=SEATED_ONLY)


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_pg_p3_house_properties(seed):
    start = pai_gow_start(seed)
    state = play_out(PaiGowRound.begin(start, SEATED_ONLY))
    delivered = [action.position for action in state.log if isinstance(action, Deliver)]
    assert sorted(delivered) == sorted([1, *(seat.position for seat in start.seats)])
    settings_by_position = {a.position: Setting(a.high, a.low) for a in state.log if isinstance(a, SetHand)}
    amounts = {seat.position: seat.bet for seat in start.seats}
    button = next(action.position for action in state.log if action.VERB == "button")
    expected = settle_table(settings_by_position[1], start.bank, button,
                            [TableHand(p, settings_by_position[p], amounts[p]) for p in amounts], SEATED_ONLY)
    assert state.settlement() == expected
    assert state.paid() == {hand.position: hand.win for hand in expected.hands}
    text = format_log(state.log)
    assert parse_log(text, PG_VOCABULARY) == state.log
    assert replay(PaiGowRound.begin(start, SEATED_ONLY), parse_log(text, PG_VOCABULARY)).log == state.log


# --- OU-P0: a table that seats fewer boxes -----------------------------------------------------


def test_ou_p0_house_seats_fewer_boxes_and_refuses_more_citing_ou_p0():
    three = OverUnderRules(max_boxes=3)
    start = OverUnderStart(cards("9S 5H 6D 7C"), (OverUnderBox(1, D("10")), OverUnderBox(3, D("5"))),
                           (Choice.OVER, Choice.UNDER))
    end = play_out(OverUnderRound.begin(start, three))
    assert log_of(end) == [
        "deal-up card=9S", "deal-down card=5H", "deal-down card=6D", "deal-down card=7C",
        "choose box=1 choice=over", "choose box=3 choice=under", "turn", "announce total=27",
        "collect box=3 bet=main amount=10.00", "pay box=1 bet=main amount=20.00", "discard",
    ]
    four = OverUnderStart(cards("9S 5H 6D 7C"), tuple(OverUnderBox(box, D("10")) for box in (1, 2, 3, 4)),
                          (Choice.OVER,) * 4)
    OverUnderRound.begin(four, OverUnderRules())  # the default table seats seven
    with pytest.raises(OverUnderStartError, match=r"seats 1 to 3 boxes \(OU-P0\)") as caught:
        OverUnderRound.begin(four, three)
    assert caught.value.field == "boxes"
    high = OverUnderStart(cards("9S 5H 6D 7C"), (OverUnderBox(5, D("10")),), (Choice.OVER,))
    with pytest.raises(OverUnderStartError, match="OU-P0") as caught:
        OverUnderRound.begin(high, three)
    assert caught.value.field == "boxes.0.box"


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=7))
def test_ou_p0_house_properties(seed, seats):
    rules = OverUnderRules(max_boxes=seats)
    rng = random.Random(seed)
    positions = sorted(rng.sample(range(1, seats + 1), rng.randint(1, seats)))
    start = OverUnderStart.seeded(rng, [OverUnderBox(p, D("10")) for p in positions])
    state = play_out(OverUnderRound.begin(start, rules))
    assert state.paid() == {box: result.net for box, result in state.settlement().items()}
    text = format_log(state.log)
    assert parse_log(text, OU_VOCABULARY) == state.log
    assert replay(OverUnderRound.begin(start, rules), parse_log(text, OU_VOCABULARY)).log == state.log
