"""The version pages, persona by persona: every status code each page answers."""

from __future__ import annotations

import pytest
from django.utils import timezone

from drills.models import Property, Role, RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.services import propose_version
from tests.personas import make_user
from tests.rule_versions.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def proposal(blackjack: RuleSet, author: User) -> RuleSetVersion:
    return propose_version(
        blackjack,
        {"blackjack_pays": "6:5", "dealer_hits_soft_17": True},
        author=author,
        reason="The new pit",
        effective_from=timezone.localdate(),
    )


PAGES = ["/rule-versions/", "/rule-versions/vc-blackjack/", "/rule-versions/vc-blackjack/2/"]


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize(
    ("who", "status"),
    [("author", 200), ("checker", 200), ("root", 200), ("trainee", 403), ("supervisor", 403), (None, 302)],
)
def test_who_may_read_the_pages(request, proposal: RuleSetVersion, url: str, who: str | None, status: int) -> None:  # type: ignore[no-untyped-def]
    user = request.getfixturevalue(who) if who else None
    response = client_for(user).get(url)
    assert response.status_code == status
    if who is None:
        assert response["Location"].startswith("/login/")


@pytest.mark.parametrize("url", [*PAGES[1:], "/rule-versions/vc-blackjack/9/", "/rule-versions/no-such-set/"])
def test_another_propertys_staff_get_not_found(proposal: RuleSetVersion, stranger: User, url: str) -> None:
    assert client_for(stranger).get(url).status_code == 404


def test_staff_without_a_property_see_no_rule_sets(proposal: RuleSetVersion) -> None:
    loner = make_user("lone", Role.STAFF, None)
    assert client_for(loner).get("/rule-versions/vc-blackjack/").status_code == 404
    assert "vc-blackjack" not in client_for(loner).get("/rule-versions/").content.decode()


def test_the_history_says_who_why_and_when(proposal: RuleSetVersion, checker: User) -> None:
    page = client_for(checker).get("/rule-versions/vc-blackjack/").content.decode()
    assert "Version 2" in page
    assert "Waiting for sign-off" in page
    assert "The new pit" in page
    assert "Alma" in page  # the author's name, not a username or an id
    assert "In force" in page  # version 1


def test_the_version_page_shows_the_diff_with_labels(proposal: RuleSetVersion, checker: User) -> None:
    page = client_for(checker).get("/rule-versions/vc-blackjack/2/").content.decode()
    assert "Blackjack pays" in page
    assert "BJ-5" in page
    assert "3:2" in page
    assert "6:5" in page
    assert "Dealer hits soft 17" in page
    assert "BJ-8" in page
    assert "blackjack_pays" not in page
    assert "dealer_hits_soft_17" not in page
    assert "Sign off version 2" in page


def test_the_author_sees_no_sign_off_button_and_is_refused(proposal: RuleSetVersion, author: User) -> None:
    client = client_for(author)
    page = client.get("/rule-versions/vc-blackjack/2/").content.decode()
    assert "Sign off version 2" not in page
    assert "a second staff member" in page
    response = client.post("/rule-versions/vc-blackjack/2/sign-off/")
    assert response.status_code == 403
    assert "second staff member must sign it off" in response.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == VersionStatus.PENDING


def test_a_second_staff_member_signs_off(proposal: RuleSetVersion, checker: User, blackjack: RuleSet) -> None:
    client = client_for(checker)
    response = client.post("/rule-versions/vc-blackjack/2/sign-off/")
    assert response.status_code == 302
    assert response["Location"] == "/rule-versions/vc-blackjack/2/"
    page = client.get(response["Location"]).content.decode()
    assert "signed off. It is in force now." in page
    assert "In force" in page
    blackjack.refresh_from_db()
    assert blackjack.values == {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}
    again = client.post("/rule-versions/vc-blackjack/2/sign-off/")  # a double tap
    assert again.status_code == 409
    assert "signed off already" in again.content.decode()


@pytest.mark.parametrize(("who", "status"), [("trainee", 403), ("supervisor", 403), ("stranger", 404), (None, 302)])
@pytest.mark.parametrize("action", ["sign-off", "reject"])
def test_who_may_not_decide(request, proposal: RuleSetVersion, who: str | None, status: int, action: str) -> None:  # type: ignore[no-untyped-def]
    user = request.getfixturevalue(who) if who else None
    response = client_for(user).post(f"/rule-versions/vc-blackjack/2/{action}/", {"reason": "no"})
    assert response.status_code == status
    proposal.refresh_from_db()
    assert proposal.status == VersionStatus.PENDING


def test_reject_needs_a_reason(proposal: RuleSetVersion, checker: User) -> None:
    client = client_for(checker)
    response = client.post("/rule-versions/vc-blackjack/2/reject/", {"reason": "  "})
    assert response.status_code == 400
    assert "Say why the change is rejected" in response.content.decode()
    response = client.post("/rule-versions/vc-blackjack/2/reject/", {"reason": "Not this month"})
    assert response.status_code == 302
    proposal.refresh_from_db()
    assert (proposal.status, proposal.rejection_reason) == (VersionStatus.REJECTED, "Not this month")


def test_decisions_need_post_and_csrf(proposal: RuleSetVersion, checker: User) -> None:
    from django.test import Client

    assert client_for(checker).get("/rule-versions/vc-blackjack/2/sign-off/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(checker)
    assert strict.post("/rule-versions/vc-blackjack/2/sign-off/").status_code == 403
    proposal.refresh_from_db()
    assert proposal.status == VersionStatus.PENDING


def test_pending_sign_offs_are_the_propertys_and_a_superuser_sees_all(
    proposal: RuleSetVersion, root: User, checker: User, stranger: User, other_casino: Property
) -> None:
    elsewhere = RuleSet.objects.create(property=other_casino, game="pai-gow", slug="oc-pg", name="Other Pai Gow")
    propose_version(
        elsewhere, {"collection_fee": "1"}, author=stranger, reason="Fee", effective_from=timezone.localdate()
    )
    everything = client_for(root).get("/rule-versions/").content.decode()
    assert "Version Casino blackjack" in everything
    assert "Other Pai Gow" in everything
    mine = client_for(checker).get("/rule-versions/").content.decode()
    assert "Version Casino blackjack" in mine
    assert "Other Pai Gow" not in mine
    assert client_for(checker).get("/rule-versions/oc-pg/1/").status_code == 404


def test_staff_navigation_links_the_sign_offs(checker: User, trainee: User) -> None:
    assert 'href="/rule-versions/"' in client_for(checker).get("/").content.decode()
    assert 'href="/rule-versions/"' not in client_for(trainee).get("/").content.decode()
