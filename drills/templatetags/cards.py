"""Card pictures drawn as SVG by our own template (no images, no front-end library)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from drills.kinds.base import FieldType
from games.cards import Card, Joker, Suit, parse_card

register = template.Library()

_RANK_LABEL = {"T": "10"}
_SUIT_WORDS = {
    Suit.SPADES: gettext_noop("spades"),
    Suit.HEARTS: gettext_noop("hearts"),
    Suit.DIAMONDS: gettext_noop("diamonds"),
    Suit.CLUBS: gettext_noop("clubs"),
}
"""A suit's name in the card's label (what a screen reader says and a pointer shows)."""


@register.filter
def card_name(token: str) -> str:
    """A card in the one notation (``TD``, ``JK``) named in the reader's language ("10 of
    diamonds", "Joker"): what a screen reader says for a card, never its code."""
    card = parse_card(token)
    if isinstance(card, Joker):
        return gettext("Joker")
    assert isinstance(card, Card)
    rank = _RANK_LABEL.get(card.rank.value, card.rank.value)
    return gettext("{rank} of {suit}").format(rank=rank, suit=gettext(_SUIT_WORDS[card.suit]))


@register.simple_tag
def card_svg(token: str, size: str = "md", selectable: bool = False) -> SafeString:
    """An accessible SVG picture of a card in the one notation (``TH``, ``JK``)."""
    card = parse_card(token)
    if isinstance(card, Joker):
        label = gettext("Joker")
        # The face says the word in capitals, in the reader's language (a longer word than
        # "JOKER" is squeezed to the card's width by the template).
        context = {"joker": True, "code": "JK", "label": label, "face": label.upper(), "red": False}
    else:
        assert isinstance(card, Card)
        rank = _RANK_LABEL.get(card.rank.value, card.rank.value)
        context = {
            "joker": False,
            "code": str(card),
            "rank": rank,
            "suit": card.suit.symbol,
            "red": card.suit.is_red,
            "label": card_name(token),
        }
    context.update({"size": size, "selectable": selectable})
    return SafeString(render_to_string("drills/card.svg.html", context))


@register.filter
def picked_groups(fields: Sequence[dict[str, Any]] | None) -> set[str]:
    """The card groups a field of ``fields`` picks from (``AnswerField.source``): the form
    shows those cards as its buttons, so the page does not show them a second time."""
    return {view["field"].source for view in fields or () if view["field"].type is FieldType.CARDS}
