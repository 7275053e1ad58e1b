"""API addresses work with and without their trailing slash, also for POST (no redirect)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/api/v1/auth/token", "/api/v1/auth/token/"])
def test_token_post_with_or_without_slash_is_answered_not_redirected(client, url):
    response = client.post(url, data={"username": "nobody", "password": "wrong"}, content_type="application/json")
    assert response.status_code == 400
    assert "errors" in response.json()


def test_unknown_api_address_is_a_json_404(client):
    response = client.post("/api/v1/no-such-thing", data="{}", content_type="application/json")
    assert response.status_code == 404
    assert "detail" in response.json()["errors"]


def test_swagger_ui_is_served_from_our_own_static_files(client):
    page = client.get("/api/v1/docs/").content.decode()
    assert "cdn" not in page.lower()
    assert "drf_spectacular_sidecar" in page
