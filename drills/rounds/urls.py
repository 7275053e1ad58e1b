from django.urls import path

from drills.rounds import views

app_name = "rounds"

urlpatterns = [
    path("", views.picker, name="picker"),
    path("start/", views.start, name="start"),
    path("<uuid:public_id>/", views.table_page, name="table"),
    path("<uuid:public_id>/act/", views.act, name="act"),
    path("<uuid:public_id>/replay/", views.replay_page, name="replay"),
    path("exam/<uuid:sitting_id>/<int:position>/", views.exam_round, name="exam"),
]
