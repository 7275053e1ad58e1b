"""Pages of the exams sub-app, under /exams/."""

from django.urls import path

from drills.exams import views

app_name = "exams"

urlpatterns = [
    path("", views.exam_list, name="list"),
    path("<int:blueprint_id>/start/", views.start, name="start"),
    path("sittings/<uuid:public_id>/", views.sitting_page, name="sitting"),
    path("sittings/<uuid:public_id>/items/<int:position>/", views.save, name="save"),
    path("sittings/<uuid:public_id>/submit/", views.submit, name="submit"),
    path("sittings/<uuid:public_id>/result/", views.result, name="result"),
    path("sittings/<uuid:public_id>/certificate.pdf", views.certificate, name="certificate"),
    path("results/", views.results, name="results"),
    path("results.csv", views.results_csv, name="results-csv"),
    path("results/<uuid:public_id>/", views.audit, name="audit"),
    path("blueprints/", views.blueprint_list, name="blueprints"),
    path("blueprints/new/", views.blueprint_edit, name="blueprint-new"),
    path("blueprints/<int:pk>/", views.blueprint_edit, name="blueprint-edit"),
    path("verify/", views.verify, name="verify"),
    path("verify/<str:code>/", views.verify_code, name="verify-code"),
]
