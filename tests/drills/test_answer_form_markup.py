"""The answer form as served (no browser needed): one amount keypad per form whatever the
number of amount fields, its minus key hidden unless the first amount field is signed and
each signed field marked for the script, cards to pick from marked so the page shows them
once, and the difficulty as radio buttons."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drills.kinds.base import AnswerField, Difficulty, FieldType, get_kind
from drills.models import User
from drills.practice import services

pytestmark = pytest.mark.django_db


def drill_page(client: Client, trainee: User, kind: str) -> tuple[str, list[AnswerField]]:
    stored, _ = services.start_scenario(trainee, get_kind(kind), Difficulty.NORMAL)
    response = client.get(f"/drills/s/{stored.public_id}/")
    assert response.status_code == 200
    return response.content.decode(), list(services.regenerate(stored).fields)


@pytest.mark.parametrize("kind", ["bj-payout", "pg-table-settle", "bj-settle-box", "ou-total"])
def test_one_keypad_per_form_and_the_minus_key_only_for_signed_amounts(
    trainee_client: Client, trainee: User, kind: str
) -> None:
    page, fields = drill_page(trainee_client, trainee, kind)
    amounts = [field for field in fields if field.type is FieldType.AMOUNT]
    assert page.count('class="keypad"') == (1 if amounts else 0)
    for field in amounts:
        tag = re.search(rf'<input [^>]*name="{field.name}"[^>]*>', page)
        assert tag is not None
        assert ("data-signed" in tag.group(0)) is field.signed, field.label
    if amounts:
        pad = re.search(r'<div class="keypad"[^>]*>', page)
        assert pad is not None
        assert f'data-for="f-{amounts[0].name}"' in pad.group(0), "it starts under the first amount field"
        minus = re.search(r'<button [^>]*data-key="minus"[^>]*>', page)
        assert minus is not None
        assert (" hidden" in minus.group(0)) is not amounts[0].signed


def test_the_cards_to_pick_from_are_marked_as_picked(trainee_client: Client, trainee: User) -> None:
    page, fields = drill_page(trainee_client, trainee, "pg-house-way")
    sources = {field.source for field in fields if field.type is FieldType.CARDS}
    assert sources
    for source in sources:
        assert f'class="card-group picked" data-group="{source}"' in page


def test_the_difficulty_is_radio_buttons_with_normal_chosen(trainee_client: Client) -> None:
    page = trainee_client.get("/drills/").content.decode()
    assert '<select name="difficulty">' not in page
    assert 'type="radio" name="difficulty" value="normal" checked' in page
    assert 'type="radio" name="difficulty" value="hard">' in page
