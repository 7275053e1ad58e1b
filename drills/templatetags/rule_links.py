"""Rule IDs as links to their page (``/rules/<ID>/``); a built-in library (settings), so
every template may use these without a ``{% load %}``.

- ``{{ rule_id|rule_link }}``: one ID as a link (an unknown one stays text, escaped);
- ``{{ rule_ids|rule_links }}``: a list of IDs, comma-separated links;
- ``{{ text|link_rule_ids }}``: prose with the IDs it cites linked, the rest escaped.

Each takes ``:"new-tab"`` where leaving the page would lose work (a form being filled in, a
round being dealt): the rule then opens beside it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe

from games.rulebook import rule_ids_in, rulebook

register = template.Library()


NEW_TAB = "new-tab"


@register.filter(is_safe=True)
def rule_link(rule_id: object, where: str = "") -> SafeString:
    text = "" if rule_id is None else str(rule_id)
    book = rulebook()
    if text not in book:
        return conditional_escape(text)
    rule = book[text]
    target = mark_safe(' target="_blank" rel="noopener"') if where == NEW_TAB else ""
    return format_html(
        '<a class="rule-link" href="{}" title="{}"{}>{}</a>',
        reverse("rules:rule", args=[text]),
        rule.title,
        target,
        text,
    )


@register.filter(is_safe=True)
def rule_links(rule_ids: Iterable[object] | None, where: str = "") -> SafeString:
    if isinstance(rule_ids, str):
        return link_rule_ids(rule_ids, where)
    return mark_safe(", ".join(rule_link(rule_id, where) for rule_id in rule_ids or ()))


@register.filter(is_safe=True)
def link_rule_ids(text: object, where: str = "") -> SafeString:
    value = "" if text is None else str(text)
    escape = str if isinstance(text, SafeData) else conditional_escape
    pieces, last = [], 0
    for start, end, rule_id in rule_ids_in(value):
        pieces += [escape(value[last:start]), rule_link(rule_id, where)]
        last = end
    pieces.append(escape(value[last:]))
    return mark_safe("".join(pieces))
