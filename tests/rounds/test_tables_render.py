"""Every game's table page renders, at every level, with its places and tools."""

from __future__ import annotations

import pytest

from drills.rounds.tables.base import Level

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["blackjack", "jack-switch", "pai-gow", "over-under-26"])
@pytest.mark.parametrize("level", list(Level))
def test_the_table_page_renders(trainee_client, game, level) -> None:
    response = trainee_client.post("/rounds/start/", {"game": game, "level": level.value, "focus": "round"})
    assert response.status_code == 302, response.content.decode()[:2000]
    page = trainee_client.get(response["Location"])
    assert page.status_code == 200
    assert b'class="spot' in page.content
    assert b'name="verb" value="pay"' in page.content
