"""Pages of the exams sub-app."""

from django.urls import path  # noqa: F401

app_name = "exams"

urlpatterns: list = []
