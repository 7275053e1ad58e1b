"""``{% site_nav as links %}``: the navigation links for the request's user."""

from __future__ import annotations

from django import template
from django.template import Context

from drills.pages.nav import NavLink, nav_for

register = template.Library()


@register.simple_tag(takes_context=True)
def site_nav(context: Context) -> list[NavLink]:
    request = context.get("request")
    if request is None:
        return []
    return nav_for(request.user, request.path)
