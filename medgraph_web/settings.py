"""Django settings, read entirely from the environment (see README "Configuration")."""

from __future__ import annotations

from pathlib import Path

import dj_database_url

from medgraph_web import embedded
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

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MEDGRAPH_VAR_DIR", str(BASE_DIR / "var"))).resolve()

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
        "DIRS": [BASE_DIR / "templates"],
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
    EMBEDDED_POSTGRES = False
else:
    # Benchmarks point MEDGRAPH_EMBEDDED_DB at their own database on the same server.
    _db_name = env_str("MEDGRAPH_EMBEDDED_DB", embedded.DB_NAME)
    if not _db_name.replace("_", "").isalnum():
        raise EnvError(f"MEDGRAPH_EMBEDDED_DB={_db_name!r}: letters, digits and _ only")
    _pg = embedded.ensure_postgres(VAR_DIR, _db_name)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": _pg["NAME"],
            "USER": _pg["USER"],
            "HOST": _pg["HOST"],
            "PORT": _pg["PORT"],
            "CONN_MAX_AGE": 60,
        }
    }
    EMBEDDED_POSTGRES = True
DATABASES["default"]["ENGINE"] = "django.db.backends.postgresql"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Celery / Redis (embedded redis-server when REDIS_URL is unset) ---
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "redis+socket", "unix"))
EMBEDDED_REDIS = REDIS_URL is None
if REDIS_URL is None:
    REDIS_URL = embedded.ensure_redis(VAR_DIR)
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ALWAYS_EAGER = False

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
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
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
    "VERSION": "0.1.0",
    # Swagger UI assets are served locally: a hospital network may have no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"jieba": {"level": "WARNING"}, "pgserver": {"level": "WARNING"}},
}

# --- Hardening (security, API errors, stuck sessions): one block, medgraph_web/hardening.py ---
from medgraph_web.hardening import configure as _harden  # noqa: E402

_harden(globals())
