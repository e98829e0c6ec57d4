"""Settings, read from the environment (see README.md, "Configuration").

With no environment at all the system runs on a bare machine: SQLite in the project folder, Celery tasks run
eagerly in the web process, and the cache is local memory. DATABASE_URL and REDIS_URL switch to the real services.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import fontpkg_noto_sans_devanagari
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG")

DEVELOPMENT_SECRET_KEY = "development-only-secret-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEVELOPMENT_SECRET_KEY)
if SECRET_KEY == DEVELOPMENT_SECRET_KEY and not DEBUG:
    # A real deployment must never run on a key that is published in the repository.
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY, or DJANGO_DEBUG=1 for local development.")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",  # its form templates, for FORM_RENDERER
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files served by us (the Content-Security-Policy allows no CDN)
    "axes",
    "csp",
    # Our apps, floor by floor: an app imports only the apps above it in this list.
    "core",
    "rules",
    "tournaments",
    "registration",
    "federations",
    "stages",
    "webhooks",
    "matches",
    "matches.ties",
    "matches.scoring",
    "matches.scheduling",
    "matches.checkin",
    "matches.conduct",
    "matches.strokes",
    "matches.featured",
    "protests",
    "players",
    "hall",
    "printing",
    "prizes",
    "stats",
    "history.ratings",
    "history.championships",
    "history.sol",
    "history.archive",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Text answers gzipped for clients that accept it, as they leave: outside every middleware that reads or writes
    # a body (the page cache's answers come gzipped already and are left as they are).
    "core.compression.CompressionMiddleware",
    # Before anything reads the body: a body over UPLOAD_MAX_BYTES is refused unread (413).
    "core.middleware.RequestLimitsMiddleware",
    # /health/live/ for a probe that knows no host name: answered before anything checks the host (core.health).
    "core.health.LiveMiddleware",
    # An anonymous visitor's public page already served from the cache is answered here, whole, before the
    # middleware below run (core.page_cache): it keeps the headers they gave it the first time.
    "core.page_cache.CachedPageMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session (a signed-in user's language rides in it); its tournament's language needs the URL.
    "tournaments.middleware.LanguageMiddleware",
    # A tournament's pages in its time zone (its slug in the URL), reset after each request.
    "tournaments.middleware.TimeZoneMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # After the X-Frame-Options middleware: the embed form of a tournament's page, framed by the sites it lists.
    "tournaments.embedding.EmbedMiddleware",
    # Last, so it sees every log-in view's answer (core.ratelimit).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

# Forms render through the project's templates, so that templates/django/forms/p.html puts every form's refusals
# at its top, once.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
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
                "tournaments.context_processors.deadlines_notice",
            ],
            "libraries": {"jinja": "core.jinja"},
        },
    },
    # The long lists' fragments (core/jinja.py), found in each app's jinja2/ folder.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"environment": "core.jinja.environment"},
    },
]

# PostgreSQL's connections are few (max_connections, 100 by default) and shared by every web worker's threads, the
# Celery workers and whoever runs manage.py: README's "Deployment" sizes them. DATABASE_POOL_SIZE > 0 gives each
# process a pool of at most that many (psycopg's pool): a request waits up to DATABASE_POOL_TIMEOUT seconds for one,
# then is answered 503 (core.http_errors), and a pooled connection unused for DATABASE_CONN_MAX_AGE seconds is closed.
# Without the pool each thread keeps its own connection DATABASE_CONN_MAX_AGE seconds after its last request.
DATABASE_CONN_MAX_AGE = int(os.environ.get("DATABASE_CONN_MAX_AGE", "60"))
DATABASE_POOL_SIZE = int(os.environ.get("DATABASE_POOL_SIZE", "0"))
DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "5"))
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=DATABASE_CONN_MAX_AGE,
        # A kept connection the database dropped (a restart, a failover) is replaced before the request uses it,
        # instead of failing the request of each worker that held one.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_POOL_SIZE > 0:
    # Django hands the connection back to the pool at the end of each request (so no CONN_MAX_AGE of its own);
    # the pool keeps it for the next one. None is opened before a request needs it (min_size 0), so a Celery
    # worker's process, one task at a time, holds one. A failed connection attempt is given up after the
    # request's own wait, so that the pool tries again as soon as the next request comes instead of backing off
    # for minutes after the database was full.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 0,
        "max_size": DATABASE_POOL_SIZE,
        "timeout": DATABASE_POOL_TIMEOUT,
        "max_idle": max(DATABASE_CONN_MAX_AGE, 1),
        "reconnect_timeout": DATABASE_POOL_TIMEOUT,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Write-ahead log: readers never wait for the writer (a gunicorn worker serving pages while a result is being
    # saved), and a commit is an append, synced at checkpoints, instead of two synced writes per transaction.
    # Survives a crash of the process or the server; a power cut may lose the last commits, never the file.
    # A transaction takes the write lock when it begins (IMMEDIATE), waiting for it up to `timeout` seconds: one
    # that read first and wrote after another process's commit (the results' page stamps, a web process working out
    # chances) would otherwise fail at once with "database is locked", whatever the timeout, since its snapshot is
    # stale.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Redis down costs speed, not pages: core.cache answers as an empty cache and logs the outage; a hung Redis
    # is given half a second.
    CACHES = {
        "default": {
            "BACKEND": "core.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    # Per process: each gunicorn worker keeps its own copy of the public pages (core.page_cache).
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 5000}}}
# Anonymous visitors' public pages are cached until their tournament changes; this bounds how long an unused
# copy is kept. 0 turns the page cache off.
PAGE_CACHE_SECONDS = int(os.environ.get("PAGE_CACHE_SECONDS", "600"))
# A tournament's stamp is kept in the cache so that a cached page costs no query. With Redis, a change writes the
# new stamp there for every process; with a cache in each process, the others see it after at most this long.
# 0: the database is asked on every request.
PAGE_VERSION_SECONDS = int(os.environ.get("PAGE_VERSION_SECONDS", "1"))
PAGE_CACHE_OWNER = "tournaments.Tournament"  # whose page_version keys the cached public pages (core.page_cache)
# A stage's standings after each round are kept, keyed by what they are made of (stages.kept_standings), for at
# most this long unread; 0: worked out on every request.
STANDINGS_CACHE_SECONDS = int(os.environ.get("STANDINGS_CACHE_SECONDS", "86400"))

# Celery: Redis is the broker when REDIS_URL is set; otherwise tasks run eagerly in the calling process.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env_flag("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = "UTC"
# Deadlines live in the database; these idempotent tasks apply them (a lost run is caught up by the next one).
PERIODIC_SECONDS = int(os.environ.get("PERIODIC_SECONDS", "30"))
DEADLINES_SCHEDULE = {
    "apply-late-arrival-forfeits": {"task": "checkin.tasks.apply_forfeits", "schedule": PERIODIC_SECONDS},
    "ring-second-bells": {"task": "scheduling.tasks.ring_second_bells", "schedule": PERIODIC_SECONDS},
    "apply-rest-deadlines": {"task": "conduct.tasks.apply_rest_deadlines", "schedule": PERIODIC_SECONDS},
    "flag-overdue-protests": {"task": "protests.tasks.flag_overdue_protests", "schedule": PERIODIC_SECONDS},
    "fail-stalled-sol-imports": {"task": "sol.tasks.fail_stalled_imports", "schedule": PERIODIC_SECONDS},
}
# Players' news waits in the database until sent (players.outbox): this sweep sends what the broker did not take,
# or what failed, trying again after NEWS_RETRY_SECONDS, then twice as long each time, up to NEWS_MAX_ATTEMPTS
# tries; then the officials are told and see it with a "try again" button.
# The periodic backup of the whole site, when BACKUP_DIR is set: config/settings_backup.py.
from config.settings_backup import *  # noqa: E402, F403

CELERY_BEAT_SCHEDULE = {
    **DEADLINES_SCHEDULE,
    "send-pending-news": {"task": "players.tasks.send_pending_news", "schedule": PERIODIC_SECONDS},
    **BACKUP_SCHEDULE,  # noqa: F405
    "send-pending-mail": {"task": "tournaments.tasks.send_pending_mail", "schedule": PERIODIC_SECONDS},
    "send-due-webhooks": {"task": "webhooks.tasks.send_due_webhooks", "schedule": PERIODIC_SECONDS},
}
NEWS_RETRY_SECONDS = int(os.environ.get("NEWS_RETRY_SECONDS", "60"))
NEWS_MAX_ATTEMPTS = int(os.environ.get("NEWS_MAX_ATTEMPTS", "5"))
# Deadlines never wait behind news: "deadlines" has a worker of its own (with beat); "news" (players' news, e-mails,
# pushes to other people's servers) and the default "celery" (SoL imports, ratings) share the other. By task name.
DEADLINES_QUEUE, NEWS_QUEUE = "deadlines", "news"
CELERY_TASK_ROUTES = {
    **{entry["task"]: {"queue": DEADLINES_QUEUE} for entry in DEADLINES_SCHEDULE.values()},
    # A Swiss stage's chances (players.chances): seconds of arithmetic, on the default queue, never before news.
    "players.tasks.estimate_chances": {"queue": "celery"},
    "players.tasks.*": {"queue": NEWS_QUEUE},
    "tournaments.tasks.*": {"queue": NEWS_QUEUE},  # e-mails (tournaments.mail)
    "webhooks.tasks.*": {"queue": NEWS_QUEUE},  # a tournament's webhook deliveries
    "printing.tasks.mail_personal_links": {"queue": NEWS_QUEUE},
}
# A worker process takes one task at a time: none waits reserved behind a long one while another process is free.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task is stopped after CELERY_TASK_SOFT_TIME_LIMIT seconds (it rolls back), its process killed a minute later; a
# SoL file or a whole history's ratings get half an hour. Periodic tasks and the news sweep take up where one stopped.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "300"))
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
LONG_TASK_LIMITS = {"soft_time_limit": 30 * 60, "time_limit": 31 * 60}
CELERY_TASK_ANNOTATIONS = {"sol.tasks.run_import": LONG_TASK_LIMITS, "ratings.tasks.recompute_rating": LONG_TASK_LIMITS}
# A worker process is replaced after a task that left it above this many KiB (160 MiB). One starts near 120 MiB and
# the bounds on hostile uploads keep what one task adds under 120 MiB, so no process reaches 300 MB.
CELERY_WORKER_MAX_MEMORY_PER_CHILD = int(os.environ.get("CELERY_WORKER_MAX_MEMORY_PER_CHILD", str(160 * 1024)))

# Mail: EMAIL_URL, the senders, and how a mail that could not leave is tried again (config/settings_mail.py).
from config.settings_mail import *  # noqa: E402, F403

# Players' links (players.links): the site's address for links made outside a request (e-mails, printed slips and
# score cards); a match's link stops working this many hours after its result was confirmed.
SITE_URL = os.environ.get("DJANGO_SITE_URL", "").rstrip("/")
PLAYER_MATCH_LINK_HOURS = int(os.environ.get("PLAYER_MATCH_LINK_HOURS", "12"))
# Self check-in (checkin.self_checkin): the player's button opens at the call, or this long before the planned time.
SELF_CHECKIN_OPENS_MINUTES = int(os.environ.get("SELF_CHECKIN_OPENS_MINUTES", "30"))
# Web Push to players who allow it on their personal page (tournaments.push): the VAPID key pair (the public key
# base64url; the private key base64url, or the path of its PEM file) and the contact the push services may write
# to. Without both keys the page does not offer it.
WEBPUSH_VAPID_PUBLIC_KEY = os.environ.get("WEBPUSH_VAPID_PUBLIC_KEY", "")
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_SUBJECT = os.environ.get("WEBPUSH_VAPID_SUBJECT", "mailto:secretary@example.org")
from config.settings_outbound import *  # noqa: E402, F403

# Requests to the link pages per client address (players.throttle, django-ratelimit): all of them (a whole hall may
# share one address, each open page refreshing itself every 15 s), and those naming no valid link (guessing).
# The cache counts; a cache that does not answer lets every request through (RATELIMIT_FAIL_OPEN).
PLAYER_LINK_RATE = os.environ.get("PLAYER_LINK_RATE", "600/m")
PLAYER_BAD_LINK_RATE = os.environ.get("PLAYER_BAD_LINK_RATE", "20/m")
RATELIMIT_FAIL_OPEN = True
# The public sign-up form (registration): sign-ups per client address and per e-mail address (django-ratelimit's
# rates, counted in the cache), and how long the e-mailed confirmation link works.
SIGN_UP_RATE_PER_CLIENT = os.environ.get("SIGN_UP_RATE_PER_CLIENT", "5/h")
SIGN_UP_RATE_PER_ADDRESS = os.environ.get("SIGN_UP_RATE_PER_ADDRESS", "5/d")
SIGN_UP_CONFIRM_HOURS = int(os.environ.get("SIGN_UP_CONFIRM_HOURS", "48"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["core.ratelimit.LoginLockBackend", "django.contrib.auth.backends.ModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Log-in locks (django-axes, core.ratelimit): every log-in path counts failures in the database (no cache, so a
# Redis outage blocks nobody). A user name is locked after 5 failures from anywhere, and a client after 5 failures
# whatever user names it tried (one password sprayed over many accounts); the lock passes 5 minutes after the
# last failure, and tries during a lock neither get in nor make it longer. A success does not wipe the count:
# otherwise a client with an account of its own could log in between sprays.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=5)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = False
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_LOCKOUT_CALLABLE = "core.ratelimit.refuse_login"
AXES_CLIENT_IP_CALLABLE = "core.ratelimit.client_address"
AXES_USERNAME_CALLABLE = "core.ratelimit.login_username"
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "password"]
# Behind a reverse proxy every request comes from the proxy: name the header in which it passes on the client's
# address (X-Forwarded-For) and how many proxies append to it, or one hall's typos lock out the whole hall.
TRUSTED_PROXY_HEADER = os.environ.get("DJANGO_TRUSTED_PROXY_HEADER", "").strip().upper().replace("-", "_")
if TRUSTED_PROXY_HEADER and not TRUSTED_PROXY_HEADER.startswith("HTTP_"):
    TRUSTED_PROXY_HEADER = f"HTTP_{TRUSTED_PROXY_HEADER}"
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXY_COUNT", "1"))
if TRUSTED_PROXY_COUNT < 1:
    raise ImproperlyConfigured("DJANGO_TRUSTED_PROXY_COUNT counts the proxies in front of the site: 1 or more.")

# Scripts, styles and everything else from this site only: no inline script, no CDN (core templates, the admin and
# the Swagger page at /api/docs/ all load their own files). Swagger UI draws its icons from data: URIs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# The debug page and error reports hide settings whose names hold service addresses with passwords in them.
DEFAULT_EXCEPTION_REPORTER_FILTER = "core.debug_filter.HiddenSettingsFilter"

# The language: the visitor's own choice (the switcher on every page: a cookie, and a signed-in user's profile),
# else the tournament's language on its pages, else the browser's Accept-Language (tournaments.middleware).
LANGUAGES = [
    ("en", gettext_lazy("English")),
    ("fr", gettext_lazy("French")),
    ("it", gettext_lazy("Italian")),
    ("de", gettext_lazy("German")),
    ("hi", gettext_lazy("Hindi")),
]
# The site's own default (when no browser says), and the language of management commands' output.
LANGUAGE_CODE = os.environ.get("DJANGO_LANGUAGE_CODE", "en")
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(f"DJANGO_LANGUAGE_CODE must be one of {', '.join(dict(LANGUAGES))}.")
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Devanagari for Hindi pages on a device without such a font (static/css/site.css loads it only then).
STATICFILES_DIRS = [BASE_DIR / "static", ("fonts", Path(fontpkg_noto_sans_devanagari.ROOT, "files"))]
# Uploads, their bounds and where files live: config/settings_files.py.
from config.settings_files import *  # noqa: E402, F403

STORAGES = {
    "default": media_storage(),  # noqa: F405 (a folder, or an S3-compatible store several servers share)
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}


REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Carrom tournament management API",
    "DESCRIPTION": "Tournaments, entries, draws, matches, score cards and protests; stateless rules and draw engines.",
    "VERSION": "1.0.0",
    # Swagger UI from drf-spectacular-sidecar's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Enums named by their model, not by the first serializer that happens to show them: without these, a second
    # component with the same field name renames an enum (MatchStatusEnum becomes Status1b1Enum, with a warning).
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "EventKindEnum": "tournaments.models.Event.Kind",
        "StageKindEnum": "stages.models.Stage.Kind",
        "StageStatusEnum": "stages.models.Stage.Status",
        "RoundStatusEnum": "stages.models.Round.Status",
        "MatchStatusEnum": "stages.models.Match.Status",
        "ProtestStatusEnum": "protests.models.Protest.Status",
        "FeeStatusEnum": "protests.models.Protest.Fee",
        "RoleEnum": "protests.models.Protest.Role",  # the name it had alone, before the officials' role came
        "OfficialRoleEnum": "tournaments.officials.ROLES",
        "InvitationStatusEnum": "tournaments.models.Invitation.Status",
        "SexEnum": "tournaments.people_models.Player.Sex",
        "EligibilitySexEnum": "tournaments.eligibility_models.EventEligibility.Sex",
        "EntryFeeStatusEnum": "federations.models.FeePayment.Status",
        "PaymentMethodEnum": "federations.models.FeePayment.Method",
        "SignUpStatusEnum": "registration.models.SignUp.Status",
    },
}

# Production hardening: on whenever DEBUG is off (`manage.py check --deploy` stays clean).
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Error reports to Sentry (SENTRY_DSN) and the health endpoints: config/settings_health.py.
from config.settings_health import *  # noqa: E402, F403

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    # Django's own logger prints to the console already; let it reach the root handler only once.
    # A failing health check is the monitor's answer (503, naming it): not a traceback in the log at every poll.
    "loggers": {"django": {"handlers": [], "propagate": True}, "health_check": {"level": "ERROR"}},
}
