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
    Pack,
    draw_bet,
    fee_words,
    house_facts,
    house_setting,
    setting_groups,
    setting_json,
    setting_of,
    seven_of,
    window,
    yes_no,
)
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
    Solution,
)
from drills.kinds.messages import gettext_noop
from games.cards import AnyCard, Card, Joker, parse_card
from games.money import ZERO, format_money
from games.pai_gow import (
    BoxedCard,
    DealerHandOpenedEarly,
    DealEvent,
    ExposedCard,
    PaiGowRules,
    Result,
    Setting,
    Showdown,
    TableHand,
    TableSettlement,
    Winner,
    WrongSpots,
    payment_order,
    read_dice,
    roll,
    rule_deal,
    settle_table,
    showdown,
)
from games.pai_gow.dice import action_position, first_hand_position
from games.players.pai_gow import fouled_setting, odd_split, other_setting, strengths

NamedMistakeSolver = Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]
WINNER_CHOICES = (("player", gettext_noop("Player")),
                  ("banker", gettext_noop("Player-dealer")),
                  ("copy", gettext_noop("Copy (a tie)")))
RESULT_CHOICES = (("win", gettext_noop("Win")),
                  ("lose", gettext_noop("Lose")),
                  ("push", gettext_noop("Push")),
                  ("foul", gettext_noop("Foul")))
_WINNER_WORDS = {Winner.PLAYER: "the player's", Winner.BANKER: "the player-dealer's",
                 Winner.COPY: "a copy, and copies go to the player-dealer"}  # fmt: skip
_RESULT_WORDS = {
    Result.WIN: "the player wins both hands and is paid",
    Result.LOSE: "the player-dealer takes both hands (copies included) and collects",
    Result.PUSH: "one hand each is a push",
    Result.FOUL: "the player's hand is fouled and forfeits the wager",
}


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
    return (Setting(tuple(c for c in wheel if c is not None), tuple(fronts[:2])),
            Setting(tuple(c for c in other if c is not None), tuple(fronts[2:])))


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
        bet = format_money(draw_bet(rng, difficulty))
        for _ in range(10):
            pair = self._hands(rng, difficulty, rules)
            if pair is not None:
                player, banker = pair
                return {"player": setting_json(player), "banker": setting_json(banker), "bet": bet}
        pack = Pack(rng)  # pragma: no cover - the shapes above nearly always succeed
        banker_cards, player_cards = pack.deal(7), pack.deal(7)
        return {"player": setting_json(house_setting(player_cards, rules)),
                "banker": setting_json(house_setting(banker_cards, rules)), "bet": bet}

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
        return showdown(setting_of(situation["player"]), setting_of(situation["banker"]),
                        Decimal(situation["bet"]), rules)

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        result = self._showdown(situation, rules)
        return Solution(
            key={"high": result.high.value, "low": result.low.value, "result": result.result.value,
                 "win": format_money(result.win)},
            rules=result.rules,
            explanation=showdown_words(result, rules),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        return Prompt(
            question="Settle the player's hand against the player-dealer's: who takes the five-card hand and the "
                     "two-card hand, the result, and the player's net (negative if collected). A fouled hand "
                     "loses both hands.",
            cards=(*setting_groups("player", "Player", situation["player"]),
                   *setting_groups("banker", "Player-dealer, as set", situation["banker"])),
            facts=(("Bet", situation["bet"]), *house_facts(rules, fee=True)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("high", gettext_noop("Five-card hand goes to"), FieldType.CHOICE, choices=WINNER_CHOICES),
            AnswerField("low", gettext_noop("Two-card hand goes to"), FieldType.CHOICE, choices=WINNER_CHOICES),
            AnswerField("result", gettext_noop("Result"), FieldType.CHOICE, choices=RESULT_CHOICES),
            AnswerField("win", gettext_noop("Player's net"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "showdown", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {name: answer[name] for name in ("high", "low", "result", "win")}

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
            hands = [setting_of(situation[who]) for who in ("player", "banker")]
            if all(len(hand.high) != 5 or strengths(rules, hand.high, hand.high[:2])[0]
                   == strengths(other_wheel, hand.high, hand.high[:2])[0] for hand in hands):
                return None  # no wheel (nor a straight its rank could pass) in a five-card hand
            return self.solve(situation, other_wheel).key

        wheel_message = (
            "A-2-3-4-5 is the lowest straight in this house, not the highest (PG-R)" if rules.wheel_lowest_straight
            else "A-2-3-4-5 is the second-highest straight in this house, not the lowest (PG-R)")
        return (
            NamedMistake("pg-copy-to-player", "copies go to the player-dealer: a tie is no win for the player "
                         "(PG-C)", copy_to_player),
            NamedMistake("pg-foul-as-push", "a fouled hand is no push: it forfeits the wager (PG-12, PG-13)",
                         foul_as_push),
            NamedMistake("pg-fee-forgotten", f"the collection fee of {fee_words(rules)} is taken on every hand in "
                         "action (PG-F)", fee_forgotten),
            NamedMistake("pg-wheel-rank", wheel_message, wheel),
        )


def showdown_words(result: Showdown, rules: PaiGowRules) -> str:
    """A showdown in words, citing the rules."""
    parts = []
    if result.banker_reset:
        parts.append(f"The player-dealer's hand is never played fouled: it is set the house way ({result.banker}) "
                     "(PG-17, PG-H)")
    if result.result is Result.FOUL:
        parts.append(f"The player's hand is fouled: {result.foul_reason}; {_RESULT_WORDS[Result.FOUL]}")
    else:
        assert result.values is not None
        player_high, player_low, banker_high, banker_low = (value.describe() for value in result.values)
        parts.append(f"Five-card hands: the player's {player_high} against the player-dealer's {banker_high}: "
                     f"{_WINNER_WORDS[result.high]}. Two-card hands: {player_low} against {banker_low}: "
                     f"{_WINNER_WORDS[result.low]} (PG-C)")
        parts.append(_RESULT_WORDS[result.result][0].upper() + _RESULT_WORDS[result.result][1:])
    net = f"The player's net is {format_money(result.win)}"
    if result.fee:
        net += f", the collection fee of {format_money(result.fee)} included (PG-F)"
    parts.append(net)
    return ". ".join(parts) + "."


# --- 5. dice and the Action button --------------------------------------------------------------

TRIPLES = tuple((a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))


class PaiGowDice(DrillKind[PaiGowRules]):
    """The first hand and the Action button from three dice (PG-3, PG-4)."""

    slug = "pg-dice-action"
    game = GAME
    title = gettext_noop("Dice and the Action button")
    description = gettext_noop("Three dice: which position gets the first hand, and where the Action button goes.")
    target_seconds = 12

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: PaiGowRules) -> Mapping[str, JSON]:
        if difficulty is Difficulty.EASY:
            return {"dice": list(roll(rng)), "occupied": list(range(2, 8))}
        count = rng.randint(3, 6) if difficulty is Difficulty.NORMAL else rng.randint(1, 4)
        occupied = sorted(rng.sample(range(2, 8), count))
        if difficulty is Difficulty.NORMAL:
            return {"dice": list(roll(rng)), "occupied": occupied}
        # hard: the dice point at the player-dealer or at an empty seat
        wanted = [dice for dice in TRIPLES if first_hand_position(sum(dice)) not in occupied]
        return {"dice": list(rng.choice(wanted)), "occupied": occupied}

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        reading = read_dice(situation["dice"], situation["occupied"])
        text = (f"The dice total {reading.total}; counting clockwise with the player-dealer as position 1, "
                f"position {reading.first_hand} receives the first hand (PG-3)")
        if reading.first_hand == reading.action:
            text += ", and the Action button goes there too (PG-4)."
        elif reading.first_hand == 1:
            text += (f"; that is the player-dealer, so the Action button goes to the first player clockwise, "
                     f"position {reading.action} (PG-4).")
        else:
            text += f"; nobody sits there, so the Action button passes clockwise to position {reading.action} (PG-4)."
        return Solution(key={"first_hand": reading.first_hand, "action": reading.action}, rules=reading.rules,
                        explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        occupied = situation["occupied"]
        empty = [position for position in range(2, 8) if position not in occupied]
        return Prompt(
            question="The player-dealer shakes the dice. Which position receives the first hand, and which position "
                     "gets the Action button? Positions are numbered 1–7 clockwise, the player-dealer is position 1.",
            facts=(
                ("Dice", " + ".join(str(die) for die in situation["dice"])),
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
        return "dice", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"first_hand": answer["first_hand"], "action": answer["action"]}

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def to_player_dealer(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            first = first_hand_position(sum(situation["dice"]))
            return {"first_hand": first, "action": first} if first == 1 else None

        def to_empty(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            first = first_hand_position(sum(situation["dice"]))
            empty = first != 1 and first not in situation["occupied"]
            return {"first_hand": first, "action": first} if empty else None

        def from_next_seat(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            # counting the player-dealer as 0 (the count starts at the next seat): total + 1 from position 1
            total = sum(situation["dice"]) + 1
            return {"first_hand": first_hand_position(total),
                    "action": action_position(total, situation["occupied"])[0]}

        return (
            NamedMistake("pg-action-to-player-dealer", "the Action button never goes to the player-dealer: it goes "
                         "to the first player clockwise from the player-dealer (PG-4)", to_player_dealer),
            NamedMistake("pg-action-to-empty-seat", "an empty position cannot hold the Action button: it passes "
                         "clockwise to the next player (PG-4)", to_empty),
            NamedMistake("pg-dice-counted-from-next-seat", "count the dice from the player-dealer as position 1, not "
                         "from the next seat or from 0 (PG-3)", from_next_seat),
        )


# --- 6. deal procedures ------------------------------------------------------------------------------

RULING_CHOICES = (
    ("continue", gettext_noop("Continue")),
    ("replace-boxed-card", gettext_noop("Replace the boxed card")),
    ("replace-exposed-card", gettext_noop("Replace the exposed card")),
    ("redeliver", gettext_noop("Retrieve and redeliver the hands")),
    ("misdeal", gettext_noop("Misdeal")),
    ("call-supervisor", gettext_noop("Call a supervisor")),
)


def _is_big(card: AnyCard) -> bool:
    return isinstance(card, Joker) or (isinstance(card, Card) and card.rank.high == 14)


def _event(kind: str, card: AnyCard | None = None, looked: int = 0, dealer: bool = False) -> dict[str, JSON]:
    if kind in ("boxed", "exposed"):
        assert card is not None
        return {"type": kind, "card": str(card)}
    if kind == "wrong-spots":
        return {"type": kind, "players_looked": looked, "looked_at_dealer_hand": dealer}
    return {"type": kind}


def _events(situation: Mapping[str, JSON]) -> list[DealEvent]:
    events: list[DealEvent] = []
    for event in situation["events"]:
        if event["type"] == "boxed":
            events.append(BoxedCard(parse_card(event["card"])))
        elif event["type"] == "exposed":
            events.append(ExposedCard(parse_card(event["card"])))
        elif event["type"] == "wrong-spots":
            events.append(WrongSpots(event["players_looked"], event["looked_at_dealer_hand"]))
        else:
            events.append(DealerHandOpenedEarly())
    return events


def _card_words(text: str) -> str:
    return "A joker (JK)" if text == "JK" else f"The {text}"


def _event_words(event: Mapping[str, JSON]) -> str:
    if event["type"] == "boxed":
        return f"{_card_words(event['card'])} is found face up in the deck (boxed) during the deal."
    if event["type"] == "exposed":
        return f"{_card_words(event['card'])} is exposed (flashed face up) as it is dealt."
    if event["type"] == "wrong-spots":
        looked = event["players_looked"]
        who = {0: "nobody has looked at their cards", 1: "one player has looked at their cards"}.get(
            looked, f"{looked} players have looked at their cards")
        text = f"The hands were delivered to the wrong spots; {who} before the player-dealer's hand was opened"
        if event["looked_at_dealer_hand"]:
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
        options: list[list[dict[str, JSON]]] = [
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
        return {"events": events}

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        outcome = rule_deal(_events(situation))
        text = "; ".join(outcome.reasons)
        return Solution(key={"ruling": outcome.ruling.value, "logical_way": yes_no(outcome.logical_way)},
                        rules=outcome.rules or ("PG-6", "PG-8"),  # nothing applied: checked, play continues
                        explanation=text[0].upper() + text[1:] + ".")

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        cards = tuple(CardGroup(f"event_{index}", "Boxed card" if event["type"] == "boxed" else "Exposed card",
                                (event["card"],))
                      for index, event in enumerate(situation["events"]) if event["type"] in ("boxed", "exposed"))
        return Prompt(
            question=gettext_noop("What is your ruling, and must a hand now be set the logical way (the house way)?"),
            cards=cards,
            facts=tuple((f"Event {index + 1}", _event_words(event)) for index, event in enumerate(situation["events"])),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("ruling", gettext_noop("Ruling"), FieldType.CHOICE, choices=RULING_CHOICES),
            AnswerField("logical_way", gettext_noop("A hand is set the logical way"), FieldType.CHOICE, choices=YES_NO),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "deal-procedure", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"ruling": answer["ruling"], "logical_way": yes_no(answer["logical_way"])}

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def changed(change: str) -> NamedMistakeSolver:
            def solve(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                events = [dict(event) for event in situation["events"]]
                original = [dict(event) for event in events]
                held = {event["card"] for event in events if "card" in event}
                for event in events:
                    if change == "ace" and event.get("card") and _is_big(parse_card(event["card"])):
                        event["card"] = next(text for text in ("7C", "7D", "8C") if text not in held)
                    elif change == "looked" and event["type"] == "wrong-spots" and event["players_looked"] >= 2:
                        event["players_looked"] = 1
                    elif change == "dealer" and event["type"] == "wrong-spots":
                        event["looked_at_dealer_hand"] = False
                    elif change == "nobody" and event["type"] == "wrong-spots" and event["players_looked"] == 1:
                        event["players_looked"] = 0
                    elif change == "swap" and event["type"] in ("boxed", "exposed"):
                        event["type"] = "exposed" if event["type"] == "boxed" else "boxed"
                return None if events == original else self.solve({"events": events}, rules).key

            return solve

        def one_card(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            shown = [event for event in situation["events"] if event["type"] in ("boxed", "exposed")]
            if len(shown) < 2:
                return None
            rest = [event for event in situation["events"] if event not in shown[1:]]
            return self.solve({"events": rest}, rules).key

        return (
            NamedMistake("pg-ace-replaced", "a joker or an Ace boxed or exposed on the deal is a misdeal, not a "
                         "replacement (PG-6a)", changed("ace")),
            NamedMistake("pg-two-cards-replaced", "two or more cards boxed or exposed on the deal is a misdeal "
                         "(PG-6b)", one_card),
            NamedMistake("pg-two-looked-redelivered", "hands at the wrong spots with two or more players having "
                         "looked is a misdeal, not a redelivery (PG-6c)", changed("looked")),
            NamedMistake("pg-dealer-hand-seen", "hands at the wrong spots and a player looked at the player-dealer's "
                         "hand: a misdeal (PG-6d)", changed("dealer")),
            NamedMistake("pg-logical-way-forgotten", "when only one player looked at hands delivered to the wrong "
                         "spots, that player's hand is played the logical way (PG-7)", changed("nobody")),
            NamedMistake("pg-boxed-exposed-confused", "a boxed card is replaced at once by the next card; a card "
                         "exposed on the deal is replaced after the deal by the first of the five left over (PG-8)",
                         changed("swap")),
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
        count = {Difficulty.EASY: rng.randint(2, 3), Difficulty.NORMAL: rng.randint(3, 5),
                 Difficulty.HARD: rng.randint(4, 6)}[difficulty]
        positions = sorted(rng.sample(range(2, 8), count))
        action = read_dice(roll(rng), positions).action
        pack = Pack(rng, jokers=difficulty is not Difficulty.EASY)
        banker_cards = pack.deal(7)
        banker = house_setting(banker_cards, rules)
        if difficulty is Difficulty.HARD and rng.random() < 0.1:
            banker = fouled_setting(rng, banker_cards, rules) or banker  # PG-17
        hands: dict[str, JSON] = {}
        for position in positions:
            cards = pack.deal(7)
            setting = house_setting(cards, rules)
            chance = rng.random()
            if difficulty is not Difficulty.EASY and chance < 0.2:
                setting = other_setting(rng, cards, rules)
            elif difficulty is Difficulty.HARD and chance < 0.3:
                setting = fouled_setting(rng, cards, rules) or setting
            hands[str(position)] = {**setting_json(setting), "bet": format_money(draw_bet(rng, difficulty))}
        order = payment_order(action, positions)
        bets = [Decimal(hands[str(position)]["bet"]) for position in order]
        total = sum(bets, ZERO)
        short = difficulty is Difficulty.HARD or (difficulty is Difficulty.NORMAL and rng.random() < 0.5)
        if short:  # the bank runs out mid-table: it covers k bets and part of the next
            covered = rng.randint(1, len(bets) - 1)
            step = Decimal("0.50") if difficulty is Difficulty.HARD else Decimal("5")
            part = (bets[covered] * rng.choice((0, 1, 2, 3)) / 4 / step).to_integral_value(ROUND_DOWN) * step
            bank = sum(bets[:covered], ZERO) + part
        else:
            bank = (total / 100).to_integral_value(ROUND_CEILING) * 100 + 100 * rng.randint(0, 2)
        return {"banker": setting_json(banker), "bank": format_money(bank), "action": action, "hands": hands}

    def _settle(self, situation: Mapping[str, JSON], rules: PaiGowRules, bank: Decimal | None = None,
                action: int | None = None) -> TableSettlement:
        hands = [TableHand(int(position), setting_of(hand), Decimal(hand["bet"]))
                 for position, hand in situation["hands"].items()]
        return settle_table(setting_of(situation["banker"]), Decimal(situation["bank"]) if bank is None else bank,
                            situation["action"] if action is None else action, hands, rules)

    def _key(self, situation: Mapping[str, JSON], rules: PaiGowRules, bank: Decimal | None = None,
             action: int | None = None) -> dict[str, JSON]:
        settlement = self._settle(situation, rules, bank, action)
        key: dict[str, JSON] = {_position_field(hand.position): format_money(hand.win) for hand in settlement.hands}
        key["banker_net"] = format_money(settlement.banker_net)
        return key

    def solve(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Solution:
        settlement = self._settle(situation, rules)
        words = [f"Paid and collected clockwise from the Action button at position {situation['action']}, each bet "
                 f"in action up to what the bank of {situation['bank']} has left after the bets before it; the rest "
                 "of a bet is returned (PG-1)"]
        if settlement.banker_reset:
            words.append(f"the player-dealer's fouled hand is set the house way ({settlement.banker}) (PG-17)")
        for hand in settlement.hands:
            returned = f", {format_money(hand.returned)} returned" if hand.returned else ""
            words.append(f"position {hand.position}: {format_money(hand.covered)} of {format_money(hand.bet)} in "
                         f"action{returned}, {hand.result.value}, net {format_money(hand.win)}")
        net = f"the player-dealer nets {format_money(settlement.banker_net)}"
        if settlement.banker_fee:
            net += f" after its own collection fee of {format_money(settlement.banker_fee)} (PG-F)"
        words.append(net)
        text = "; ".join(words) + ". Copies go to the player-dealer (PG-C); a fouled hand forfeits (PG-12, PG-13)."
        return Solution(key=self._key(situation, rules), rules=settlement.rules, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> Prompt:
        groups = list(setting_groups("banker", "Player-dealer (position 1), as set", situation["banker"]))
        facts = [("Player-dealer's bank", situation["bank"]), ("Action button", f"position {situation['action']}")]
        for position in sorted(situation["hands"], key=int):
            hand = situation["hands"][position]
            groups.extend(setting_groups(f"position_{position}", f"Position {position}", hand))
            facts.append((f"Position {position} bet", hand["bet"]))
        return Prompt(
            question="Settle the table: each player's net against the player-dealer (negative if collected, 0.00 "
                     "for a push or a bet returned), and the player-dealer's net.",
            cards=tuple(groups),
            facts=(*facts, *house_facts(rules, fee=True)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: PaiGowRules) -> tuple[AnswerField, ...]:
        positions = sorted(situation["hands"], key=int)
        return (
            *(AnswerField(_position_field(int(position)), f"Position {position}: net", FieldType.AMOUNT, signed=True)
              for position in positions),
            AnswerField("banker_net", gettext_noop("Player-dealer's net"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "table", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        key: dict[str, JSON] = {_position_field(int(position)): hand["win"]
                                for position, hand in answer["hands"].items()}
        key["banker_net"] = answer["banker_net"]
        return key

    def mistakes(self, rules: PaiGowRules) -> Sequence[NamedMistake]:
        def total(situation: Mapping[str, JSON]) -> Decimal:
            return sum((Decimal(hand["bet"]) for hand in situation["hands"].values()), ZERO)

        def uncovered(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            bets = total(situation)
            return None if Decimal(situation["bank"]) >= bets else self._key(situation, rules, bank=bets)

        def wrong_order(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            first = min(int(position) for position in situation["hands"])
            if Decimal(situation["bank"]) >= total(situation) or first == situation["action"]:
                return None  # with every bet covered the order changes nothing
            return self._key(situation, rules, action=first)

        def fee_forgotten(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not rules.fee:
                return None
            return self._key(situation, dataclasses.replace(rules, collection_fee=Decimal("0.00")))

        return (
            NamedMistake("pg-uncovered-settled", "the part of a bet the bank cannot cover is returned, not paid or "
                         "collected: the bank covers the bets in order from the Action button (PG-1)", uncovered),
            NamedMistake("pg-table-order", "the table is paid and collected clockwise from the Action button, not "
                         "from the first seat (PG-1)", wrong_order),
            NamedMistake("pg-fee-forgotten", f"the collection fee of {fee_words(rules)} is taken on every hand in "
                         "action, the player-dealer's too (PG-F)", fee_forgotten),
        )


__all__ = ["PaiGowDealProcedure", "PaiGowDice", "PaiGowShowdown", "PaiGowTableSettle"]
