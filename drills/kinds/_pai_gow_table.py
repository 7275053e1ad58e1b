"""Joker's Wild Pai Gow drills at the table: one showdown against the player-dealer (PG-C,
PG-F), settling the table with a limited bank (PG-1), the dice and the Action button
(PG-3, PG-4), and deal procedures (PG-5 – PG-8). Registered by :mod:`drills.kinds.pai_gow`.

Situations are the bodies of the rulings door's ``showdown``, ``table``, ``dice`` and
``deal-procedure`` questions, so every key is checked against the door.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_CEILING, ROUND_DOWN, Decimal

from drills.kinds._pai_gow_deal import (
    GAME,
    SUITS,
    YES_NO,
    FieldShape,
    Pack,
    amount_shape,
    draw_bet,
    field_shapes,
    house_facts,
    house_setting,
    named,
    one_chip,
    setting_groups,
    seven_of,
    window,
    yes_no,
)
from drills.kinds._pai_gow_situations import Deal, Dice, Table, Versus, event_json
from drills.kinds.base import (
    JSON,
    AnswerField,
    CardGroup,
    Difficulty,
    DrillKind,
    Family,
    FieldType,
    NamedMistake,
    Prompt,
    Scenario,
    Solution,
)
from drills.kinds.messages import gettext_noop
from games.cards import AnyCard, Card, Joker, format_card, format_card_symbol, parse_card
from games.money import ZERO, format_money
from games.pai_gow import (
    BoxedCard,
    DealerHandOpenedEarly,
    DealEvent,
    DealRuling,
    ExposedCard,
    HandSettlement,
    PaiGowRules,
    Result,
    Setting,
    Showdown,
    TableHand,
    TableSettlement,
    Winner,
    WrongSpots,
    check_foul,
    payment_order,
    read_dice,
    roll,
    rule_deal,
    settle_table,
    showdown,
    words,
)
from games.pai_gow.dice import (
    PLAYER_DEALER,
    PLAYER_POSITIONS,
    POSITIONS,
    action_position,
    count_to,
    first_hand_position,
)
from games.players.pai_gow import fouled_setting, odd_split, other_setting, strengths
from games.reasons import Reason

NamedMistakeSolver = Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]
WINNER_CHOICES = tuple((winner.value, label) for winner, label in words.WINNER_LABELS.items())
RESULT_CHOICES = tuple((result.value, label) for result, label in words.RESULT_LABELS.items())


def _net(result: Result, covered: Decimal, rules: PaiGowRules) -> str:
    """A wrong rule's money, with the fee as the engine takes it (PG-F: per hand in action)."""
    if covered == 0:
        return format_money(ZERO)
    outcome = {Result.WIN: covered, Result.PUSH: ZERO}.get(result, -covered)
    return format_money(outcome - rules.fee)


def _has_joker(cards: Sequence[AnyCard]) -> bool:
    return any(isinstance(card, Joker) for card in cards)


# --- 4. showdown ----------------------------------------------------------------------------------


def _copy_low(pack: Pack, rng: random.Random, banker: Setting, rules: PaiGowRules) -> Setting | None:
    """A player's hand whose front copies the player-dealer's (the same ranks)."""
    if _has_joker(banker.low):
        return None
    front = [pack.rank(card.rank.high) for card in banker.low if isinstance(card, Card)]
    if any(card is None for card in front):
        return None
    low = tuple(card for card in front if card is not None)
    for _ in range(5):
        high = tuple(pack.deal(5))
        back, front_value = strengths(rules, high, low)
        if front_value <= back:
            return Setting(high, low)
    return None


def _copy_high(pack: Pack, rng: random.Random, banker: Setting, rules: PaiGowRules) -> Setting | None:
    """A player's hand whose back copies the player-dealer's (the same ranks, other suits)."""
    if _has_joker(banker.high) or len({card.suit for card in banker.high if isinstance(card, Card)}) == 1:
        return None
    back = [pack.rank(card.rank.high) for card in banker.high if isinstance(card, Card)]
    if any(card is None for card in back):
        return None
    high = tuple(card for card in back if card is not None)
    if strengths(rules, high, banker.low)[0] != strengths(rules, banker.high, banker.low)[0]:
        return None
    for _ in range(5):
        low = tuple(pack.deal(2, jokers=False))
        if strengths(rules, high, low)[1] <= strengths(rules, high, low)[0]:
            return Setting(high, low)
    return None


def _straights(pack: Pack, rng: random.Random) -> tuple[Setting, Setting] | None:
    """A wheel against another straight (PG-R **(house)**: where the wheel ranks matters)."""
    wheel = [pack.rank(rank, suit) for rank, suit in zip(window(5), rng.sample(SUITS * 2, 5), strict=True)]
    other = [pack.rank(rank) for rank in window(rng.randint(6, 13))]
    cards = wheel + other
    if any(card is None for card in cards):
        return None
    fronts = pack.deal(4, jokers=False)
    return (
        Setting(tuple(c for c in wheel if c is not None), tuple(fronts[:2])),
        Setting(tuple(c for c in other if c is not None), tuple(fronts[2:])),
    )


class PaiGowShowdown(DrillKind[PaiGowRules]):
    """Settle one player's hand against the player-dealer's (PG-C, PG-12, PG-13, PG-17, PG-F)."""

    slug = "pg-showdown"
    game = GAME
    title = gettext_noop("Showdown against the player-dealer")
    description = gettext_noop("Who takes each hand, the result, and the player's net, collection fee included.")
    target_seconds = 40
    families = (
        Family("foul", "Fouled hands", ("PG-12",)),
        Family("dealer-set", "Player-dealer's hand set the house way", ("PG-17",)),
        Family("joker", "Hands with a joker", ("PG-J",)),
    )
    general_label = gettext_noop("Compare the hands")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        bet = draw_bet(rng, difficulty)
        for _ in range(10):
            pair = self._hands(rng, difficulty, rules)
            if pair is not None:
                player, banker = pair
                return Versus(player, banker, bet).to_json()
        pack = Pack(rng)  # pragma: no cover - the shapes above nearly always succeed
        banker_cards, player_cards = pack.deal(7), pack.deal(7)
        return Versus(house_setting(player_cards, rules), house_setting(banker_cards, rules), bet).to_json()

    def _hands(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> tuple[Setting, Setting] | None:
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        roll_ = rng.random()
        if difficulty is Difficulty.HARD and roll_ < 0.15:
            pair = _straights(pack, rng)
            return None if pair is None else (pair if rng.random() < 0.5 else (pair[1], pair[0]))
        banker_cards = pack.deal(7)
        banker = house_setting(banker_cards, rules)
        if difficulty is Difficulty.EASY:
            return house_setting(pack.deal(7), rules), banker
        if difficulty is Difficulty.NORMAL:
            player_cards = pack.deal(7)
            if roll_ < 0.1:
                return (fouled_setting(rng, player_cards, rules) or other_setting(rng, player_cards, rules)), banker
            if roll_ < 0.3:
                return other_setting(rng, player_cards, rules), banker
            if roll_ < 0.4:
                return house_setting(player_cards, rules), other_setting(rng, banker_cards, rules)
            return house_setting(player_cards, rules), banker
        player: Setting | None
        if roll_ < 0.35:  # a copy in front
            player = _copy_low(pack, rng, banker, rules)
        elif roll_ < 0.5:  # a copy in the back
            player = _copy_high(pack, rng, banker, rules)
        elif roll_ < 0.6:  # the player's foul
            cards = pack.deal(7)
            player = odd_split(rng, cards) if rng.random() < 0.3 else fouled_setting(rng, cards, rules)
        elif roll_ < 0.68:  # the player-dealer set a foul: PG-17
            fouled = fouled_setting(rng, banker_cards, rules)
            if fouled is None:
                return None
            player, banker = house_setting(pack.deal(7), rules), fouled
        else:
            shape = rng.choice(("joker-straight", "joker-flush", "joker-pair", "two-jokers", "joker-five"))
            pack = Pack(rng)  # the player's jokers first, then the player-dealer's cards
            player = house_setting(seven_of(pack, rng, shape), rules)
            banker = house_setting(pack.deal(7), rules)
        return None if player is None else (player, banker)

    def _showdown(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Showdown:
        versus = Versus.from_json(situation)
        return showdown(versus.player, versus.banker, versus.bet, rules)

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        result = self._showdown(situation, rules)
        return Solution(
            key={
                "high": result.high.value,
                "low": result.low.value,
                "result": result.result.value,
                "win": format_money(result.win),
            },
            rules=result.rules,
            reasons=words.with_every_rule(words.showdown_reasons(result), result.rules),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        versus = Versus.from_json(situation)
        return Prompt(
            question=gettext_noop(
                "Settle the player's hand against the player-dealer's: who takes the five-card hand and the "
                "two-card hand, the result, and the player's net (negative if collected). A fouled hand "
                "loses both hands."
            ),
            cards=(
                *setting_groups("player", "Player", versus.player),
                *setting_groups("banker", "Player-dealer, as set", versus.banker),
            ),
            facts=((gettext_noop("Bet"), format_money(versus.bet)), *house_facts(rules, fee=True)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("high", gettext_noop("Five-card hand goes to"), FieldType.CHOICE, choices=WINNER_CHOICES),
            AnswerField("low", gettext_noop("Two-card hand goes to"), FieldType.CHOICE, choices=WINNER_CHOICES),
            AnswerField("result", gettext_noop("Result"), FieldType.CHOICE, choices=RESULT_CHOICES),
            AnswerField("win", gettext_noop("Player's net"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "showdown", Versus.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {name: answer[name] for name in ("high", "low", "result", "win")}

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A hand given to the wrong side (the two values, a copy), a result that does not
        follow from the hands or a foul missed or called, a net made the wrong way."""
        result = self._showdown(scenario.situation, rules)
        check = check_foul(result.player, rules)

        def hand(index: int, label: str) -> FieldShape:
            def shape(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
                if yours not in {winner.value for winner in Winner}:
                    return None
                if result.values is None:
                    return "pg-showdown-foul-takes-both", words.fouled_takes_both(check, result.player)
                mine, theirs = result.values[index], result.values[index + 2]
                code = (
                    "pg-showdown-copy"
                    if due == Winner.COPY
                    else "pg-showdown-no-copy"
                    if yours == Winner.COPY
                    else "pg-showdown-higher-hand"
                )
                return code, (words.winner_wrong(label, Winner(yours), Winner(due), mine, theirs),)

            return shape

        def outcome(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]]:
            if result.result is Result.FOUL:
                return "pg-showdown-foul-missed", words.fouled_takes_both(check, result.player)
            if yours == Result.FOUL:
                return "pg-showdown-not-fouled", words.foul_reasons(check, result.player)
            return "pg-showdown-result", (words.result_from_hands(result.high, result.low, result.result),)

        def net(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            generic = amount_shape(scenario.fields, "win", yours, due)
            if generic is not None:
                return generic
            if result.fee and Decimal(str(yours)) == result.win + result.fee:
                return "pg-fee-left-out", (words.fee_missing(result.fee, result.win),)
            return "pg-showdown-net", (words.net_due(result.result, result.covered, result.fee, result.win),)

        return field_shapes(
            scenario.solution.key,
            answer,
            {"high": hand(0, words.FIVE_CARD_HAND), "low": hand(1, words.TWO_CARD_HAND), "result": outcome, "win": net},
        )

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def copy_to_player(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = self._showdown(situation, rules)
            if result.result is Result.FOUL or Winner.COPY not in (result.high, result.low):
                return None
            taken = sum(winner is not Winner.BANKER for winner in (result.high, result.low))
            wrong = (Result.LOSE, Result.PUSH, Result.WIN)[taken]
            return {"result": wrong.value, "win": _net(wrong, result.covered, rules)}

        def foul_as_push(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = self._showdown(situation, rules)
            if result.result is not Result.FOUL:
                return None
            return {"result": Result.PUSH.value, "win": _net(Result.PUSH, result.covered, rules)}

        def fee_forgotten(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not rules.fee:
                return None
            return self.solve(situation, dataclasses.replace(rules, collection_fee=Decimal("0.00"))).key

        other_wheel = dataclasses.replace(rules, wheel_lowest_straight=not rules.wheel_lowest_straight)

        def wheel(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            versus = Versus.from_json(situation)
            hands = [versus.player, versus.banker]
            if all(
                len(hand.high) != 5
                or strengths(rules, hand.high, hand.high[:2])[0] == strengths(other_wheel, hand.high, hand.high[:2])[0]
                for hand in hands
            ):
                return None  # no wheel (nor a straight its rank could pass) in a five-card hand
            return self.solve(situation, other_wheel).key

        wheel_message = words.mistake("pg-wheel-low" if rules.wheel_lowest_straight else "pg-wheel-second")
        return (
            named("pg-copy-to-player", copy_to_player),
            named("pg-foul-as-push", foul_as_push),
            NamedMistake("pg-fee-forgotten", words.mistake("pg-fee-forgotten", fee=rules.fee), fee_forgotten),
            NamedMistake("pg-wheel-rank", wheel_message, wheel),
        )


# --- 5. dice and the Action button --------------------------------------------------------------

TRIPLES = tuple((a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))


_CLOCKWISE = tuple(range(1, POSITIONS + 1))


def _miscounts(dice: Dice, action: int, yours: int) -> list[tuple[str, dict[str, int]]]:
    """The counting errors (a code of :data:`words.MISCOUNTS` and its values) that land the
    first hand on ``yours``, most common first: the seat the count starts from, the way round,
    a position left out of the count, a die left out (PG-3)."""
    total = sum(dice.dice)
    players = tuple(PLAYER_POSITIONS)
    ways: list[tuple[str, int | None, dict[str, int]]] = [
        ("pg-first-hand-to-action", action, {}),
        ("pg-dice-counted-from-next-seat", count_to(total, (*players, PLAYER_DEALER)), {}),
        ("pg-dice-dealer-left-out", count_to(total, players), {}),
        (
            "pg-dice-dealer-skipped-going-round",
            count_to(total, _CLOCKWISE, later_laps=players) if total > POSITIONS else None,
            {},
        ),
        ("pg-dice-counted-counter-clockwise", count_to(total, (PLAYER_DEALER, *reversed(players))), {}),
        (
            "pg-dice-empty-skipped",
            count_to(total, (PLAYER_DEALER, *dice.occupied)) if len(dice.occupied) < len(players) else None,
            {},
        ),
    ]
    for die in sorted(set(dice.dice)):
        ways.append(("pg-dice-die-left-out", count_to(total - die, _CLOCKWISE), {"die": die, "counted": total - die}))
    return [(code, values) for code, position, values in ways if position == yours]


class PaiGowDice(DrillKind[PaiGowRules]):
    """The first hand and the Action button from three dice (PG-3, PG-4)."""

    slug = "pg-dice-action"
    game = GAME
    title = gettext_noop("Dice and the Action button")
    description = gettext_noop("Three dice: which position gets the first hand, and where the Action button goes.")
    target_seconds = 12

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        if difficulty is Difficulty.EASY:
            return Dice(tuple(roll(rng)), tuple(range(2, 8))).to_json()
        count = rng.randint(3, 6) if difficulty is Difficulty.NORMAL else rng.randint(1, 4)
        occupied = tuple(sorted(rng.sample(range(2, 8), count)))
        if difficulty is Difficulty.NORMAL:
            return Dice(tuple(roll(rng)), occupied).to_json()
        # hard: the dice point at the player-dealer or at an empty seat
        wanted = [dice for dice in TRIPLES if first_hand_position(sum(dice)) not in occupied]
        return Dice(tuple(rng.choice(wanted)), occupied).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        dice = Dice.from_json(situation)
        reading = read_dice(dice.dice, dice.occupied)
        return Solution(
            key={"first_hand": reading.first_hand, "action": reading.action},
            rules=reading.rules,
            reasons=words.dice_reasons(reading),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        dice = Dice.from_json(situation)
        occupied = dice.occupied
        empty = [position for position in range(2, 8) if position not in occupied]
        return Prompt(
            question=gettext_noop(
                "The player-dealer shakes the dice. Which position receives the first hand, and which position "
                "gets the Action button? Positions are numbered 1–7 clockwise, the player-dealer is position 1."
            ),
            facts=(
                ("Dice", " + ".join(str(die) for die in dice.dice)),
                ("Players at positions", ", ".join(map(str, occupied))),
                ("Empty positions", ", ".join(map(str, empty)) or "none"),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        # The Action field takes 1 too, so that giving it to the player-dealer is a named
        # mistake rather than an input error.
        return (
            AnswerField("first_hand", gettext_noop("First hand to position"), FieldType.INTEGER, low=1, high=7),
            AnswerField("action", gettext_noop("Action button at position"), FieldType.INTEGER, low=1, high=7),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "dice", Dice.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"first_hand": answer["first_hand"], "action": answer["action"]}

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """The dice miscounted (the formula and the total), the Action button on an empty
        position or a position it does not reach first."""
        dice = Dice.from_json(scenario.situation)
        reading = read_dice(dice.dice, dice.occupied)

        def first(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            if not isinstance(yours, int):
                return None
            found = _miscounts(dice, reading.action, yours)
            if not found:
                return "pg-dice-miscounted", (words.dice_miscounted(reading.total, yours, reading.first_hand),)
            reasons = tuple(
                words.dice_miscount(code, total=reading.total, yours=yours, due=reading.first_hand, **values)
                for code, values in found[:2]
            )
            return found[0][0], reasons

        def action(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            if not isinstance(yours, int):
                return None
            if yours == 1:
                return "pg-action-to-player-dealer", (words.mistake("pg-action-to-player-dealer"),)
            if yours not in dice.occupied:
                return "pg-action-to-empty-seat", (words.action_on_empty(yours, reading.action),)
            return "pg-action-passed-wrong", (words.action_elsewhere(yours, reading.first_hand, reading.action),)

        return field_shapes(scenario.solution.key, answer, {"first_hand": first, "action": action})

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def to_player_dealer(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            first = first_hand_position(sum(Dice.from_json(situation).dice))
            return {"first_hand": first, "action": first} if first == 1 else None

        def to_empty(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            dice = Dice.from_json(situation)
            first = first_hand_position(sum(dice.dice))
            empty = first != 1 and first not in dice.occupied
            return {"first_hand": first, "action": first} if empty else None

        def from_next_seat(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            # counting the player-dealer as 0 (the count starts at the next seat): total + 1 from position 1
            dice = Dice.from_json(situation)
            total = sum(dice.dice) + 1
            return {"first_hand": first_hand_position(total), "action": action_position(total, dice.occupied)[0]}

        return (
            named("pg-action-to-player-dealer", to_player_dealer),
            named("pg-action-to-empty-seat", to_empty),
            named("pg-dice-counted-from-next-seat", from_next_seat),
        )


# --- 6. deal procedures ------------------------------------------------------------------------------

RULING_CHOICES = tuple((ruling.value, label) for ruling, label in words.RULING_LABELS.items())


def _is_big(card: AnyCard) -> bool:
    return isinstance(card, Joker) or (isinstance(card, Card) and card.rank.high == 14)


def _event(kind: str, card: AnyCard | None = None, looked: int = 0, dealer: bool = False) -> DealEvent:
    if kind in ("boxed", "exposed"):
        assert card is not None
        return BoxedCard(card) if kind == "boxed" else ExposedCard(card)
    if kind == "wrong-spots":
        return WrongSpots(looked, dealer)
    return DealerHandOpenedEarly()


def _card_words(card: AnyCard) -> str:
    return "A joker" if isinstance(card, Joker) else f"The {format_card_symbol(card)}"


def _event_words(event: DealEvent) -> str:
    if isinstance(event, BoxedCard):
        return f"{_card_words(event.card)} is found face up in the deck (boxed) during the deal."
    if isinstance(event, ExposedCard):
        return f"{_card_words(event.card)} is exposed (flashed face up) as it is dealt."
    if isinstance(event, WrongSpots):
        looked = event.players_looked
        who = {0: "nobody has looked at their cards", 1: "one player has looked at their cards"}.get(
            looked, f"{looked} players have looked at their cards"
        )
        text = f"The hands were delivered to the wrong spots; {who} before the player-dealer's hand was opened"
        if event.looked_at_dealer_hand:
            text += ", and a player looked at the player-dealer's hand"
        return text + "."
    return "The player-dealer's hand was opened before all the hands were set."


class PaiGowDealProcedure(DrillKind[PaiGowRules]):
    """The ruling on what happened during the deal (PG-5 – PG-8)."""

    slug = "pg-deal-procedure"
    game = GAME
    title = gettext_noop("Deal procedure call")
    description = gettext_noop(
        "Boxed and exposed cards, hands at the wrong spots, the player-dealer's hand opened early."
    )
    target_seconds = 15
    families = (
        Family("dealer-opened", "Player-dealer's hand opened early", ("PG-5",)),
        Family("misdeal", "Misdeal", ("PG-6a", "PG-6b", "PG-6c", "PG-6d")),
        Family("wrong-spot", "Action hand to the wrong spot", ("PG-7",)),
        Family("replace-card", "Boxed or exposed card replaced", ("PG-8",)),
    )
    general_label = gettext_noop("Other cases")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        pack = Pack(rng)
        plain = pack.take(lambda card: not _is_big(card))
        second = pack.take(lambda card: not _is_big(card))
        big = pack.take(_is_big)
        shown = rng.choice(("boxed", "exposed"))
        other = "exposed" if shown == "boxed" else "boxed"
        looked = rng.choice((0, 1, 1, 2, 3))
        options: list[list[DealEvent]] = [
            [_event(shown, plain)],
            [_event(shown, big)],
        ]
        if difficulty is not Difficulty.EASY:
            options += [
                [_event("wrong-spots", looked=looked)],
                [_event("dealer-hand-opened-early")],
                [_event(shown, plain), _event(other, second)],
            ]
        if difficulty is Difficulty.HARD:
            options = [
                [_event("boxed", plain), _event("exposed", big)],  # a boxed seven next to an exposed Ace
                [_event(shown, plain), _event(other, second)],
                [_event(shown, big)],
                [_event("wrong-spots", looked=1)],
                [_event("wrong-spots", looked=2)],
                [_event("wrong-spots", looked=1, dealer=True)],
                [_event("wrong-spots", looked=1), _event("boxed", plain)],
                [_event("dealer-hand-opened-early"), _event("wrong-spots", looked=rng.choice((0, 1)))],
                [_event("exposed", plain), _event("wrong-spots", looked=0)],
            ]
        events = rng.choice(options)
        rng.shuffle(events)
        return Deal(tuple(events)).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        outcome = rule_deal(Deal.from_json(situation).events)
        return Solution(
            key={"ruling": outcome.ruling.value, "logical_way": yes_no(outcome.logical_way)},
            rules=outcome.rules or ("PG-6", "PG-8"),  # nothing applied: checked, play continues
            reasons=outcome.reasons,
        )

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        events = Deal.from_json(situation).events
        cards = tuple(
            CardGroup(
                f"event_{index}",
                "Boxed card" if isinstance(event, BoxedCard) else "Exposed card",
                (format_card(event.card),),
            )
            for index, event in enumerate(events)
            if isinstance(event, (BoxedCard, ExposedCard))
        )
        return Prompt(
            question=gettext_noop("What is your ruling, and must a hand now be set the logical way (the house way)?"),
            cards=cards,
            facts=tuple((f"Event {index + 1}", _event_words(event)) for index, event in enumerate(events)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("ruling", gettext_noop("Ruling"), FieldType.CHOICE, choices=RULING_CHOICES),
            AnswerField("logical_way", gettext_noop("A hand is set the logical way"), FieldType.CHOICE, choices=YES_NO),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "deal-procedure", Deal.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"ruling": answer["ruling"], "logical_way": yes_no(answer["logical_way"])}

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Why the ruling chosen is not the call (its event did not happen, or a ruling that
        comes first applies), and when a hand is (not) set the logical way."""
        events = Deal.from_json(scenario.situation).events
        outcome = rule_deal(events)
        types = {event_json(event)["type"] for event in events}

        def ruling(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            if yours not in {choice.value for choice in DealRuling}:
                return None
            mine, right = DealRuling(yours), DealRuling(due)
            if right is DealRuling.MISDEAL:
                why = "misdeal-first"
            elif mine is DealRuling.MISDEAL:
                why = "no-misdeal"
            elif mine is DealRuling.CONTINUE:
                why = "something-happened"
            elif mine is DealRuling.CALL_SUPERVISOR:
                why = "not-opened"
            elif mine is DealRuling.REDELIVER:
                why = "no-wrong-spots" if "wrong-spots" not in types else "supervisor-first"
            else:
                shown = "boxed" if mine is DealRuling.REPLACE_BOXED_CARD else "exposed"
                why = (
                    f"no-{shown}"
                    if shown not in types
                    else "supervisor-first"
                    if right is DealRuling.CALL_SUPERVISOR
                    else "redeliver-first"
                )
            return f"pg-deal-{why}", (words.ruling_not_due(mine, right, why), *outcome.reasons)

        def logical(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]]:
            return "pg-deal-logical-way", (words.logical_way_wrong(due == "yes"), *outcome.reasons)

        return field_shapes(scenario.solution.key, answer, {"ruling": ruling, "logical_way": logical})

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def changed(change: str) -> NamedMistakeSolver:
            def solve(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                original = Deal.from_json(situation).events
                held = {event.card for event in original if isinstance(event, (BoxedCard, ExposedCard))}
                plain = next(card for card in map(parse_card, ("7C", "7D", "8C")) if card not in held)
                events: list[DealEvent] = []
                for event in original:
                    if isinstance(event, (BoxedCard, ExposedCard)):
                        if change == "ace" and _is_big(event.card):
                            event = type(event)(plain)
                        elif change == "swap":
                            event = ExposedCard(event.card) if isinstance(event, BoxedCard) else BoxedCard(event.card)
                    elif isinstance(event, WrongSpots):
                        if change == "looked" and event.players_looked >= 2:
                            event = dataclasses.replace(event, players_looked=1)
                        elif change == "dealer":
                            event = dataclasses.replace(event, looked_at_dealer_hand=False)
                        elif change == "nobody" and event.players_looked == 1:
                            event = dataclasses.replace(event, players_looked=0)
                    events.append(event)
                return None if tuple(events) == original else self.solve(Deal(tuple(events)).to_json(), rules).key

            return solve

        def one_card(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            events = Deal.from_json(situation).events
            shown = [event for event in events if isinstance(event, (BoxedCard, ExposedCard))]
            if len(shown) < 2:
                return None
            rest = tuple(event for event in events if event not in shown[1:])
            return self.solve(Deal(rest).to_json(), rules).key

        return (
            named("pg-ace-replaced", changed("ace")),
            named("pg-two-cards-replaced", one_card),
            named("pg-two-looked-redelivered", changed("looked")),
            named("pg-dealer-hand-seen", changed("dealer")),
            named("pg-logical-way-forgotten", changed("nobody")),
            named("pg-boxed-exposed-confused", changed("swap")),
        )


# --- 7. settle the table -------------------------------------------------------------------------


def _position_field(position: int) -> str:
    return f"position_{position}"


class PaiGowTableSettle(DrillKind[PaiGowRules]):
    """Settle the table clockwise from the Action button with the player-dealer's bank (PG-1)."""

    slug = "pg-table-settle"
    game = GAME
    title = gettext_noop("Settle the table with a limited bank")
    description = gettext_noop(
        "Every hand against the player-dealer's, in order from the Action button, as far as the bank covers."
    )
    target_seconds = 120
    families = (Family("foul", "A fouled hand at the table", ("PG-12",)),)
    general_label = gettext_noop("Settle the table")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        count = {
            Difficulty.EASY: rng.randint(2, 3),
            Difficulty.NORMAL: rng.randint(3, 5),
            Difficulty.HARD: rng.randint(4, 6),
        }[difficulty]
        positions = sorted(rng.sample(range(2, 8), count))
        action = read_dice(roll(rng), positions).action
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        banker_cards = pack.deal(7)
        banker = house_setting(banker_cards, rules)
        if difficulty is Difficulty.HARD and rng.random() < 0.1:
            banker = fouled_setting(rng, banker_cards, rules) or banker  # PG-17
        hands: dict[int, TableHand] = {}
        for position in positions:
            cards = pack.deal(7)
            setting = house_setting(cards, rules)
            chance = rng.random()
            if difficulty is not Difficulty.EASY and chance < 0.2:
                setting = other_setting(rng, cards, rules)
            elif difficulty is Difficulty.HARD and chance < 0.3:
                setting = fouled_setting(rng, cards, rules) or setting
            hands[position] = TableHand(position, setting, draw_bet(rng, difficulty))
        order = payment_order(action, positions)
        bets = [hands[position].bet for position in order]
        total = sum(bets, ZERO)
        short = difficulty is Difficulty.HARD or (difficulty is Difficulty.NORMAL and rng.random() < 0.5)
        if short:  # the bank runs out mid-table: it covers k bets and part of the next
            covered = rng.randint(1, len(bets) - 1)
            step = Decimal("0.50") if difficulty is Difficulty.HARD else Decimal("5")
            part = (bets[covered] * rng.choice((0, 1, 2, 3)) / 4 / step).to_integral_value(ROUND_DOWN) * step
            bank = sum(bets[:covered], ZERO) + part
        else:
            bank = (total / 100).to_integral_value(ROUND_CEILING) * 100 + 100 * rng.randint(0, 2)
        return Table(banker, bank, action, tuple(hands.values())).to_json()

    def _settle(
        self, situation: Mapping[str, JSON], rules: PaiGowRules, bank: Decimal | None = None, action: int | None = None
    ) -> TableSettlement:
        table = Table.from_json(situation)
        return settle_table(
            table.banker,
            table.bank if bank is None else bank,
            table.action if action is None else action,
            list(table.hands),
            rules,
        )

    def _key(
        self, situation: Mapping[str, JSON], rules: PaiGowRules, bank: Decimal | None = None, action: int | None = None
    ) -> dict[str, JSON]:
        settlement = self._settle(situation, rules, bank, action)
        key: dict[str, JSON] = {_position_field(hand.position): format_money(hand.win) for hand in settlement.hands}
        key["banker_net"] = format_money(settlement.banker_net)
        return key

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        settlement = self._settle(situation, rules)
        table = Table.from_json(situation)
        reasons = words.with_every_rule(words.table_reasons(settlement, table.bank, table.action), settlement.rules)
        return Solution(key=self._key(situation, rules), rules=settlement.rules, reasons=reasons)

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        table = Table.from_json(situation)
        groups = list(setting_groups("banker", "Player-dealer (position 1), as set", table.banker))
        facts = [
            (gettext_noop("Player-dealer's bank"), format_money(table.bank)),
            ("Action button", f"position {table.action}"),
        ]
        for hand in sorted(table.hands, key=lambda hand: hand.position):
            groups.extend(setting_groups(f"position_{hand.position}", f"Position {hand.position}", hand.setting))
            facts.append((f"Position {hand.position} bet", format_money(hand.bet)))
        return Prompt(
            question=gettext_noop(
                "Settle the table: each player's net against the player-dealer (negative if collected, 0.00 "
                "for a push or a bet returned), and the player-dealer's net."
            ),
            cards=tuple(groups),
            facts=(*facts, *house_facts(rules, fee=True)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        positions = sorted(hand.position for hand in Table.from_json(situation).hands)
        return (
            *(
                AnswerField(_position_field(position), f"Position {position}: net", FieldType.AMOUNT, signed=True)
                for position in positions
            ),
            AnswerField("banker_net", gettext_noop("Player-dealer's net"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "table", Table.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        key: dict[str, JSON] = {
            _position_field(int(position)): hand["win"] for position, hand in answer["hands"].items()
        }
        key["banker_net"] = answer["banker_net"]
        return key

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: PaiGowRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A position's net made the wrong way (the wrong sign or twice it, the whole bet where
        the bank covered part, the result and the fee), the player-dealer's net against the
        players' nets."""
        settlement = self._settle(scenario.situation, rules)
        shapes: dict[str, FieldShape] = {}
        for hand in settlement.hands:
            shapes[_position_field(hand.position)] = self._hand_shape(scenario, hand, settlement, rules)
        players = -sum((hand.win for hand in settlement.hands), ZERO)

        def banker(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            generic = amount_shape(scenario.fields, "banker_net", yours, due)
            if generic is not None:
                return generic
            fee = settlement.banker_fee
            why = words.banker_net_due(settlement.banker_net, players, fee)
            mine = Decimal(str(yours))
            left_out = [hand for hand in settlement.hands if hand.win and mine == settlement.banker_net + hand.win]
            if left_out:
                hand = left_out[0]
                return "pg-banker-position-left-out", (
                    words.banker_position_left_out(hand.position, hand.win, settlement.banker_net),
                    why,
                )
            chip = one_chip(mine, settlement.banker_net)
            if chip is not None:
                return (
                    "pg-chip-over" if abs(mine) > abs(settlement.banker_net) else "pg-chip-short",
                    (words.chip_off(mine, settlement.banker_net, chip), why),
                )
            return "pg-banker-net", (why,)

        shapes["banker_net"] = banker
        return field_shapes(scenario.solution.key, answer, shapes)

    @staticmethod
    def _hand_shape(
        scenario: Scenario, hand: HandSettlement, settlement: TableSettlement, rules: PaiGowRules
    ) -> FieldShape:
        name = _position_field(hand.position)

        def shape(yours: JSON, due: JSON) -> tuple[str, tuple[Reason, ...]] | None:
            generic = amount_shape(scenario.fields, name, yours, due)
            if generic is not None:
                return generic
            mine = Decimal(str(yours))
            if hand.covered < hand.bet and mine == Decimal(_net(hand.result, hand.bet, rules)):
                return "pg-uncovered-part", (words.uncovered_part(hand.position, hand.covered, hand.bet, hand.win),)
            fee = hand.showdown.fee
            if fee and mine == hand.win + fee:
                return "pg-fee-left-out", (words.fee_missing(fee, hand.win),)
            why = words.net_due(hand.result, hand.covered, fee, hand.win)
            others = [
                other.position for other in settlement.hands if other.position != hand.position and other.win == mine
            ]
            if others:
                return "pg-other-position-net", (
                    words.other_position_net(hand.position, mine, others[0], hand.win),
                    why,
                )
            chip = one_chip(mine, hand.win)
            if chip is not None:
                return (
                    "pg-chip-over" if abs(mine) > abs(hand.win) else "pg-chip-short",
                    (words.chip_off(mine, hand.win, chip, hand.position), why),
                )
            return "pg-position-net", (why,)

        return shape

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def uncovered(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            table = Table.from_json(situation)
            return None if table.bank >= table.total else self._key(situation, rules, bank=table.total)

        def wrong_order(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            table = Table.from_json(situation)
            first = min(hand.position for hand in table.hands)
            if table.bank >= table.total or first == table.action:
                return None  # with every bet covered the order changes nothing
            return self._key(situation, rules, action=first)

        def fee_forgotten(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not rules.fee:
                return None
            return self._key(situation, dataclasses.replace(rules, collection_fee=Decimal("0.00")))

        return (
            named("pg-uncovered-settled", uncovered),
            named("pg-table-order", wrong_order),
            NamedMistake("pg-fee-forgotten", words.mistake("pg-table-fee-forgotten", fee=rules.fee), fee_forgotten),
        )


__all__ = ["PaiGowDealProcedure", "PaiGowDice", "PaiGowShowdown", "PaiGowTableSettle"]
