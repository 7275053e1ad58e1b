"""The Celery app. Unset CELERY_BROKER_URL runs tasks eagerly in-process (settings).

Web processes publish with the short, untried broker settings of ``settings.py`` (a hung
broker must not hold a request); a worker takes the longer ``WORKER_*`` ones as it starts,
before it opens a broker connection (beat keeps the short ones: a publish it misses is
made again at the next tick)."""

import os
from typing import Any

from celery import Celery
from celery.signals import celeryd_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")

app = Celery("casino_training")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def use_worker_broker_settings(conf: Any) -> None:
    from django.conf import settings

    if settings.WORKER_BROKER_TRANSPORT_OPTIONS:
        conf.broker_transport_options = dict(settings.WORKER_BROKER_TRANSPORT_OPTIONS)
    conf.broker_connection_timeout = 1.0
    conf.task_publish_retry_policy = dict(settings.WORKER_TASK_PUBLISH_RETRY_POLICY)


@celeryd_init.connect  # type: ignore[untyped-decorator]  # Celery ships no types
def worker_broker_settings(sender: Any = None, conf: Any = None, **kwargs: Any) -> None:
    use_worker_broker_settings(conf if conf is not None else app.conf)

