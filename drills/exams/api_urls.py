"""API of the exams sub-app, under /api/v1/exams/."""

from django.urls import path

from drills.exams import api

urlpatterns = [
    path("", api.ExamList.as_view(), name="exams"),
    path("<int:blueprint_id>/start/", api.ExamStart.as_view(), name="exam-start"),
    path("sittings/<uuid:public_id>/", api.SittingDetail.as_view(), name="exam-sitting"),
    path("sittings/<uuid:public_id>/items/<int:position>/answer/", api.SittingAnswer.as_view(), name="exam-answer"),
    path("sittings/<uuid:public_id>/submit/", api.SittingSubmit.as_view(), name="exam-submit"),
    path("sittings/<uuid:public_id>/result/", api.SittingResultView.as_view(), name="exam-result"),
]
