"""The site's URLs: pages, sign-in, the admin and the API (``/api/v1/``)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from drills.language import set_language
from drills.pages import views as pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("favicon.ico", pages.favicon, name="favicon"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/", set_language, name="set_language"),
    path("rule-sets/", pages.rule_set_list, name="rule-sets"),
    path("rule-sets/<slug:slug>/", pages.rule_set_detail, name="rule-set"),
    path("house-rules/", include("drills.house_rules.urls")),
    path("drills/", include("drills.practice.urls")),
    path("progress/", include("drills.progress.urls")),
    path("exams/", include("drills.exams.urls")),
    path("rounds/", include("drills.rounds.urls")),
    path("learning/", include("drills.learning.urls")),
    path("rule-versions/", include("drills.rule_versions.urls")),
    path("rules/", include("drills.rulebook.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("drills.api.urls")),
]
