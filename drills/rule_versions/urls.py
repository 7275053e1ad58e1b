"""Pages of rule-set versions, under /rule-versions/."""

from django.urls import path

from drills.rule_versions import views

app_name = "rule_versions"

urlpatterns = [
    path("", views.pending, name="pending"),
    path("<slug:slug>/", views.history, name="history"),
    path("<slug:slug>/<int:number>/", views.detail, name="detail"),
    path("<slug:slug>/<int:number>/sign-off/", views.sign_off_view, name="sign-off"),
    path("<slug:slug>/<int:number>/reject/", views.reject_view, name="reject"),
]
