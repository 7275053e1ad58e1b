from django.urls import path

from drills.practice import views

app_name = "drills"

urlpatterns = [
    path("", views.picker, name="list"),
    path("start/", views.start, name="start"),
    path("retry/", views.retry, name="retry"),
    path("history/", views.history, name="history"),
    path("s/<uuid:public_id>/", views.scenario_page, name="scenario"),
    path("s/<uuid:public_id>/answer/", views.answer, name="answer"),
]
