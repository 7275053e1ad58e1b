from django.apps import AppConfig


class WhatChangedConfig(AppConfig):
    name = "drills.what_changed"
    label = "what_changed"
    verbose_name = "What changed"
