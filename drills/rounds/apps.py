from django.apps import AppConfig


class RoundsConfig(AppConfig):
    name = "drills.rounds"
    label = "rounds"
    verbose_name = "Dealt rounds"
