"""``/api/v1/``."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from drills.api import views

app_name = "api"

urlpatterns = [
    path("auth/token/", views.ObtainTokenView.as_view(), name="token"),
    path("me/", views.MeView.as_view(), name="me"),
    path("rulings/<str:game>/<str:question>", views.RulingView.as_view(), name="ruling"),
    path("rulings/<str:game>/<str:question>/", views.RulingSlashView.as_view(), name="ruling-slash"),
    path("drills/", include("drills.practice.api_urls")),
    path("progress/", include("drills.progress.api_urls")),
    path("exams/", include("drills.exams.api_urls")),
    path("rounds/", include("drills.rounds.api_urls")),
    path("schema/", SpectacularAPIView.as_view(permission_classes=[]), name="schema"),
    # The split view serves Swagger UI's init script as a file (?script), not inline: the CSP.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema", permission_classes=[], template_name="api/swagger_ui.html"
        ),
        name="docs",
    ),
]
