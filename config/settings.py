"""Settings from the environment.

No environment → SQLite + eager Celery (the embedded default, no servers needed).
``DATABASE_URL`` → PostgreSQL (psycopg 3); ``REDIS_URL`` → Redis broker and result backend.
"""
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.environ.get("SECRET_KEY", "nightduel-embedded-development-key-not-for-production")
DEBUG = env_flag("DEBUG", "DATABASE_URL" not in os.environ)
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "game",
    "tournament",
    "tournament.quiz",
    "ratings",
    "accounts",
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "game.api.fallback_errors.ApiJsonErrorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "game.middleware.RequestSizeLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.frame_policy.FrameAncestorsMiddleware",
]
# What an /api/ request authenticated by its token goes through instead (config/api_handler.py):
# MIDDLEWARE without the session, CSRF, messages, profile language and static-file work that a
# token never uses. Add a middleware here too when a token-authenticated answer needs it.
API_TOKEN_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "game.api.fallback_errors.ApiJsonErrorsMiddleware",
    "game.middleware.RequestSizeLimitMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.frame_policy.FrameAncestorsMiddleware",
]
X_FRAME_OPTIONS = "DENY"  # every page but the embeddable tournament view (config/frame_policy.py)

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.unread_notifications",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # Off by default: the check is a SELECT 1 round trip on every request (a tenth of a
        # move's time under load). A connection that died with the server fails one request
        # with a clean 503 (game/api/errors.py) and is replaced at the end of that request.
        conn_health_checks=os.environ.get("DB_HEALTH_CHECKS", "0") == "1",
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL + a busy timeout let the embedded default serve a few concurrent requests.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get("DB_POOL_MAX"):
    # Under ASGI (uvicorn) each request runs on a thread of its own, so per-thread persistent
    # connections do not carry over: a bounded pool is shared instead (requests wait for one).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2, "max_size": int(os.environ["DB_POOL_MAX"]), "timeout": 30}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-gb"
# The languages the pages are offered in (a profile may pick one); add one with its locale files.
LANGUAGES = [("en-gb", "English"), ("pl", "Polski"), ("it", "Italiano"), ("fr", "Français"), ("cs", "Čeština")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise expects it even before collectstatic
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
# Password-reset mail goes through Django's e-mail framework: printed on the console unless
# EMAIL_BACKEND (e.g. django.core.mail.backends.smtp.EmailBackend with EMAIL_HOST …) says otherwise.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Nightduel <nightduel@localhost>")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "artifacts" / "mail"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "game.api.token_cache.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "game.api.schema.NightduelAutoSchema",
    "EXCEPTION_HANDLER": "game.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": None,
    "DEFAULT_THROTTLE_RATES": {
        "auth": os.environ.get("THROTTLE_AUTH", "30/min"),
        "commands": os.environ.get("THROTTLE_COMMANDS", "600/min"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Nightduel API",
    "DESCRIPTION": "Event-sourced tournaments for WWII night air-war board games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files: no CDN is reachable from a closed network.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

REDIS_URL = os.environ.get("REDIS_URL")
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "sweep-timeouts": {"task": "game.tasks.sweep_timeouts", "schedule": timedelta(seconds=30)},
    "drain-outbox": {"task": "game.tasks.drain_outbox", "schedule": timedelta(seconds=15)},
    "send-waiting-mail": {"task": "notifications.tasks.send_waiting_mail", "schedule": timedelta(seconds=60)},
    "auto-confirm-table-reports": {"task": "tournament.tasks.auto_confirm_table_reports",
                                   "schedule": timedelta(seconds=float(os.environ.get(
                                       "NIGHTDUEL_AUTO_CONFIRM_SWEEP_SECONDS", "60")))},
    "close-expired-quiz-attempts": {"task": "tournament.quiz.tasks.close_all_expired_attempts",
                                    "schedule": timedelta(seconds=60)},
    "warn-low-clocks": {"task": "notifications.tasks.warn_low_clocks", "schedule": timedelta(seconds=60)},
    "retry-due-webhooks": {"task": "notifications.tasks.retry_due_webhooks", "schedule": timedelta(seconds=60)},
}

CACHES = {
    "default": (
        {"BACKEND": "config.redis_cache.PooledRedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Event store
NIGHTDUEL_SNAPSHOT_EVERY = int(os.environ.get("NIGHTDUEL_SNAPSHOT_EVERY", "16"))
NIGHTDUEL_MAX_REQUEST_BYTES = 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024  # imports of whole games; commands are capped above

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Celery tasks that consume each outbox topic (each is idempotent per message).
NIGHTDUEL_OUTBOX_CONSUMERS = {
    "game_finished": [
        "ratings.tasks.rate_finished_game",
        "tournament.tasks.record_game_result",
        "game.tasks.record_campaign_night",
    ],
    "turn_passed": ["notifications.tasks.notify_turn"],
    "tournament_events": ["notifications.tasks.notify_tournament", "notifications.tasks.queue_tournament_webhooks",
                          "ratings.tasks.rate_table_legs"],
}

# Live streams (game/streaming.py, issue 16): Server-Sent Events, woken through Redis pub/sub
# (or in-process without Redis), re-read on a timer in case an announcement was lost.
NIGHTDUEL_STREAM_KEEPALIVE_SECONDS = 15
NIGHTDUEL_STREAM_RECHECK_SECONDS = float(os.environ.get("NIGHTDUEL_STREAM_RECHECK_SECONDS", 60 if REDIS_URL else 5))
NIGHTDUEL_STREAM_MAX_SECONDS = float(os.environ.get("NIGHTDUEL_STREAM_MAX_SECONDS", 3600))  # then the client reconnects
NIGHTDUEL_STREAM_RETRY_MS = 1000
NIGHTDUEL_LIVE_SIDE_FEEDS = ["notifications.live.NotificationFeed"]

# Notifications (notifications/, issue 16): e-mail through the settings above (console by default).
NIGHTDUEL_SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
NIGHTDUEL_ACTIVE_SECONDS = 300  # an open page counts the user as on the site this long
NIGHTDUEL_MAIL_HOLD_SECONDS = int(os.environ.get("NIGHTDUEL_MAIL_HOLD_SECONDS", 1800))
NIGHTDUEL_MAIL_DELAY_SECONDS = float(os.environ.get("NIGHTDUEL_MAIL_DELAY_SECONDS", 20))  # a burst collapses
NIGHTDUEL_CLOCK_LOW_FRACTION = 0.1
NIGHTDUEL_CLOCK_LOW_MAX_SECONDS = 6 * 3600

# Webhooks (notifications/webhooks/): hosts or networks allowed although not public.
NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = [n for n in os.environ.get("WEBHOOK_ALLOWED_NETWORKS", "").split(",") if n]
NIGHTDUEL_WEBHOOK_TIMEOUT_SECONDS = 5
NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS = int(os.environ.get("NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS", 30))
NIGHTDUEL_WEBHOOK_BACKOFF_MAX_SECONDS = 3600
NIGHTDUEL_WEBHOOK_MAX_ATTEMPTS = 8
