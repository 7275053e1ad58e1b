from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "drills.learning"
    label = "learning"
    verbose_name = "Learning"
