"""Pages of the learning sub-app, under /learning/."""

from django.urls import path

from drills.learning import views

app_name = "learning"

urlpatterns = [
    path("assignments/", views.assignment_list, name="assignments"),
    path("assignments/new/", views.assignment_new, name="assignment-new"),
    path("assignments/<int:assignment_id>/", views.assignment_detail, name="assignment"),
    path("teams/<int:team_id>/", views.team_panel, name="team-panel"),
    path("certificates/", views.certificates, name="certificates"),
    path("certificates/<int:certificate_id>/revoke/", views.revoke, name="revoke"),
]
