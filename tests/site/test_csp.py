"""The Content-Security-Policy header, and templates that keep to it (no inline script,
event-handler attribute or style attribute: a strict policy would refuse them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from drills.models import User

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style\b", re.IGNORECASE)


def directives(response: object) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]  # type: ignore[index]
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/login/", "/api/v1/docs/", "/api/v1/me/", "/no-such-page/"])
def test_every_answer_carries_a_strict_policy(path: str) -> None:
    policy = directives(Client().get(path))
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in str(policy)
    assert "'unsafe-eval'" not in str(policy)


@pytest.mark.django_db
def test_signed_in_pages_carry_it_too(client: Client, trainee: User) -> None:
    client.force_login(trainee)
    assert directives(client.get("/"))["script-src"] == ["'self'"]


@pytest.mark.parametrize(
    "template", sorted(path.relative_to(TEMPLATES).as_posix() for path in TEMPLATES.rglob("*.html"))
)
def test_templates_have_no_inline_script_or_style(template: str) -> None:
    text = (TEMPLATES / template).read_text()
    assert not INLINE_SCRIPT.search(text), "inline <script>: move it to a static file"
    assert not HANDLER.search(text), "on*= handler: add a listener in a static script"
    assert not STYLE_ATTRIBUTE.search(text), "style= attribute: use a class in a stylesheet"
    assert not STYLE_ELEMENT.search(text), "<style> element: use a stylesheet"


def test_swagger_ui_init_script_is_a_file() -> None:
    page = Client().get("/api/v1/docs/").content.decode()
    assert '<script src="/api/v1/docs/?script="></script>' in page
    script = Client().get("/api/v1/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()
