"""The Over/Under 26 round (RULES.md OU-P0 – OU-P6): worked rounds from the rule texts,
the named mistakes, and properties: the correct dealer ends every seeded round with the
settlement of ``settle``; every wrong action is refused with a rule ID; a stored log
replays; the notation round-trips."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import JOKER, parse_card, parse_cards
from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE, Choice, OverUnderRules, settle
from games.over_under_26.round import (
    MISTAKES,
    VOCABULARY,
    Announce,
    AnnounceJoker,
    Automation,
    BoxBet,
    Choose,
    Collect,
    DealDown,
    DealUp,
    Discard,
    OverUnderRound,
    OverUnderStart,
    Pay,
    Return,
    Stake,
    StartError,
    Turn,
)
from games.over_under_26.round_words import SENTENCES, explain_mistake, mistake_reason
from games.players.over_under_26 import OverUnderPlayer
from games.procedure import ProcedureError, can, format_log, parse_log, play_out, replay, review

RULES = OverUnderRules()
BONUS_RULES = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
TEN, FIVE = Decimal("10.00"), Decimal("5.00")


def start(cards, bets, choices):
    return OverUnderStart(parse_cards(cards.split()), tuple(bets), tuple(choices))


def test_a_worked_round_in_the_order_of_ou_p():
    # box 1 Over wins, box 2 Under loses, box 3 folds: total 9+5+6+7 = 27 (OU-2, OU-8)
    begin = start(
        "9S 5H 6D 7C",
        [BoxBet(1, TEN, FIVE), BoxBet(2, TEN), BoxBet(3, TEN, FIVE)],
        [Choice.OVER, Choice.UNDER, Choice.FOLD],
    )
    state = play_out(OverUnderRound.begin(begin, BONUS_RULES))
    assert format_log(state.log).splitlines() == [
        "deal-up card=9S",
        "deal-down card=5H",
        "deal-down card=6D",
        "deal-down card=7C",
        "choose box=1 choice=over",
        "choose box=2 choice=under",
        "choose box=3 choice=fold",
        "collect box=3 bet=main amount=10.00",  # OU-P4: a fold collected at once, Ante then Bonus
        "collect box=3 bet=bonus amount=5.00",
        "turn",
        "announce total=27",
        "collect box=2 bet=main amount=20.00",  # OU-P6: losers first, reverse box order
        "pay box=1 bet=main amount=20.00",  # then winners: 4 x Ante back in all, net 2 x Ante (OU-W)
        "collect box=1 bet=bonus amount=5.00",  # then each Bonus: 27 is not in the example table
        "discard",
    ]
    assert state.paid() == {1: Decimal("15.00"), 2: Decimal("-20.00"), 3: Decimal("-15.00")}


def test_a_first_card_joker_ends_the_round_and_the_cards_stay_unseen():
    begin = start("JK 5H 6D 7C", [BoxBet(1, TEN, FIVE), BoxBet(2, TEN)], [None, None])
    state = OverUnderRound.begin(begin, BONUS_RULES, automations={Automation.DEALING})
    with pytest.raises(ProcedureError) as caught:
        state.turn()
    assert caught.value.rule == "OU-P3"
    assert caught.value.mistake == "revealed-after-first-card-joker"
    assert caught.value.due == Pay(2, Stake.MAIN, Decimal("30.00"))  # reverse box order, 3 x Ante net (OU-W)
    state = state.pay(2, Stake.MAIN, Decimal("30")).pay(1, Stake.MAIN, Decimal("30"))
    state = state.return_bet(1, Stake.BONUS, FIVE).discard()
    assert state.finished
    assert not any(isinstance(action, (Choose, Turn)) for action in state.log)


def test_the_settlement_starting_at_the_wrong_box_is_named():
    begin = start("9S 5H 6D 7C", [BoxBet(1, TEN), BoxBet(2, TEN)], [Choice.OVER, Choice.OVER])
    state = OverUnderRound.begin(begin, RULES, automations={Automation.DEALING, Automation.REVEALING})
    assert state.due().action == Pay(2, Stake.MAIN, Decimal("20.00"))
    with pytest.raises(ProcedureError) as caught:
        state.pay(1, Stake.MAIN, Decimal("20"))
    assert (caught.value.rule, caught.value.mistake) == ("OU-P6", "started-settlement-at-wrong-box")
    assert caught.value.details["box"] == "2"
    assert "Started the settlement at the wrong position" in explain_mistake(caught.value)
    with pytest.raises(ProcedureError) as caught:
        state.pay(2, Stake.MAIN, Decimal("40"))
    assert caught.value.mistake == "wrong-amount"
    assert "Moved 40.00; the amount is 20.00" in explain_mistake(caught.value)
    reason = mistake_reason(caught.value)  # typed values, so each reader's language prints them its way
    assert (reason.rule, reason.param("given"), reason.param("amount")) == ("OU-P6", Decimal("40"), Decimal("20.00"))


@pytest.mark.parametrize(
    ("cards", "choice", "attempt", "mistake"),
    [
        ("9S 5H 6D 7C", Choice.OVER, DealDown(parse_card("9S")), "first-card-face-down"),
        ("9S 5H 6D 7C", Choice.OVER, DealUp(parse_card("AS")), "not-the-next-card"),
    ],
)
def test_dealing_mistakes(cards, choice, attempt, mistake):
    state = OverUnderRound.begin(start(cards, [BoxBet(1, TEN)], [choice]), RULES)
    with pytest.raises(ProcedureError) as caught:
        state.verify(attempt)
    assert caught.value.mistake == mistake
    assert caught.value.rule == "OU-P2"


def test_a_joker_among_the_three_is_announced_and_wins_whatever_the_choice():
    begin = start("9S 5H JK 7C", [BoxBet(1, TEN), BoxBet(2, TEN)], [Choice.OVER, Choice.UNDER])
    state = OverUnderRound.begin(begin, RULES, automations={Automation.DEALING})
    state = state.turn()
    with pytest.raises(ProcedureError) as caught:
        state.announce(21)
    assert caught.value.mistake == "wrong-announcement"
    state = play_out(state.announce_joker())
    assert state.paid() == {1: Decimal("20.00"), 2: Decimal("20.00")}


def test_every_fold_leaves_the_cards_unturned():
    begin = start("9S 5H 6D 7C", [BoxBet(1, TEN)], [Choice.FOLD])
    state = play_out(OverUnderRound.begin(begin, RULES))
    assert [action.VERB for action in state.log][-3:] == ["choose", "collect", "discard"]


def test_automations_leave_only_what_the_trainee_does():
    begin = start("9S 5H 6D 7C", [BoxBet(1, TEN)], [Choice.OVER])
    assert OverUnderRound.begin(begin, RULES, automations=set(Automation)).finished
    only_dealing = OverUnderRound.begin(begin, RULES, automations=set(Automation) - {Automation.DEALING})
    assert only_dealing.due().action == DealUp(parse_card("9S"))
    only_settlement = OverUnderRound.begin(begin, RULES, automations=set(Automation) - {Automation.SETTLEMENT})
    assert isinstance(only_settlement.due().action, Pay)
    assert play_out(only_settlement).log == play_out(only_dealing).log


@pytest.mark.parametrize(
    ("cards", "bets", "choices", "field"),
    [
        ("9S 5H 6D KC", [BoxBet(1, TEN)], [Choice.OVER], "cards"),
        ("9S 5H 6D 7C", [BoxBet(1, TEN, Decimal("11"))], [Choice.OVER], "boxes.0.bonus"),
        ("9S 5H 6D 7C", [BoxBet(1, Decimal("0"))], [Choice.OVER], "boxes.0.ante"),
        ("JK 5H 6D 7C", [BoxBet(1, TEN)], [Choice.OVER], "boxes.0.choice"),
        ("9S 5H 6D 7C", [BoxBet(2, TEN), BoxBet(2, TEN)], [Choice.OVER, Choice.OVER], "boxes.1.box"),
    ],
)
def test_an_impossible_start_names_its_field(cards, bets, choices, field):
    with pytest.raises(StartError) as caught:
        OverUnderRound.begin(start(cards, bets, choices), BONUS_RULES)
    assert caught.value.field == field


def test_every_mistake_code_has_a_sentence():
    assert set(MISTAKES) <= set(SENTENCES)


# --- properties ---------------------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**32)
automation_sets = st.sets(st.sampled_from(list(Automation)))


def seeded_start(seed: int, with_bonus: bool = True) -> OverUnderStart:
    rng = random.Random(seed)
    boxes = []
    for box in sorted(rng.sample(range(1, 8), rng.randint(1, 7))):
        ante = Decimal(rng.choice(["5", "10", "25", "12.50"]))
        bonus = Decimal(rng.choice(["0", "1", str(ante)])) if with_bonus else Decimal(0)
        boxes.append(BoxBet(box, ante, bonus))
    if rng.random() < 0.2:  # first-card jokers are 1 in 41: make them common enough to test
        cards = (JOKER, *rng.sample([card for card in OverUnderStart.seeded(rng, boxes).cards], 3))
        return OverUnderStart(cards, tuple(boxes), tuple(None for _ in boxes))
    return OverUnderStart.seeded(rng, boxes, OverUnderPlayer(fold_rate=0.2))


@settings(max_examples=300, deadline=None)
@given(seeds, automation_sets)
def test_the_correct_dealer_ends_with_the_settlement_of_settle(seed, automations):
    begin = seeded_start(seed)
    state = play_out(OverUnderRound.begin(begin, BONUS_RULES, automations=automations))
    assert state.finished
    for bet, choice in zip(begin.boxes, begin.choices, strict=True):
        expected = settle(begin.cards, choice, bet.ante, bet.bonus, BONUS_RULES)
        assert state.paid()[bet.box] == expected.net
        assert state.settlement()[bet.box] == expected


def wrong_actions(state: OverUnderRound):
    cards = [parse_card(token) for token in ("AS", "2H", "TD", "9C", "JK")]
    boxes = st.integers(min_value=1, max_value=7)
    money = st.sampled_from([Decimal(text) for text in ("5.00", "10.00", "20.00", "30.00", "1.00")])
    stakes = st.sampled_from(list(Stake))
    return st.one_of(
        st.builds(DealUp, st.sampled_from(cards)),
        st.builds(DealDown, st.sampled_from(cards)),
        st.builds(Choose, boxes, st.sampled_from(list(Choice))),
        st.just(Turn()),
        st.builds(Announce, st.integers(min_value=0, max_value=50)),
        st.just(AnnounceJoker()),
        st.builds(Pay, boxes, stakes, money),
        st.builds(Collect, boxes, stakes, money),
        st.builds(Return, boxes, stakes, money),
        st.just(Discard()),
    ).filter(lambda action: state.due() is None or action != state.due().action)


@settings(max_examples=200, deadline=None)
@given(seeds, st.data())
def test_every_wrong_action_is_refused_with_a_rule_id(seed, data):
    state = OverUnderRound.begin(seeded_start(seed), BONUS_RULES)
    steps = data.draw(st.integers(min_value=0, max_value=20))
    for _ in range(steps):
        if state.finished:
            break
        state = state.apply(state.due().action)
    attempt = data.draw(wrong_actions(state))
    with pytest.raises(ProcedureError) as caught:
        state.apply(attempt)
    assert caught.value.rule.startswith("OU-")
    assert caught.value.mistake in MISTAKES
    assert caught.value.due == (state.due().action if state.due() else None)
    assert not can(state, attempt)
    assert explain_mistake(caught.value).endswith(".")


@settings(max_examples=200, deadline=None)
@given(seeds, automation_sets, automation_sets)
def test_a_stored_log_replays_and_the_notation_round_trips(seed, automations, other_automations):
    begin = seeded_start(seed)
    played = play_out(OverUnderRound.begin(begin, BONUS_RULES, automations=automations))
    text = format_log(played.log)
    parsed = parse_log(text, VOCABULARY)
    assert parsed == played.log
    assert format_log(parsed) == text
    again = replay(OverUnderRound.begin(begin, BONUS_RULES, automations=other_automations), parsed)
    assert again.log == played.log
    assert again.finished


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_review_stops_at_the_first_deviation_and_plays_out_the_rest(seed):
    begin = seeded_start(seed)
    correct = play_out(OverUnderRound.begin(begin, BONUS_RULES))
    dealer = [action for action in correct.log if action.ACTOR.value == "dealer"]
    result = review(OverUnderRound.begin(begin, BONUS_RULES), dealer)
    assert result.complete
    assert result.first_error is None
    wrong = [*dealer[:-1], Turn() if dealer[-1] != Turn() else Discard()]
    result = review(OverUnderRound.begin(begin, BONUS_RULES), wrong)
    assert result.first_error is not None
    assert result.first_error.step == len(dealer)
    assert result.correct_end.log == correct.log


def _chip_answers(state: OverUnderRound) -> set[tuple[str, str]]:
    due = state.due().action
    answers = set()
    # A box whose chips have already moved (a fold collected) answers from what is on the
    # table ("settled twice"), which gives nothing away: only the untouched boxes must agree.
    touched = {action.box for action in state.log if isinstance(action, Pay | Collect)}
    for box in range(1, 8):
        if box in touched:
            continue
        for kind in (Pay, Collect):
            for stake in Stake:
                if isinstance(due, kind) and (due.box, due.bet) == (box, stake):
                    continue
                with pytest.raises(ProcedureError) as caught:
                    state.apply(kind(box, stake, Decimal("10.00")))
                answers.add((caught.value.rule, caught.value.mistake))
    return answers


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_before_the_reveal_an_early_chip_movement_gets_one_answer_at_every_box(seed):
    # Until the three cards are turned, who wins lies face down: a payment or collection at
    # any box (but a fold's collection when it is due) gets the one answer of the current step.
    state = OverUnderRound.begin(seeded_start(seed), BONUS_RULES)
    while state.due() is not None and not any(isinstance(action, Turn) for action in state.log):
        if isinstance(state.start.cards[0], type(JOKER)) and len(state.log) >= 1:
            break  # a first-card joker lies face up: the round ends on it (OU-4a)
        answers = _chip_answers(state)
        assert len(answers) == 1, (state.due().action.notation(), answers)
        state = state.apply(state.due().action)
