"""API of the exams sub-app, under /api/v1/exams/."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
