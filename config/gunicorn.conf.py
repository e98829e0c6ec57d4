"""gunicorn's settings for the site: `gunicorn -c config/gunicorn.conf.py` (README, "Deployment"); options given on
the command line (`--workers`, `--threads`, `--bind`) win over these.

Threaded workers: a request waiting on the database, or on a phone's slow connection, holds a thread rather than a
whole process. The threads of a process share its database connections: with DATABASE_POOL_SIZE set, at most that
many per process, and a request that waits longer than DATABASE_POOL_TIMEOUT for one is answered 503
(core.http_errors). Without the pool every thread keeps a connection of its own DATABASE_CONN_MAX_AGE seconds after
its last request, even while it has nothing to do: `on_starting` says so.
"""

import os

wsgi_app = "config.wsgi:application"
bind = "127.0.0.1:8000"  # behind the reverse proxy that serves HTTPS
# Threads, not sync workers: in a live round (benchmarks/live_round.py, benchmarks/README.md) two sync workers sat at
# a third of a core while nearly every phone's poll timed out, each worker held by the one request it waited on;
# threads keep the other requests answered meanwhile. gevent workers did worse still: Django's database calls block
# a process's whole event loop. So did an asyncio server (uvicorn's worker, Django's ASGI application, config/asgi.py):
# our views and middleware are synchronous, and Django runs them all in one thread per process, so a page being
# rendered holds up every other request of its process as a sync worker's would, and the hand-offs between the
# event loop and that thread cost more CPU per request (43 against 31 ms, benchmarks/README.md, "A live round").
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))  # gunicorn's own variable for it
threads = 8
# Past this a request is killed (its worker restarted): the uploads' own bounds keep every request far below it.
timeout = 30


def on_starting(server):
    pooled = int(os.environ.get("DATABASE_POOL_SIZE", "0")) > 0
    kept_seconds = int(os.environ.get("DATABASE_CONN_MAX_AGE", "60"))
    if server.cfg.threads > 1 and not pooled and kept_seconds > 0 and os.environ.get("DATABASE_URL"):
        server.log.warning(
            "%s threads per worker without DATABASE_POOL_SIZE: each thread keeps its own database connection "
            "%s s after its last request (DATABASE_CONN_MAX_AGE). Set DATABASE_POOL_SIZE, or "
            "DATABASE_CONN_MAX_AGE=0 (README, Deployment).",
            server.cfg.threads,
            kept_seconds,
        )


def post_worker_init(worker):
    from core.memory import freeze_loaded

    freeze_loaded()  # after the site is loaded: full collections walk only what requests made since
