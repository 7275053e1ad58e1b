"""/house-rules/: the staff's house-rules editor."""

from django.urls import path

from drills.house_rules import views

app_name = "house-rules"

urlpatterns = [
    path("", views.rule_set_list, name="list"),
    path("new/<slug:game>/", views.new_rule_set, name="new"),
    path("math/<slug:game>/", views.math_panel, name="math"),
    path("<slug:slug>/", views.edit_rule_set, name="edit"),
]
