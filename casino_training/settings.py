"""Settings. Everything that differs between machines comes from the environment, here.

Variables (all optional on a development machine):

- ``DEBUG`` (default false): development mode.
- ``SECRET_KEY``: required unless ``DEBUG`` is on (then a development key is used).
- ``ALLOWED_HOSTS``: comma-separated (default ``127.0.0.1,localhost`` with DEBUG, else required).
- ``DATABASE_URL``: ``postgres://user:pass@host:5432/name`` or ``sqlite:///path``; unset,
  a SQLite file under ``var/`` (ignored by git).
- ``CONN_MAX_AGE`` (seconds, default 60): persistent database connections.
- ``PREPARED_STATEMENTS`` (default true): on PostgreSQL, the grading statement is prepared once
  per database session (``drills/prepared.py``); turn it off behind a pooler in transaction mode.
- ``CELERY_BROKER_URL``: ``redis://…`` or ``amqp://…``; unset, tasks run eagerly in-process.
- ``CELERY_RESULT_BACKEND``: defaults to the broker URL when it is Redis.
- ``SECURE_SSL_REDIRECT`` / ``SECURE_HSTS_SECONDS``: production HTTPS behaviour.
- ``MAX_REQUEST_BODY_BYTES`` (default 262144): larger request bodies are refused.
- ``LOGIN_FAILURE_LIMIT`` (default 5): failed sign-ins that lock an account (per username).
- ``LOGIN_LOCKOUT_MINUTES`` (default 30): how long a lock lasts; 0 = until staff unlock it.
- ``API_TOKEN_TTL_HOURS`` (default 168): an API token's lifetime from its creation.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from casino_training.env import Env, parse_broker_url
from casino_training.languages import languages_from_catalogues

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env()

DEBUG = env.boolean("DEBUG", default=False)
_secret = env.get("SECRET_KEY")
if not _secret:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is not set: it is required unless DEBUG is on")
    _secret = "django-insecure-development-only-key-never-use-in-production-0123456789"
SECRET_KEY = _secret
ALLOWED_HOSTS = env.csv_list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"] if DEBUG else [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS is not set: it is required unless DEBUG is on")
CSRF_TRUSTED_ORIGINS = env.csv_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "csp",
    "drills",
    "drills.progress",
    "drills.exams",
    "drills.rounds",
    "drills.learning",
    "drills.what_changed",
    "drills.rule_versions",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the cookie the picker sets, else Accept-Language; a signed-in user's own
    # preference overrides it (drills.middleware.UserLanguageMiddleware, after authentication).
    "django.middleware.locale.LocaleMiddleware",
    "drills.api.middleware.ApiTrailingSlashMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "drills.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "drills.api.middleware.ApiErrorMiddleware",
    # Turns a refused (locked-out) sign-in into the lockout answer.
    "axes.middleware.AxesMiddleware",
    # Last: its process_exception runs first (a lost database is a 503, not a 500).
    "drills.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "casino_training.urls"
WSGI_APPLICATION = "casino_training.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # {{ id|rule_link }}, {{ text|link_rule_ids }}: on every page without a {% load %}.
            "builtins": ["drills.templatetags.rule_links"],
        },
    }
]

CONN_MAX_AGE = env.integer("CONN_MAX_AGE", default=60)
DATABASES = {"default": env.database("DATABASE_URL", BASE_DIR / "var" / "db.sqlite3", conn_max_age=CONN_MAX_AGE)}
PREPARED_STATEMENTS = env.boolean("PREPARED_STATEMENTS", default=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "drills.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# --- Sign-in: brute-force protection (django-axes), per account, not per address ---
# A training room shares one address, so locking by address would lock the whole room
# (and an attacker rotating addresses would never be locked). The Axes backend comes
# first: a locked account's attempt is refused before any password is hashed.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.integer("LOGIN_FAILURE_LIMIT", default=5, minimum=1)
_lockout_minutes = env.integer("LOGIN_LOCKOUT_MINUTES", default=30)
AXES_COOLOFF_TIME = timedelta(minutes=_lockout_minutes) if _lockout_minutes else None
AXES_LOCKOUT_PARAMETERS = ["username"]
# Axes warns (W006) when the address is not part of the lock: here that is the point (the
# count is per account, so rotating addresses, agents or cookies does not reset it).
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_RESET_ON_SUCCESS = True  # a right password before the limit clears the count
AXES_LOCKOUT_CALLABLE = "drills.signin.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Languages: English (the language of the message IDs) and one for each catalogue under
# locale/ (locale/<code>/LC_MESSAGES/django.po): a third language is one more catalogue.
# The .mo files are built from the catalogues (scripts/compile_messages; not committed).
LANGUAGE_CODE = "en"
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGES = languages_from_catalogues(LOCALE_PATHS[0], source="en")
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every start without it
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or "pytest" in sys.modules
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Request size: bodies over this are refused (413/400 from Django, never a 500).
MAX_REQUEST_BODY_BYTES = env.integer("MAX_REQUEST_BODY_BYTES", default=256 * 1024, minimum=1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY_BYTES

# --- Security (production values when DEBUG is off) ---
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env.boolean("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = env.integer("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp 4): everything from our own origin, no inline script
# or style anywhere (scripts and styles live in static files), no plugins, no framing.
# Card and chart images are inline SVG markup (not data: URLs); Swagger UI's icons are
# data: images, hence img-src data:.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- Celery: unset broker = eager, in-process (a fresh laptop runs no broker) ---
CELERY_BROKER_URL = parse_broker_url("CELERY_BROKER_URL", env.get("CELERY_BROKER_URL"))
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
_result_backend = env.get("CELERY_RESULT_BACKEND")
if _result_backend is None and CELERY_BROKER_URL and CELERY_BROKER_URL.startswith(("redis", "rediss")):
    _result_backend = CELERY_BROKER_URL
CELERY_RESULT_BACKEND = _result_backend or None
# A publish happens inside a web request (a submit, a close): with the broker down or hung
# it must fail in about a second, not hold a sync worker while every other request queues
# (measured: tests/benchmarks/bench_submit_broker_down.py; tests/exams/test_outages.py stops a
# real Redis with SIGSTOP). The caller then leaves the work to the beat sweep. A hung Redis
# accepts the connection and never answers, so what bounds a publish is the socket timeout
# times the tries: a web process has one try, 0.5 s a read (a first connection reads twice:
# under a second in all; measured with Redis stopped by SIGSTOP). Defaults were a 4 s connect timeout,
# no socket timeout (a hung broker held the request for good), 3 publish retries and, for a
# Redis result backend, 20 reconnect attempts a second apart on every publish of a task that
# keeps its result.
CELERY_BROKER_CONNECTION_TIMEOUT = 0.5
CELERY_TASK_PUBLISH_RETRY_POLICY: dict[str, object] = {"max_retries": 0}
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {}
# A worker (and beat) is not answering anyone: casino_training/celery.py gives it these on
# start-up instead. Its socket timeout stays above kombu's 1 s BRPOP wait, which it reads on
# the same options, and its publishes (the sweeps') may retry once.
WORKER_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {}
WORKER_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
if CELERY_BROKER_URL and CELERY_BROKER_URL.startswith(("redis", "rediss")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
    WORKER_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1.0, "socket_timeout": 2.0}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1.0
CELERY_REDIS_SOCKET_TIMEOUT = 2.0
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # Progress roll-ups are kept current per attempt; this nightly rebuild from the raw
    # attempts means they can never drift for long (issue 7).
    "progress-rebuild-rollups": {
        "task": "drills.progress.tasks.rebuild_all_rollups",
        "schedule": crontab(hour=3, minute=17),
    },
    # Close exam sittings whose deadline has passed, keeping their autosaved answers (issue 8).
    "exams-close-overdue-sittings": {
        "task": "drills.exams.tasks.close_overdue_sittings",
        "schedule": 30.0,
    },
    # Grade drill attempts whose grading raised after the answer was saved (issue 13).
    "drills-grade-stranded-attempts": {
        "task": "drills.tasks.grade_stranded_attempts",
        "schedule": 60.0,
    },
    # Issue 15: assignment and certificate reminders (idempotent: each is sent once), and the
    # spaced-repetition cards rebuilt from the raw attempts, like the progress roll-ups.
    "learning-send-reminders": {
        "task": "drills.learning.tasks.send_due_reminders",
        "schedule": crontab(hour=7, minute=0),
    },
    "learning-rebuild-family-cards": {
        "task": "drills.learning.tasks.rebuild_family_cards",
        "schedule": crontab(hour=3, minute=47),
    },
    # Issue 16: signed-off rule-set versions whose effective date has come go in force
    # (they also do when a rule set is read for a new drill, round or exam).
    "rule-versions-apply-due": {
        "task": "drills.rule_versions.tasks.apply_due_versions",
        "schedule": crontab(minute=1),
    },
}

# --- E-mail (reminders): the console unless an SMTP host is given ---
EMAIL_HOST = env.get("EMAIL_HOST") or ""
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env.integer("EMAIL_PORT", default=587, minimum=1)
EMAIL_HOST_USER = env.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = env.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = env.boolean("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = env.get("DEFAULT_FROM_EMAIL") or "Dealer Academy <academy@localhost>"
SITE_URL = env.get("SITE_URL") or "http://127.0.0.1:8000"  # links in e-mails

# --- API ---
# Tokens expire this long after they are issued (and are revoked on a password change).
API_TOKEN_TTL_HOURS = env.integer("API_TOKEN_TTL_HOURS", default=168, minimum=1)
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "drills.api.tokens.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "drills.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["drills.api.parsers.JSONBodyParser"],
    "COERCE_DECIMAL_TO_STRING": True,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Dealer Academy API",
    "DESCRIPTION": "Drills, progress, exams and rulings for casino dealer training.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI served from our own static files (the sidecar package), not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "drills.api.schema.mark_required_bodies",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.get("LOG_LEVEL") or "INFO"},
}
