"""A trainee sits a short exam end to end in headless Chromium (autosave, server countdown,
submit with confirmation), downloads the certificate, and the public page verifies it."""

from __future__ import annotations

from pathlib import Path

import pytest

from drills.exams.models import Blueprint, Certificate, Sitting
from tests.conftest import login_in_browser
from tests.exams.conftest import make_short_exam, right_answer
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")


@pytest.fixture
def short_exam(casino, teams) -> Blueprint:
    return make_short_exam(casino, "Short Over/Under exam", ("Totals", "Settling"))


def test_a_trainee_sits_an_exam_and_gets_a_verifiable_certificate(browser_page, live_server, candidate, short_exam):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    login_in_browser(page, live_server.url, candidate.username, PASSWORD)
    page.goto(f"{live_server.url}/exams/")
    page.click("text=Start the exam")
    page.click("button:has-text('Start the exam')")
    page.wait_for_selector(".item-form")
    sitting = Sitting.objects.get(candidate=candidate)
    assert str(sitting.form_seed) not in page.content()
    countdown = page.locator(".countdown").inner_text()
    assert countdown.endswith("left")
    assert countdown.startswith(("4:5", "5:00"))
    assert page.locator("svg.pcard").count() == 4

    # Item 1: a number; autosaved when the field is left.
    total = right_answer(sitting, 1)["total"]
    page.fill("input[name=total]", str(total))
    page.press("input[name=total]", "Tab")
    page.wait_for_selector("#save-status:has-text('Saved at')")
    assert sitting.items.get(position=1).answer == {"total": total}
    page.screenshot(path=str(ARTIFACTS / "exam-sitting-desktop.png"), full_page=True)

    # Item 2 at phone width: choice buttons and the keypad, autosaved after the last key.
    page.set_viewport_size({"width": 375, "height": 780})
    page.click("button:has-text('Next')")
    page.wait_for_selector(".item[data-position='2']")
    key = right_answer(sitting, 2)
    page.click(f".choice:has(input[value='{key['outcome']}'])")
    page.wait_for_selector("#save-status:has-text('incomplete')")  # the net is still missing: a draft, named
    assert "net result" in page.locator("#save-status").inner_text()
    net = key["net"]
    for character in net.lstrip("-"):
        page.click(f".keypad button[data-key='{character}']")
    if net.startswith("-"):
        page.click(".keypad button[data-key='minus']")
    page.wait_for_selector("#save-status .save-state[data-state=answer]")  # not the draft's "Draft saved at"
    assert sitting.items.get(position=2).answer == key
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the sitting scrolls sideways on a phone"
    page.screenshot(path=str(ARTIFACTS / "exam-sitting-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Submit, with the confirmation step.
    page.click("text=Finish and submit")
    page.wait_for_selector("text=Submitting is final")
    assert page.locator(".answered-count").inner_text() == "2"
    page.click("button:has-text('Yes, submit my exam')")
    page.wait_for_selector(".verdict", timeout=60_000)
    assert "Passed" in page.locator(".verdict h2").inner_text()
    page.screenshot(path=str(ARTIFACTS / "exam-result.png"), full_page=True)

    with page.expect_download() as download_info:
        page.click("text=Download your certificate")
    pdf = ARTIFACTS / "exam-certificate.pdf"
    download_info.value.save_as(str(pdf))
    certificate = Certificate.objects.get(candidate=candidate)
    content = pdf.read_bytes()
    assert content.startswith(b"%PDF")
    assert certificate.code.encode() in content
    code = page.locator("code.code").inner_text()
    assert code == certificate.code

    # Anyone, signed in or not, can verify the code.
    visitor = page.context.browser.new_context()
    public = visitor.new_page()
    public.goto(f"{live_server.url}/exams/verify/")
    public.fill("input[name=code]", code)
    public.click("button:has-text('Verify')")
    public.wait_for_selector(".verification")
    text = public.locator(".verification").inner_text()
    assert "Valid certificate" in text
    assert "Cara Tester" in text
    assert "Exam Casino" in text
    public.screenshot(path=str(ARTIFACTS / "exam-verify.png"), full_page=True)
    visitor.close()


def test_results_and_blueprint_pages_fit_a_phone(browser_page, live_server, supervisor, staff, teams, passed_sitting):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    pages = [
        (supervisor, "/exams/results/", "exam-results", "Cara Tester"),
        (staff, f"/exams/results/{passed_sitting.public_id}/", "exam-audit", "Cara Tester"),
        (staff, f"/exams/blueprints/{passed_sitting.blueprint_id}/", "exam-blueprint", "Over/Under 26 final"),
    ]
    for user, path, name, text in pages:
        page.context.clear_cookies()
        login_in_browser(page, live_server.url, user.username, PASSWORD)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"{live_server.url}{path}")
        assert text in page.content()
        page.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)
        page.set_viewport_size({"width": 375, "height": 780})
        page.goto(f"{live_server.url}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, f"{path} scrolls sideways on a phone"
        page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
