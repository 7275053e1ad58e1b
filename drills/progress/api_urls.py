"""API of the progress sub-app, under /api/v1/progress/."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
