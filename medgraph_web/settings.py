"""Django settings, read entirely from the environment (see README "Configuration").

Importing them starts nothing: the embedded PostgreSQL starts on the first
database connection (medgraph_web.embedded_pg) and the embedded Redis on the
first broker connection (medgraph_web.celery).
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url

from medgraph_web import __version__, embedded, paths
from medgraph_web.env import (
    EnvError,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_optional,
    env_str,
    env_url,
)
from medgraph_web.logconfig import logging_config

BASE_DIR = paths.CHECKOUT_DIR
VAR_DIR = paths.var_dir()

DEBUG = env_bool("DEBUG", False)
_INSECURE_KEY = "insecure-development-key-do-not-use-in-production"
SECRET_KEY = env_optional("SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise EnvError(
            "SECRET_KEY is not set and DEBUG is off: set SECRET_KEY to a long random string "
            "(or DEBUG=1 for local development)"
        )
    SECRET_KEY = _INSECURE_KEY
elif len(SECRET_KEY) < 32 and not DEBUG:
    raise EnvError("SECRET_KEY must be at least 32 characters when DEBUG is off")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "memory",
]

MIDDLEWARE = [
    "medgraph_web.observability.RequestContextMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "medgraph_web.urls"
WSGI_APPLICATION = "medgraph_web.wsgi.application"
ASGI_APPLICATION = "medgraph_web.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [paths.resource("templates")],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: PostgreSQL only (embedded pgserver when DATABASE_URL is unset) ---
DATABASE_URL = env_url("DATABASE_URL", ("postgres", "postgresql", "postgis"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
    DATABASES["default"]["ENGINE"] = "django.db.backends.postgresql"
    EMBEDDED_POSTGRES = False
else:
    # Benchmarks point MEDGRAPH_EMBEDDED_DB at their own database on the same server.
    _db_name = env_str("MEDGRAPH_EMBEDDED_DB", embedded.DB_NAME)
    if not _db_name.replace("_", "").isalnum():
        raise EnvError(f"MEDGRAPH_EMBEDDED_DB={_db_name!r}: letters, digits and _ only")
    DATABASES = {
        "default": {
            # Starts the server on the first connection; HOST/PORT are filled in then.
            "ENGINE": "medgraph_web.embedded_pg",
            "NAME": _db_name,
            "USER": "postgres",
            "HOST": "",
            "PORT": "",
            "CONN_MAX_AGE": 60,
            "EMBEDDED": {"VAR_DIR": str(VAR_DIR), "DB": _db_name},
        }
    }
    EMBEDDED_POSTGRES = True
# A connection the server dropped (restart, failover) is replaced, not reported as an error.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Celery / Redis (embedded redis-server when REDIS_URL is unset) ---
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "redis+socket", "unix"))
EMBEDDED_REDIS = REDIS_URL is None
if REDIS_URL is None:
    REDIS_URL = embedded.redis_url(VAR_DIR)
CELERY_BROKER_URL = REDIS_URL
CELERY_TASK_DEFAULT_QUEUE = "medgraph"
# Nothing reads task results: construction reports through the Session row.
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
# A task is acknowledged only when done; a worker killed mid-task gives it back.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ALWAYS_EAGER = False
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- LLM (OpenAI-compatible) and embedder ---
LLM_BASE_URL = env_url("LLM_BASE_URL", ("http", "https"))
LLM_API_KEY = env_optional("LLM_API_KEY") or ""
LLM_EXTRACTION_MODEL = env_optional("LLM_EXTRACTION_MODEL")
LLM_READER_MODEL = env_optional("LLM_READER_MODEL") or LLM_EXTRACTION_MODEL
LLM_TIMEOUT_S = env_float("LLM_TIMEOUT_S", 60.0)
LLM_MAX_ATTEMPTS = env_int("LLM_MAX_ATTEMPTS", 3, minimum=1, maximum=10)
LLM_PROMPT_LANG = env_str("LLM_PROMPT_LANG", "auto")
if LLM_PROMPT_LANG not in ("auto", "zh", "en"):
    raise EnvError(f"LLM_PROMPT_LANG={LLM_PROMPT_LANG!r}: expected auto, zh or en")
# Sampling temperature of the answer reader (the paper's 0.3); strictly a number in [0, 2].
LLM_READER_TEMPERATURE = env_float("LLM_READER_TEMPERATURE", 0.3)
if not 0.0 <= LLM_READER_TEMPERATURE <= 2.0:  # also rejects nan
    raise EnvError(
        f"LLM_READER_TEMPERATURE={LLM_READER_TEMPERATURE!r}: expected a number from 0 to 2"
    )
if LLM_BASE_URL and not LLM_EXTRACTION_MODEL:
    raise EnvError("LLM_BASE_URL is set but LLM_EXTRACTION_MODEL is not: name the model to use")
EMBEDDER = env_str("MEDGRAPH_EMBEDDER", "use-multilingual")

# One session's LLM work: LLM_MAX_ATTEMPTS HTTP requests (re-asks after an invalid reply
# and transport retries share them: memory.extraction.llm), each up to LLM_TIMEOUT_S, with
# the client's backoff between them (1, 2, 4 ... s, +25% jitter, 60 s at most). A task
# drains a patient's queue until its soft limit nears, then re-queues itself for the rest;
# at the soft limit a session still with the LLM is built by the rule extractor.
LLM_WORST_CASE_S = LLM_MAX_ATTEMPTS * LLM_TIMEOUT_S + sum(
    min(1.25 * 2**k, 60.0) for k in range(LLM_MAX_ATTEMPTS - 1)
)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("MEDGRAPH_TASK_SOFT_TIME_LIMIT_S", 900, minimum=60)
if CELERY_TASK_SOFT_TIME_LIMIT < LLM_WORST_CASE_S + 60:
    raise EnvError(
        f"MEDGRAPH_TASK_SOFT_TIME_LIMIT_S={CELERY_TASK_SOFT_TIME_LIMIT} is too short: one "
        f"session's LLM work (LLM_TIMEOUT_S={LLM_TIMEOUT_S:g} x LLM_MAX_ATTEMPTS="
        f"{LLM_MAX_ATTEMPTS} requests, with backoff) takes up to {LLM_WORST_CASE_S:.0f} s and "
        f"the task needs 60 s more; raise it to at least {LLM_WORST_CASE_S + 60:.0f} or lower "
        f"the other two"
    )
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
# Redis hands an unacknowledged task to another worker after this: it must outlast any task.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": max(3600, 2 * CELERY_TASK_TIME_LIMIT)}
CONSTRUCT_DRAIN_BUDGET_S = CELERY_TASK_SOFT_TIME_LIMIT - LLM_WORST_CASE_S - 30

# --- Limits ---
MAX_UPLOAD_BYTES = env_int("MEDGRAPH_MAX_UPLOAD_BYTES", 20 * 1024 * 1024, minimum=1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_BYTES

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "patient-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [paths.resource("locale")]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [paths.resource("static")]
STATIC_ROOT = Path(env_str("MEDGRAPH_STATIC_ROOT", str(VAR_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "MedGraph API",
    "DESCRIPTION": "Longitudinal patient memory with cited evidence.",
    "VERSION": __version__,
    # Swagger UI assets are served locally: a hospital network may have no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# JSON lines by default (LOG_FORMAT=text for a terminal); request and task ids on every line.
LOG_FORMAT = env_str("LOG_FORMAT", "text" if env_bool("MEDGRAPH_CLI", False) else "json")
if LOG_FORMAT not in ("json", "text"):
    raise EnvError(f"LOG_FORMAT={LOG_FORMAT!r}: expected json or text")
# The CLI keeps its terminal for its own output: warnings only unless LOG_LEVEL says so.
LOG_LEVEL = env_str("LOG_LEVEL", "WARNING" if env_bool("MEDGRAPH_CLI", False) else "INFO").upper()
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise EnvError(f"LOG_LEVEL={LOG_LEVEL!r}: expected DEBUG, INFO, WARNING, ERROR or CRITICAL")
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)

# /metrics (Prometheus): staff users, or `Authorization: Bearer <METRICS_TOKEN>` for scrapers.
METRICS_TOKEN = env_optional("METRICS_TOKEN")

# --- Hardening (security, API errors, stuck sessions): one block, medgraph_web/hardening.py ---
from medgraph_web.hardening import configure as _harden  # noqa: E402

_harden(globals())
