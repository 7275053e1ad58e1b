"""``/api/v1/drills/``."""

from django.urls import path

from drills.practice import api

urlpatterns = [
    path("kinds/", api.KindList.as_view(), name="drill-kinds"),
    path("scenarios/", api.ScenarioCreate.as_view(), name="drill-scenarios"),
    path("scenarios/<uuid:public_id>/", api.ScenarioDetail.as_view(), name="drill-scenario"),
    path("scenarios/<uuid:public_id>/answer/", api.ScenarioAnswer.as_view(), name="drill-answer"),
    path("attempts/", api.AttemptList.as_view(), name="drill-attempts"),
]
