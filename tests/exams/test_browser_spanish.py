"""A trainee picks Spanish in the footer, then drills and sits an exam in Spanish (issue 14
item 5), in headless Chromium: the pages, the kind's words and the live scripts speak Spanish,
while rule IDs, card symbols and amounts read as in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from drills.exams.models import Blueprint, Sitting
from drills.models import DrillScenario
from tests.conftest import login_in_browser
from tests.exams.conftest import make_short_exam, right_answer
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")


@pytest.fixture
def short_exam(casino, teams) -> Blueprint:
    return make_short_exam(casino, "Over/Under 26", ("Totales", "Liquidación"))


def test_a_trainee_drills_and_sits_an_exam_in_spanish(browser_page, live_server, candidate, short_exam):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    login_in_browser(page, live_server.url, candidate.username, PASSWORD)
    assert "Sign out" in page.locator(".signout").inner_text()

    # The footer's picker: Spanish, saved on the account.
    page.select_option("#language-picker", "es")
    page.click(".language-picker button[type=submit]")
    page.wait_for_selector("html[lang=es]")
    assert "Cerrar sesión" in page.locator(".signout").inner_text()
    assert "Ejercicios" in page.locator("nav .nav").inner_text()
    candidate.refresh_from_db()
    assert candidate.language == "es"

    # A drill: the picker, the kind's own words, the answer and the verdict.
    page.goto(f"{live_server.url}/drills/")
    assert "Elija una habilidad" in page.content()
    assert "Anuncie el total" in page.locator("[data-kind=ou-total] h3").inner_text()
    page.locator("[data-kind=ou-total] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    stored = DrillScenario.objects.get(public_id=page.url.rstrip("/").split("/")[-1])
    assert page.locator("h1").inner_text() == "Anuncie el total"
    assert "Las cuatro cartas" in page.content()
    assert page.locator(".question").inner_text() == "Se destapan las tres cartas boca abajo. ¿Qué total anuncia?"
    page.fill("input[name=total]", str(stored.key["total"]))
    page.click("button:has-text('Responder')")
    page.wait_for_selector(".feedback-right")
    feedback = page.locator(".feedback").inner_text()
    assert "Reglas:" in feedback
    assert "OU-2" in feedback  # rule IDs as they are
    assert "Siguiente" in feedback
    page.screenshot(path=str(ARTIFACTS / "spanish-drill.png"), full_page=True)

    # An exam: start, answer both items (autosaved), submit, the verdict.
    page.goto(f"{live_server.url}/exams/")
    assert "Exámenes de certificación" in page.content()
    page.click("text=Empezar el examen")
    page.click("button:has-text('Empezar el examen')")
    page.wait_for_selector(".item-form")
    sitting = Sitting.objects.get(candidate=candidate)
    assert "Ítem 1 de 2" in page.locator(".meta").inner_text()
    page.wait_for_function("document.querySelector('.countdown').textContent.startsWith('quedan')")
    page.fill("input[name=total]", str(right_answer(sitting, 1)["total"]))
    page.press("input[name=total]", "Tab")
    page.wait_for_selector("#save-status:has-text('Guardado a las')")

    page.click("button:has-text('Siguiente →')")
    page.wait_for_selector(".item[data-position='2']")
    key = right_answer(sitting, 2)
    assert "Desenlace" in page.locator(".item-form").inner_text()
    page.click(f".choice:has(input[value='{key['outcome']}'])")
    page.fill("input[name=net]", key["net"])
    page.press("input[name=net]", "Tab")
    page.wait_for_selector("#save-status .save-state[data-state=answer]")
    assert sitting.items.get(position=2).answer == key
    page.screenshot(path=str(ARTIFACTS / "spanish-exam-sitting.png"), full_page=True)

    page.click("text=Terminar y enviar")
    page.wait_for_selector("text=El envío es definitivo")
    page.click("button:has-text('Sí, enviar mi examen')")
    page.wait_for_selector(".verdict", timeout=60_000)
    assert "Aprobado" in page.locator(".verdict h2").inner_text()
    assert "Descargar su certificado (PDF)" in page.content()
    page.screenshot(path=str(ARTIFACTS / "spanish-exam-result.png"), full_page=True)
