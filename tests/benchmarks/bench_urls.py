"""The site's URLs plus ``/bench/bare/``: a bare DRF view doing one SELECT and one INSERT."""

from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino_training.urls import urlpatterns as site_urlpatterns
from drills.models import DrillScenario, WorkerHeartbeat


class BareView(APIView):
    def post(self, request: Request) -> Response:
        scenario = DrillScenario.objects.filter(user=request.user).only("id").first()  # one SELECT
        heartbeat = WorkerHeartbeat.objects.create(seen_by=str(scenario.pk if scenario else 0))  # one INSERT
        return Response({"id": heartbeat.pk})


urlpatterns = [path("bench/bare/", BareView.as_view()), *site_urlpatterns]
