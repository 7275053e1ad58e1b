from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "drills.progress"
    label = "progress"
    verbose_name = "Progress"
