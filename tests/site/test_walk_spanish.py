"""Issue 14, item 5: what a Spanish walkthrough of the demo casino still found in English,
each checked on the page a person reads."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drills.models import RuleSet, User
from tests.site.test_last_english_words import spanish_client

pytestmark = pytest.mark.django_db

SPANISH_BLACKJACK = "Blackjack (seis barajas, sin carta tapada)"


def test_a_rule_sets_game_is_named_in_the_readers_language(rule_set: RuleSet) -> None:
    with translation.override("es"):
        assert rule_set.get_game_display() == SPANISH_BLACKJACK
    assert rule_set.get_game_display() == "Blackjack (six decks, no hole card)"


def test_staff_see_their_games_in_their_language(staff: User, rule_set: RuleSet) -> None:
    client = spanish_client(staff)
    for path in ("/", "/house-rules/"):
        page = client.get(path).content.decode()
        assert SPANISH_BLACKJACK in page, path
        assert "six decks" not in page, path


def test_the_team_dashboard_reads_in_the_supervisors_language() -> None:
    """The named mistakes (kept in English by the roll-ups), the mastered-skills chart and the
    certification columns, on the demo team's dashboard for a Spanish supervisor."""
    import html
    import re
    from io import StringIO

    from django.core.management import call_command

    from drills.models import Attempt, Team

    call_command("load_demo", stdout=StringIO())
    team = Team.objects.get(name="Day shift")
    page = html.unescape(spanish_client(User.objects.get(username="supervisor")).get(f"/progress/teams/{team.pk}/")
                         .content.decode())
    section = re.search(r'<section class="card" id="mistakes">.*?</section>', page, flags=re.S)
    assert section is not None
    english = {attempt.mistake for attempt in Attempt.objects.filter(user__in=team.members.all()).exclude(mistake="")}
    assert english
    shown = re.findall(r"<tr><td>(.*?)</td>", section.group(0))
    assert shown
    assert not [message for message in shown if message in english or message[:1].lower() + message[1:] in english]
    assert "Alumnos según las habilidades que dominan" in page
    assert "Trainees by number" not in page
    assert "skills mastered" not in page
    assert SPANISH_BLACKJACK in page
    assert "six decks" not in page


def test_certificates_name_their_game_in_the_readers_language() -> None:
    """A certificate keeps the game's English name as issued (its PDF); the pages that list
    certificates name the game in the reader's language."""
    from io import StringIO

    from django.core.management import call_command

    from drills.exams.models import Certificate
    from drills.models import Team

    call_command("load_demo", stdout=StringIO())
    assert Certificate.objects.filter(game_name__contains="six decks").exists()
    team = Team.objects.get(name="Day shift")
    client = spanish_client(User.objects.get(username="supervisor"))
    for path in (f"/learning/teams/{team.pk}/", "/learning/certificates/"):
        page = client.get(path).content.decode()
        assert SPANISH_BLACKJACK in page, path
        assert "six decks" not in page, path


def test_item_statistics_read_in_the_readers_language() -> None:
    """The items page's chart (title, drill and difficulty labels) and its check column."""
    import html
    from io import StringIO

    from django.core.management import call_command

    from drills.models import Team

    call_command("load_demo", stdout=StringIO())
    team = Team.objects.get(name="Day shift")
    page = html.unescape(
        spanish_client(User.objects.get(username="supervisor")).get(f"/progress/items/?team={team.pk}").content.decode()
    )
    assert "Facilidad: proporción de respuestas correctas" in page
    assert "Facility: share" not in page
    assert "Pagos · Difícil" in page
    assert " · hard" not in page
    for english in ("very easy", "very hard", "separates strong", "strong trainees miss"):
        assert english not in page, english


def test_an_exam_result_and_a_replay_show_choices_in_the_readers_language() -> None:
    """A choice answered (the dealer's Hit or Stand) reads as its Spanish label on the exam
    result and on an answer's replay, as it does on the drill's feedback."""
    import html
    import re
    from io import StringIO

    from django.core.management import call_command

    from drills.exams.models import Sitting, SittingStatus
    from drills.models import Attempt

    call_command("load_demo", stdout=StringIO())
    trainee = User.objects.get(username="trainee1")
    client = spanish_client(trainee)
    sitting = Sitting.objects.filter(candidate=trainee).exclude(status=SittingStatus.OPEN).first()
    assert sitting is not None
    page = html.unescape(client.get(f"/exams/sittings/{sitting.public_id}/result/").content.decode())
    answers = re.findall(r'<span class="(?:yours|expected)">(.*?)</span>', page)
    assert {"Pedir", "Plantarse"} & set(answers)
    assert not {"Hit", "Stand"} & set(answers)
    attempt = Attempt.objects.filter(user=trainee, kind="bj-dealer-action").first()
    assert attempt is not None
    page = html.unescape(client.get(f"/progress/attempts/{attempt.scenario.public_id}/").content.decode())
    shown = re.findall(r'<td class="(?:yours|expected)">(.*?)</td>', page)
    assert shown
    assert set(shown) <= {"Pedir", "Plantarse"}


def test_skill_pickers_of_staff_and_supervisors_read_in_their_language(
    staff: User, supervisor: User, team: object
) -> None:
    """The exam blueprint's drill list (titles, table tests, game groups) and the assignment
    form's skill groups, in Spanish."""
    import html

    page = html.unescape(spanish_client(staff).get("/exams/blueprints/new/").content.decode())
    assert "Cuente la mano" in page
    assert "Count the hand" not in page
    assert "prueba en la mesa" in page
    assert "a table test" not in page
    page = html.unescape(spanish_client(supervisor).get("/learning/assignments/new/").content.decode())
    assert SPANISH_BLACKJACK in page
    assert "six decks" not in page


def test_the_blueprint_editor_labels_and_helps_in_the_readers_language(staff: User) -> None:
    import html

    page = html.unescape(spanish_client(staff).get("/exams/blueprints/new/").content.decode())
    for spanish in ("Título", "Descripción", "Validez (días)", "Intentos permitidos", "Nota de aprobado global."):
        assert spanish in page, spanish
    for english in ("Is active", "Validity days", "Attempts allowed", "Open to candidates", "Overall pass mark"):
        assert english not in page, english
    assert '<option value="hard">Difícil</option>' in page
    assert ">Hard<" not in page


@pytest.mark.django_db
def test_the_language_picker_names_each_language_in_its_own_words() -> None:
    """Not "Inglés" beside "español": each name in its own language, capitalised alike."""
    client = Client()
    for language in ("es", "en"):
        page = client.get("/login/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        picker = page[page.index('class="language-picker"') :]
        assert '<option value="en" lang="en"' in picker
        assert ">English</option>" in picker
        assert ">Español</option>" in picker
        assert "Inglés" not in picker


@pytest.mark.django_db
def test_a_deal_step_names_the_box_with_its_article_in_spanish() -> None:
    from django.utils import translation

    from drills.language import translate
    from drills.rounds.tables.registry import table_for
    from games.blackjack.round_actions import Deal
    from games.cards import parse_card

    table = table_for("blackjack")
    with translation.override("es"):
        text = table.describe(Deal(box=1, card=parse_card("AS")), reveal=False, translate=translate)
    assert text == "Reparta una carta a la casilla 1"


def test_a_new_rule_sets_suggested_name_and_the_items_error_read_in_spanish(staff: User, supervisor: User) -> None:
    page = spanish_client(staff).get("/house-rules/new/blackjack/").content.decode()
    assert f'value="Reglas de {SPANISH_BLACKJACK}"' in page
    response = spanish_client(supervisor).get("/progress/items/", {"team": "x"})
    assert response.status_code == 400
    assert "el equipo debe ser uno de sus equipos" in response.content.decode()


def test_chips_print_their_value_without_a_thousands_separator() -> None:
    """"1,000" reads as one in Spanish; the chip prints 1000 in every language."""
    from drills.rounds.chips import ChipSet

    labels = [chip.label for chip in ChipSet.default().chips]
    assert "1000" in labels
    assert "2.50" in labels
    assert not [label for label in labels if "," in label]
