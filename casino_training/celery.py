"""The Celery app. Unset CELERY_BROKER_URL runs tasks eagerly in-process (settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")

app = Celery("casino_training")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
