"""The Pai Gow round (RULES.md PG-P1 – PG-P6): a worked round from the rule texts, the
irregularities (PG-5 – PG-8, called with ``rule_deal``'s ruling), the named mistakes, and
properties: the correct dealer ends every seeded round with ``settle_table``'s settlement;
every wrong action is refused with a rule ID; a stored log replays; the notation
round-trips."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import JOKER, parse_card
from games.pai_gow import DECK, PaiGowRules, Setting, check_foul, house_way
from games.pai_gow.procedures import (
    BoxedCard,
    DealerHandOpenedEarly,
    DealRuling,
    ExposedCard,
    WrongSpots,
)
from games.pai_gow.round import (
    MISTAKES,
    VOCABULARY,
    AnnounceDice,
    Automation,
    Button,
    Call,
    Clear,
    Collect,
    Deliver,
    DiscardDead,
    Fee,
    OpenBank,
    PaiGowRound,
    PaiGowStart,
    Pay,
    Replace,
    ResetBank,
    Return,
    Seat,
    SetAside,
    SetHand,
    StartError,
    hands_of,
)
from games.pai_gow.round_words import SENTENCES, explain_mistake
from games.pai_gow.showdown import TableHand, settle_table
from games.players.pai_gow import PaiGowPlayer
from games.procedure import Actor, ProcedureError, can, format_log, parse_log, play_out, replay, review

RULES = PaiGowRules()
FEE_RULES = PaiGowRules.from_mapping({"collection_fee": "0.50"})
ORDERED = tuple(DECK.cards())  # 2S 3S ... AS ... JK JK: a fixed deck order for worked rounds


def ten(position):
    return Seat(position, Decimal("10"))


def test_a_worked_round_in_the_order_of_pg_p():
    # dice 1+1+1 = 3: the first hand to position 3 (PG-3); stacks clockwise 3,4,5,6,7,1,2
    start = PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3), ten(5)))
    state = play_out(PaiGowRound.begin(start, RULES))
    verbs = [(action.VERB, getattr(action, "position", None)) for action in state.log]
    assert verbs[:2] == [("roll", None), ("announce", 3)]
    assert state.log[1] == AnnounceDice(3, 3)
    assert verbs[2] == ("set-aside", None)
    assert [position for verb, position in verbs if verb == "deliver"] == [3, 4, 5, 6, 7, 1, 2]
    assert [position for verb, position in verbs if verb == "discard-dead"] == [4, 6, 7, 2]  # PG-P3
    assert state.log[verbs.index(("button", 3))] == Button(3)  # PG-4: the first position is seated
    assert [position for verb, position in verbs if verb == "set"] == [3, 5, 1]  # players, then the bank
    assert verbs.index(("open-bank", None)) == verbs.index(("set", 1)) - 1  # PG-5: opened once all are set
    assert state.log[-1] == Clear()
    assert state.log[2] == SetAside(tuple(ORDERED[49:]))
    assert state.log[3] == Deliver(3, tuple(ORDERED[:7]))
    table = state.settlement()
    assert state.paid() == {hand.position: hand.win for hand in table.hands}


def test_the_settlement_goes_clockwise_from_the_action_with_the_fee_and_the_uncovered_part():
    # bank 15 covers the first bet in payment order and 5 of the second (PG-1)
    start = PaiGowStart.of(ORDERED, (2, 2, 2), Decimal("15"), (ten(2), ten(7)))  # total 6: first hand 6
    state = PaiGowRound.begin(start, FEE_RULES, automations=set(Automation) - {Automation.SETTLEMENT})
    assert state.due().action.VERB in ("pay", "collect", "fee")
    first = state.due().action
    assert first.position == 7  # the Action: position 6 is empty, passed on clockwise (PG-4)
    wrong = (Pay if isinstance(first, Collect) else Collect)(2, Decimal("10.00"))
    with pytest.raises(ProcedureError) as caught:
        state.apply(wrong)
    assert (caught.value.rule, caught.value.mistake) == ("PG-1", "started-settlement-at-wrong-position")
    assert "Started the settlement at the wrong position" in explain_mistake(caught.value)
    done = play_out(state)
    money = [action for action in done.log if isinstance(action, (Pay, Collect, Fee, Return))]
    assert Return(2, Decimal("5.00")) in money
    assert [action.position for action in money][-1] == 1  # the player-dealer's own fee last (PG-F)
    table = done.settlement()
    assert done.paid() == {hand.position: hand.win for hand in table.hands}


def test_a_fouled_player_dealer_hand_is_reset_the_house_way():
    hands = hands_of(PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3),)))
    bank_cards = hands[1]
    fouled = Setting(bank_cards[2:], bank_cards[:2])
    if not check_foul(fouled).fouled:
        fouled = Setting(bank_cards[:4], bank_cards[4:])  # a 4 + 3 split always fouls (PG-13)
    start = PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3),), {1: fouled})
    state = PaiGowRound.begin(start, RULES, automations=set(Automation) - {Automation.OPENING})
    state = state.open_bank()
    reset = house_way(fouled.cards).setting
    assert state.due().action == ResetBank(reset.high, reset.low)
    with pytest.raises(ProcedureError) as caught:
        state.apply(state.steps[len(state.log) + 1].action)
    assert caught.value.mistake == "bank-hand-not-reset"
    assert caught.value.rule == "PG-17"


def dealt_card(start, position, index=0):
    return hands_of(start)[position][index]


@pytest.mark.parametrize(
    ("event", "ruling"),
    [
        (lambda deck: BoxedCard(parse_card("7H")), DealRuling.REPLACE_BOXED_CARD),
        (lambda deck: ExposedCard(parse_card("7H")), DealRuling.REPLACE_EXPOSED_CARD),
        (lambda deck: ExposedCard(parse_card("AS")), DealRuling.MISDEAL),
        (lambda deck: BoxedCard(JOKER), DealRuling.MISDEAL),
        (lambda deck: DealerHandOpenedEarly(), DealRuling.CALL_SUPERVISOR),
        (lambda deck: WrongSpots(players_looked=1), DealRuling.REDELIVER),
        (lambda deck: WrongSpots(players_looked=2), DealRuling.MISDEAL),
    ],
)
def test_an_injected_irregularity_must_be_called_with_rule_deals_ruling(event, ruling):
    start = PaiGowStart.seeded(random.Random(5), (ten(2), ten(4)), Decimal("100"), events=(event(None),))
    state = PaiGowRound.begin(start, RULES, automations={Automation.ANNOUNCING, Automation.DEALING})
    assert state.due().action == Call(ruling)
    other = next(r for r in DealRuling if r is not ruling)
    with pytest.raises(ProcedureError) as caught:
        state.call(other)
    assert caught.value.mistake == "wrong-ruling"
    with pytest.raises(ProcedureError) as caught:
        state.button(2)
    assert caught.value.mistake == "irregularity-not-called"
    done = play_out(state.call(ruling))
    if ruling is DealRuling.MISDEAL:
        assert done.settlement() is None
        assert done.log[-1] == Clear()
        assert not any(isinstance(action, (Pay, Collect)) for action in done.log)
    else:
        assert done.paid() == {hand.position: hand.win for hand in done.settlement().hands}


def test_a_boxed_card_is_not_dealt_and_an_exposed_one_is_replaced_by_the_first_left_over():
    boxed = PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3),), events=(BoxedCard(parse_card("3S")),))
    state = play_out(PaiGowRound.begin(boxed, RULES))
    dealt = [card for action in state.log if isinstance(action, Deliver) for card in action.cards]
    assert parse_card("3S") not in dealt
    assert len(next(a for a in state.log if isinstance(a, SetAside)).cards) == 4
    exposed = PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3),), events=(ExposedCard(parse_card("3S")),))
    state = play_out(PaiGowRound.begin(exposed, RULES))
    assert Replace(3, parse_card("3S"), ORDERED[49]) in state.log  # 3S is in the first stack, at position 3
    assert ORDERED[49] in hands_of(exposed)[3]


def test_the_logical_way_after_pg_5_and_pg_7():
    rng_start = PaiGowStart.seeded(
        random.Random(11), (ten(2), ten(5)), Decimal("100"), player=PaiGowPlayer(foul_rate=1),
        events=(DealerHandOpenedEarly(),),
    )
    state = play_out(PaiGowRound.begin(rng_start, RULES))
    for action in state.log:
        if isinstance(action, SetHand) and action.position != 1:  # PG-5: the unset hands, the logical way
            assert not check_foul(Setting(action.high, action.low)).fouled
    redeliver = PaiGowStart.seeded(random.Random(11), (ten(2), ten(5)), Decimal("100"), events=(WrongSpots(1),))
    state = play_out(PaiGowRound.begin(redeliver, RULES))
    assert sum(isinstance(action, Deliver) for action in state.log) == 14  # retrieved and redelivered (PG-7)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda kw: {**kw, "deck": (*ORDERED[:-1], parse_card("AS"))}, "deck"),  # two Aces of spades
        (lambda kw: {**kw, "deck": ORDERED[:53]}, "deck"),
        (lambda kw: {**kw, "dice": (0, 3, 4)}, "dice"),
        (lambda kw: {**kw, "seats": (Seat(1, Decimal("10")),)}, "seats.0.position"),
        (lambda kw: {**kw, "seats": (Seat(3, Decimal("0")),)}, "seats.0.bet"),
        (lambda kw: {**kw, "seats": ()}, "seats"),
        (lambda kw: {**kw, "events": (ExposedCard(ORDERED[52]),)}, "events"),  # a left-over card was not dealt
    ],
)
def test_an_impossible_start_names_its_field(change, field):
    keywords = {"deck": ORDERED, "dice": (1, 1, 1), "bank": Decimal("100"), "seats": (ten(3),), "events": ()}
    keywords = change(keywords)

    def begin():
        start = PaiGowStart.of(keywords["deck"], keywords["dice"], keywords["bank"], keywords["seats"],
                               events=keywords["events"])
        return PaiGowRound.begin(start, RULES)

    with pytest.raises(StartError) as caught:
        begin()
    assert caught.value.field == field


def test_a_listed_setting_of_other_cards_is_refused():
    with pytest.raises(StartError) as caught:
        PaiGowRound.begin(
            PaiGowStart.of(ORDERED, (1, 1, 1), Decimal("100"), (ten(3),),
                           {3: Setting.of("AS KS QS JS TS", "9S 8S")}),
            RULES,
        )
    assert caught.value.field == "seats.0.setting"


def test_every_mistake_code_has_a_sentence():
    assert set(MISTAKES) <= set(SENTENCES)


# --- properties ---------------------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**32)
automation_sets = st.sets(st.sampled_from(list(Automation)))


def seeded_start(seed: int) -> PaiGowStart:
    rng = random.Random(seed)
    positions = sorted(rng.sample(range(2, 8), rng.randint(1, 6)))
    seats = [Seat(p, Decimal(rng.choice(["5", "10", "25", "100"]))) for p in positions]
    bank = Decimal(rng.choice(["20", "60", "100", "1000"]))
    events = ()
    if rng.random() < 0.25:
        events = (rng.choice([DealerHandOpenedEarly(), WrongSpots(rng.randint(0, 2)), BoxedCard(parse_card("7D"))]),)
    return PaiGowStart.seeded(rng, seats, bank, player=PaiGowPlayer(foul_rate=0.1), events=events)


@settings(max_examples=120, deadline=None)
@given(seeds, automation_sets, st.booleans())
def test_the_correct_dealer_ends_with_the_settlement_of_settle_table(seed, automations, fee):
    rules = FEE_RULES if fee else RULES
    start = seeded_start(seed)
    state = play_out(PaiGowRound.begin(start, rules, automations=automations))
    assert state.finished
    table = state.settlement()
    if table is None:
        assert all(net == 0 for net in state.paid().values())
        return
    settings_by_position = {action.position: Setting(action.high, action.low)
                            for action in state.log if isinstance(action, SetHand)}
    bets = {seat.position: seat.bet for seat in start.seats}
    button = next(action.position for action in state.log if isinstance(action, Button))
    expected = settle_table(
        settings_by_position[1], start.bank, button,
        [TableHand(p, settings_by_position[p], bets[p]) for p in bets], rules,
    )
    assert table == expected
    assert state.paid() == {hand.position: hand.win for hand in expected.hands}


def wrong_actions(state: PaiGowRound):
    positions = st.integers(min_value=1, max_value=7)
    money = st.sampled_from([Decimal(text) for text in ("5.00", "10.00", "25.00", "0.50")])
    stack = st.just(tuple(ORDERED[:7]))
    due = state.due().action if state.due() else None
    options = [
        st.builds(AnnounceDice, st.integers(min_value=3, max_value=18), positions),
        st.builds(Deliver, positions, stack),
        st.builds(Call, st.sampled_from(list(DealRuling))),
        st.builds(DiscardDead, positions),
        st.builds(Button, positions),
        st.just(OpenBank()),
        st.builds(Pay, positions, money),
        st.builds(Collect, positions, money),
        st.builds(Fee, positions, money),
        st.builds(Return, positions, money),
        st.just(Clear()),
    ]
    if isinstance(due, Deliver):  # the next stack to another position
        options.append(st.builds(Deliver, positions, st.just(due.cards)))
    return st.one_of(options).filter(lambda action: action != due)


@settings(max_examples=150, deadline=None)
@given(seeds, st.data())
def test_every_wrong_action_is_refused_with_a_rule_id(seed, data):
    state = PaiGowRound.begin(seeded_start(seed), FEE_RULES)
    for _ in range(data.draw(st.integers(min_value=0, max_value=30))):
        if state.finished:
            break
        state = state.apply(state.due().action)
    attempt = data.draw(wrong_actions(state))
    with pytest.raises(ProcedureError) as caught:
        state.apply(attempt)
    assert caught.value.rule.startswith("PG-")
    assert caught.value.mistake in MISTAKES
    assert not can(state, attempt)
    assert explain_mistake(caught.value).endswith(".")


@settings(max_examples=60, deadline=None)
@given(seeds, automation_sets, automation_sets)
def test_a_stored_log_replays_and_the_notation_round_trips(seed, automations, other_automations):
    start = seeded_start(seed)
    played = play_out(PaiGowRound.begin(start, FEE_RULES, automations=automations))
    text = format_log(played.log)
    parsed = parse_log(text, VOCABULARY)
    assert parsed == played.log
    assert format_log(parsed) == text
    again = replay(PaiGowRound.begin(start, FEE_RULES, automations=other_automations), parsed)
    assert again.log == played.log


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_review_of_the_dealers_actions(seed):
    start = seeded_start(seed)
    correct = play_out(PaiGowRound.begin(start, RULES))
    dealer = [action for action in correct.log if action.ACTOR is Actor.DEALER]
    assert review(PaiGowRound.begin(start, RULES), dealer).complete


def _chip_answers(state: PaiGowRound) -> set[tuple[str, str]]:
    due = state.due().action
    answers = set()
    for position in range(1, 8):
        for kind in (Pay, Collect):
            attempt = kind(position, Decimal("10.00"))
            if isinstance(due, kind) and due.position == position:
                continue
            with pytest.raises(ProcedureError) as caught:
                state.apply(attempt)
            answers.add((caught.value.rule, caught.value.mistake))
    return answers


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_before_the_settlement_an_early_chip_movement_gets_one_answer_at_every_position(seed):
    # Until the hands are open and the settlement begins, who wins lies face down (or in
    # the deck): a payment or collection anywhere gets the one answer of the current step.
    state = PaiGowRound.begin(seeded_start(seed), FEE_RULES)
    while state.due() is not None and not isinstance(state.due().action, (Pay, Collect, Fee, Return, Clear)):
        answers = _chip_answers(state)
        assert len(answers) == 1, (state.due().action.notation(), answers)
        state = state.apply(state.due().action)
