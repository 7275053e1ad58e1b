"""API of the progress sub-app, under ``/api/v1/progress/``."""

from django.urls import path

from drills.progress import api

urlpatterns = [
    path("me/", api.MyProgress.as_view(), name="progress-me"),
    path("teams/", api.TeamList.as_view(), name="progress-teams"),
    path("teams/<int:team_id>/", api.TeamProgressView.as_view(), name="progress-team"),
]
