"""Settings from the environment.

No environment → SQLite + eager Celery (the embedded default, no servers needed).
``DATABASE_URL`` → PostgreSQL (psycopg 3); ``REDIS_URL`` → Redis broker and result backend.
"""
import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG", "DATABASE_URL" not in os.environ)
# The embedded default's key is published with the code: anything signed with it (sessions,
# password-reset links, a private tournament's join key) could be forged, so only DEBUG may use it.
SECRET_KEY = os.environ.get("SECRET_KEY") or ("nightduel-embedded-development-key-not-for-production" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY is not set: with DEBUG off the service needs its own secret key "
                               "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(50))').")
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")

# HTTPS, on by default with DEBUG off (README, "Production shape"); HTTPS=0 serves plain HTTP
# (as the test suite's servers do), and each setting may be given on its own.
HTTPS = env_flag("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_flag("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_flag("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", HTTPS)
# Reverse proxies in front of the service whose X-Forwarded-For and X-Forwarded-Proto are believed
# (kernel/client_address.py). 0: none — the headers are the client's to invent and are ignored,
# every rate limit and lock-out counts the connecting address.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXIES else None

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
    "axes",
    "kernel",
    "systems.duel",
    "systems.battle303",
    "systems.nightfighter",
    "leagues",
    "game",
    "bots",
    "tournament",
    "tournament.quiz",
    "ratings",
    "accounts",
    "notifications",
    "matchmaking",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "kernel.api.fallback_errors.ApiJsonErrorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "kernel.middleware.RequestSizeLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.ProfileLanguageMiddleware",
    "notifications.middleware.MarkReadOnVisit",  # opening the page a notification leads to reads it
    "django.contrib.messages.middleware.MessageMiddleware",
    "config.error_pages.SiteErrorPagesMiddleware",  # the site's 404/500 pages with DEBUG on too
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.frame_policy.FrameAncestorsMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a locked-out login into its answer
]
# What an /api/ request authenticated by its token goes through instead (config/api_handler.py):
# MIDDLEWARE without the session, CSRF, messages, profile language and static-file work that a
# token never uses. Add a middleware here too when a token-authenticated answer needs it.
API_TOKEN_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "kernel.api.fallback_errors.ApiJsonErrorsMiddleware",
    "kernel.middleware.RequestSizeLimitMiddleware",
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
        # with a clean 503 (kernel/api/errors.py) and is replaced at the end of that request.
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
if os.environ.get("DATABASE_REPLICA_URL"):
    # A streaming replica for the reads that may lag (kernel/replica.py; README, "Production
    # shape"). A short connect timeout and a short pool wait: a replica that is down costs a
    # read a moment before it goes to the primary, never the request.
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs a PostgreSQL DATABASE_URL (a streaming replica of it).")
    # Health checks on: a replica is restarted more often than the primary, and a connection
    # that died with it would otherwise send this process's reads to the primary for a while.
    DATABASES["replica"] = dj_database_url.parse(os.environ["DATABASE_REPLICA_URL"],
                                                 conn_max_age=DATABASES["default"]["CONN_MAX_AGE"],
                                                 conn_health_checks=True)
    DATABASES["replica"]["OPTIONS"] = {**DATABASES["default"].get("OPTIONS", {}), "connect_timeout": 2}
    if "pool" in DATABASES["replica"]["OPTIONS"]:
        DATABASES["replica"]["OPTIONS"]["pool"] = {**DATABASES["replica"]["OPTIONS"]["pool"], "timeout": 2}
    # Tests: the replica of the test cluster holds the test database under the same name.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["kernel.replica.ReplicaRouter"]
    # Read your own writes: after a person's unsafe request, where the primary's WAL stood.
    MIDDLEWARE.insert(MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
                      "kernel.replica.RememberWrites")
    API_TOKEN_MIDDLEWARE.append("kernel.replica.RememberWrites")  # DRF sets the token's person in the view
# How long a replica that failed is left alone by a process (its reads go to the primary meanwhile).
NIGHTDUEL_REPLICA_RETRY_SECONDS = float(os.environ.get("NIGHTDUEL_REPLICA_RETRY_SECONDS", "5"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Checked on sign-up, password change and reset (not by create_user: the demo's and tests' users).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Log-in lock-outs (django-axes; README, "Accounts and log-in"): after LOGIN_FAILURE_LIMIT wrong
# passwords for one username from one address, that pair is refused — the right password too —
# for LOGIN_LOCKOUT_MINUTES, on the log-in page, the admin's and POST /api/auth/token/.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # a club's shared address stays open to the others
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "kernel.client_address.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
AXES_VERBOSE = False

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
        "kernel.api.token_cache.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "kernel.api.schema.NightduelAutoSchema",
    "EXCEPTION_HANDLER": "kernel.api.errors.exception_handler",
    # JSON bodies bounded in size, depth and text (kernel/bounded_json.py); forms as DRF's defaults.
    "DEFAULT_PARSER_CLASSES": ["kernel.api.parsers.BoundedJSONParser", "rest_framework.parsers.FormParser",
                               "rest_framework.parsers.MultiPartParser"],
    "DEFAULT_PAGINATION_CLASS": None,
    # DRF's own throttles count the address kernel/client_address.py does (ours call it).
    "NUM_PROXIES": TRUSTED_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "auth": os.environ.get("THROTTLE_AUTH", "30/min"),
        # Pages, per address and counting POSTs (accounts/limits.py).
        "signup": os.environ.get("THROTTLE_SIGNUP", "20/hour"),
        "password_reset": os.environ.get("THROTTLE_PASSWORD_RESET", "10/hour"),
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
    "ENUM_NAME_OVERRIDES": {"AnnotationKindEnum": "game.models.Annotation.Kind"},
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
# A worker outlives a Redis restart or outage of any length (README, "Production shape"): it
# retries for ever instead of exiting after 100 tries.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A task reserved by a worker that died (SIGKILL, a lost host) goes back to the queue after the
# visibility timeout, kombu's default an hour: ours is 10 minutes, above the longest task (a full
# ratings rebuild of a million results takes about 70 s, bench/bench_ratings_db_rebuild.py), so a
# running task is never handed out twice; the outbox re-send covers the outbox's messages sooner.
# TCP keepalive notices a Redis host that vanished without closing its connections.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("NIGHTDUEL_VISIBILITY_TIMEOUT_SECONDS", "600")),
    "socket_keepalive": True,
}
# The honest outbox (kernel/outbox.py): a message no consumer has run this long after it was sent
# is sent again (beat's drain-outbox); the reconciliation pass repairs finished games left
# without their rating or tournament result this long after they ended.
NIGHTDUEL_OUTBOX_RESEND_SECONDS = float(os.environ.get("NIGHTDUEL_OUTBOX_RESEND_SECONDS", "120"))
NIGHTDUEL_MISSED_RESULTS_AFTER_SECONDS = float(os.environ.get("NIGHTDUEL_MISSED_RESULTS_AFTER_SECONDS", "300"))
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# The embedded default has no beat process: the serving process runs this schedule itself in a
# thread (config/embedded_beat.py). Off with a broker (beat runs it) and under pytest.
NIGHTDUEL_EMBEDDED_BEAT = env_flag("NIGHTDUEL_EMBEDDED_BEAT", not REDIS_URL and "pytest" not in sys.modules)
CELERY_BEAT_SCHEDULE = {
    "sweep-timeouts": {"task": "game.tasks.sweep_timeouts",
                       "schedule": timedelta(seconds=float(os.environ.get("NIGHTDUEL_TIMEOUT_SWEEP_SECONDS", "30")))},
    "drain-outbox": {"task": "kernel.tasks.drain_outbox", "schedule": timedelta(seconds=15)},
    "rate-missed-games": {"task": "ratings.tasks.rate_missed_games", "schedule": timedelta(seconds=120)},
    "record-missed-game-results": {"task": "tournament.tasks.record_missed_game_results",
                                   "schedule": timedelta(seconds=120)},
    "send-waiting-mail": {"task": "notifications.tasks.send_waiting_mail", "schedule": timedelta(seconds=60)},
    "auto-confirm-table-reports": {"task": "tournament.tasks.auto_confirm_table_reports",
                                   "schedule": timedelta(seconds=float(os.environ.get(
                                       "NIGHTDUEL_AUTO_CONFIRM_SWEEP_SECONDS", "60")))},
    "close-expired-quiz-attempts": {"task": "tournament.quiz.tasks.close_all_expired_attempts",
                                    "schedule": timedelta(seconds=60)},
    "warn-low-clocks": {"task": "notifications.tasks.warn_low_clocks", "schedule": timedelta(seconds=60)},
    "retry-due-webhooks": {"task": "notifications.tasks.retry_due_webhooks", "schedule": timedelta(seconds=60)},
    "expire-challenges": {"task": "matchmaking.tasks.expire_challenges", "schedule": timedelta(seconds=60)},
}

CACHES = {
    "default": (
        {"BACKEND": "config.redis_cache.PooledRedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Event store
# The page language of a person the API knows by a token (kernel/api/token_cache.py).
NIGHTDUEL_USER_LANGUAGE = "accounts.language.profile_language"
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
        "game.tasks.replay_fog_for_finished_game",
    ],
    "turn_passed": ["notifications.tasks.notify_turn", "bots.moves.play_turn"],
    "bot_to_move": ["bots.moves.play_on"],
    # Integration messages (tournament/messages.py, ratings/messages.py): the apps above read these only.
    "tournament.round_started": ["notifications.consumers.round_started_webhooks"],
    "tournament.pairing_created": ["notifications.consumers.pairing_created",
                                   "notifications.consumers.pairing_created_webhooks"],
    "tournament.game_recorded": ["notifications.consumers.game_recorded_webhooks"],
    "tournament.result_reported": ["notifications.consumers.result_reported"],
    "tournament.result_disputed": ["notifications.consumers.result_disputed"],
    "tournament.result_settled": ["ratings.tasks.rate_settled_leg"],
    "tournament.pairing_decided": ["notifications.consumers.pairing_decided_webhooks"],
    "tournament.pairing_waiting": ["notifications.consumers.pairing_waiting"],
    "tournament.penalty_issued": ["notifications.consumers.penalty_issued"],
    "tournament.standings_changed": ["notifications.consumers.standings_changed_webhooks"],
    "tournament.finished": ["notifications.consumers.tournament_finished", "notifications.consumers.finished_webhooks"],
    "tournament.quiz_opened": ["notifications.consumers.quiz_opened"],
    "tournament.staff_appointed": ["notifications.consumers.staff_appointed"],
    "tournament_upload_matched": ["ratings.tasks.rate_uploaded_tournament"],
    "ratings.organiser_requested": ["notifications.consumers.organiser_requested"],
    "ratings.organiser_granted": ["notifications.consumers.organiser_granted"],
    # Written before the messages above existed: turned into them, so none still open is lost.
    "tournament_events": ["tournament.messages.republish"],
    "quiz_opened": ["tournament.messages.republish_quiz_opened"],
}
# Consumers that, without a broker, run after the request in a background thread of the serving
# process instead of inside it (kernel/background.py): a practice bot's move never holds up a page.
NIGHTDUEL_OUTBOX_BACKGROUND = ["bots.moves.play_turn", "bots.moves.play_on"]
# Where each system's practice bots live (bots/lookup.py): system → module; unnamed systems are
# looked up as systems.<module>.bots. Tests name their doubles here ("system=module:attribute,...").
NIGHTDUEL_BOT_PACKAGES = dict(entry.split("=", 1) for entry in
                              filter(None, os.environ.get("NIGHTDUEL_BOT_PACKAGES", "").split(",")))

# Live streams (kernel/streaming.py, issue 16): Server-Sent Events, woken through Redis pub/sub
# (or in-process without Redis), re-read on a timer in case an announcement was lost.
NIGHTDUEL_STREAM_KEEPALIVE_SECONDS = 15
NIGHTDUEL_STREAM_RECHECK_SECONDS = float(os.environ.get("NIGHTDUEL_STREAM_RECHECK_SECONDS", 60 if REDIS_URL else 5))
NIGHTDUEL_STREAM_MAX_SECONDS = float(os.environ.get("NIGHTDUEL_STREAM_MAX_SECONDS", 3600))  # then the client reconnects
NIGHTDUEL_STREAM_RETRY_MS = 1000
NIGHTDUEL_LIVE_SIDE_FEEDS = ["notifications.live.NotificationFeed"]
# The game systems, each described by its folder's descriptor (systems/kit/descriptor.py), in the
# order pages list them. Adding a system: its folder under systems/, its app above, a line here.
NIGHTDUEL_SYSTEMS = [
    "systems.battle303.descriptor.DESCRIPTOR",
    "systems.duel.descriptor.DESCRIPTOR",
    "systems.nightfighter.descriptor.DESCRIPTOR",
]

# Notifications (notifications/, issue 16): e-mail through the settings above (console by default).
# Links in e-mails and webhooks. Default: where serve.sh serves (its PORT, 8000 unless given).
NIGHTDUEL_SITE_URL = os.environ.get("SITE_URL") or f"http://127.0.0.1:{os.environ.get('PORT') or '8000'}"
NIGHTDUEL_ACTIVE_SECONDS = 300  # an open page counts the user as on the site this long
NIGHTDUEL_MAIL_HOLD_SECONDS = int(os.environ.get("NIGHTDUEL_MAIL_HOLD_SECONDS", 1800))
NIGHTDUEL_MAIL_DELAY_SECONDS = float(os.environ.get("NIGHTDUEL_MAIL_DELAY_SECONDS", 20))  # a burst collapses
NIGHTDUEL_CLOCK_LOW_FRACTION = 0.1
NIGHTDUEL_CLOCK_LOW_MAX_SECONDS = 6 * 3600
# Days a player may take off in a calendar year; they pause his correspondence clocks (game/vacations.py).
NIGHTDUEL_VACATION_DAYS_PER_YEAR = int(os.environ.get("NIGHTDUEL_VACATION_DAYS_PER_YEAR", "14"))

# Webhooks (notifications/webhooks/): hosts or networks allowed although not public.
NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = [n for n in os.environ.get("WEBHOOK_ALLOWED_NETWORKS", "").split(",") if n]
NIGHTDUEL_WEBHOOK_TIMEOUT_SECONDS = 5
NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS = int(os.environ.get("NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS", 30))
NIGHTDUEL_WEBHOOK_BACKOFF_MAX_SECONDS = 3600
NIGHTDUEL_WEBHOOK_MAX_ATTEMPTS = 8
