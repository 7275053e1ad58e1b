"""Pages of the progress sub-app."""

from django.urls import path  # noqa: F401

app_name = "progress"

urlpatterns: list = []
