"""/rules/: the rule index by game, and one page per rule ID."""

from django.urls import path

from drills.rulebook import views

app_name = "rules"

urlpatterns = [
    path("", views.rule_index, name="index"),
    path("<str:rule_id>/", views.rule_page, name="rule"),
]
