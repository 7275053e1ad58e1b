"""Pages of the progress sub-app, under ``/progress/``."""

from django.urls import path

from drills.progress import views

app_name = "progress"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("trainees/<int:trainee_id>/", views.trainee, name="trainee"),
    path("trainees/<int:trainee_id>/attempts.csv", views.trainee_csv, name="trainee-csv"),
    path("attempts/<uuid:public_id>/", views.replay, name="replay"),
    path("teams/", views.teams, name="teams"),
    path("teams/<int:team_id>/", views.team, name="team"),
    path("teams/<int:team_id>/progress.csv", views.team_csv, name="team-csv"),
    path("items/", views.items, name="items"),
]
