from django.apps import AppConfig


class ExamsConfig(AppConfig):
    name = "drills.exams"
    label = "exams"
    verbose_name = "Certification exams"
