"""API of dealt rounds, under ``/api/v1/rounds/``."""

from django.urls import path

from drills.rounds import api

urlpatterns = [
    path("tables/", api.TableList.as_view(), name="round-tables"),
    path("", api.RoundCreate.as_view(), name="round-create"),
    path("<uuid:public_id>/", api.RoundDetail.as_view(), name="round-detail"),
    path("<uuid:public_id>/actions/", api.RoundAct.as_view(), name="round-act"),
    path("<uuid:public_id>/replay/", api.RoundReplay.as_view(), name="round-replay"),
]
