"""Settings come from the environment, in one module, and fail loudly on bad values."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from casino_training.env import Env, parse_broker_url, parse_database_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (None, False),
        ("1", True),
        ("true", True),
        ("YES", True),
        ("on", True),
        ("0", False),
        ("off", False),
        ("", False),
    ],
)
def test_bool_values(raw, expected):
    environ = {} if raw is None else {"DEBUG": raw}
    assert Env(environ).boolean("DEBUG", default=False) is expected


@pytest.mark.parametrize("raw", ["maybe", "2", "tru"])
def test_bad_bool_names_the_variable(raw):
    with pytest.raises(ImproperlyConfigured, match=r"^DEBUG="):
        Env({"DEBUG": raw}).boolean("DEBUG", default=False)


@pytest.mark.parametrize(("raw", "message"), [("ten", "not a whole number"), ("-1", "at least 0")])
def test_bad_int_names_the_variable(raw, message):
    with pytest.raises(ImproperlyConfigured, match=rf"CONN_MAX_AGE=.*{message}"):
        Env({"CONN_MAX_AGE": raw}).integer("CONN_MAX_AGE", default=60)


def test_list_values():
    assert Env({"ALLOWED_HOSTS": " a.example , b.example,"}).csv_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS is set but empty"):
        Env({"ALLOWED_HOSTS": " , "}).csv_list("ALLOWED_HOSTS", [])


def test_postgres_url_keeps_connections_and_checks_them():
    config = parse_database_url("DATABASE_URL", "postgres://ada:s%40cret@db.local:6543/academy", conn_max_age=60)
    assert config == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "academy",
        "USER": "ada",
        "PASSWORD": "s@cret",
        "HOST": "db.local",
        "PORT": "6543",
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {},
    }


@pytest.mark.parametrize(
    ("url", "expected_name"),
    [("sqlite:///var/x.sqlite3", "var/x.sqlite3"), ("sqlite:////tmp/x.sqlite3", "/tmp/x.sqlite3")],
)
def test_sqlite_urls(url, expected_name):
    assert parse_database_url("DATABASE_URL", url, conn_max_age=0)["NAME"] == expected_name


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://root@localhost/x", "unsupported scheme 'mysql'"),
        ("postgres://localhost", "must name the database"),
        ("postgres://localhost:port/x", "port is not a number"),
        ("sqlite://", "needs a file path"),
    ],
)
def test_bad_database_urls_name_the_variable(url, message):
    with pytest.raises(ImproperlyConfigured, match=rf"^DATABASE_URL=.*{message}"):
        parse_database_url("DATABASE_URL", url, conn_max_age=0)


def test_broker_urls():
    assert parse_broker_url("CELERY_BROKER_URL", None) is None
    assert parse_broker_url("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
    with pytest.raises(ImproperlyConfigured, match=r"^CELERY_BROKER_URL=.*unsupported scheme 'http'"):
        parse_broker_url("CELERY_BROKER_URL", "http://example")


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS"}}
    clean.pop("CELERY_BROKER_URL", None)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_start_up_without_secret_key_in_production_names_the_variable():
    result = _manage("check", DEBUG="0", ALLOWED_HOSTS="academy.example")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_start_up_with_a_bad_database_url_names_the_variable():
    result = _manage("check", DEBUG="1", DATABASE_URL="oracle://x/y")
    assert result.returncode != 0
    assert "DATABASE_URL='oracle://x/y': unsupported scheme" in result.stderr


def test_check_deploy_is_clean_with_production_values():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="a-production-secret-" + "x7Q2#kd9!Lm4@" * 4,
        ALLOWED_HOSTS="academy.example",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/dealer_academy",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_the_development_defaults_use_sqlite_and_eager_tasks():
    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='casino_training.settings'; django.setup();"
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG)"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY"}}
    clean["DEBUG"] = "1"
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True)
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True", "True"], result.stderr


def _settings_of(names: str, **env: str) -> subprocess.CompletedProcess[str]:
    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='casino_training.settings'; django.setup();"
        f"from django.conf import settings as s; print(*[getattr(s, n) for n in {names.split()!r}])"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY"}}
    clean.update({"DEBUG": "1", **env})
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_sign_in_lockout_and_token_lifetime_come_from_the_environment():
    names = "AXES_FAILURE_LIMIT AXES_COOLOFF_TIME API_TOKEN_TTL_HOURS"
    defaults = _settings_of(names)
    assert defaults.stdout.split() == ["5", "0:30:00", "168"], defaults.stderr
    chosen = _settings_of(names, LOGIN_FAILURE_LIMIT="8", LOGIN_LOCKOUT_MINUTES="0", API_TOKEN_TTL_HOURS="2")
    assert chosen.stdout.split() == ["8", "None", "2"], chosen.stderr  # 0: locked until staff unlock


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [("LOGIN_FAILURE_LIMIT", "0", "at least 1"), ("API_TOKEN_TTL_HOURS", "week", "not a whole number")],
)
def test_bad_lockout_and_token_settings_name_the_variable(name, raw, message):
    result = _settings_of("AXES_FAILURE_LIMIT", **{name: raw})
    assert result.returncode != 0
    assert f"{name}={raw!r}" in result.stderr
    assert message in result.stderr
