"""The ground floor every app may use; it imports no app of ours.

- `errors.py`: what services raise when a user's request cannot be done (a field and a message), and
  `http_errors.py`: Django's error answers (JSON under /api/, pages elsewhere) and their OpenAPI components.
- `api.py`: the service API view (permission refusals, validated input, service errors as 400/403).
- `page_cache.py`: anonymous visitors' public pages, kept until what they show changes; `live.py`: page parts that
  refresh themselves.
- `cache.py`: the Redis cache that answers as an empty cache while Redis is down (and logs it once).
- `ratelimit.py`, `pagination.py`, `auth_token.py`: the log-in lock (django-axes), bounded API pages, the token view.
- `middleware.py`, `numbers.py`: requests over UPLOAD_MAX_BYTES or with NUL bytes refused before they are read;
  numbers from query strings, forms and files parsed in one way.
- `jinja.py`: the Jinja2 engine beside Django's, for the few lists long enough that Django's engine was their
  page's cost (`{% jinja %}` includes a fragment from an app's `jinja2/` folder), and match URLs built once per list.
- `debug_filter.py`: the debug page hides every setting that may hold a password (URLs, brokers, caches).
- `moves.py`: helpers for migrations that move a model between apps.
- `run_deadlines`: the periodic deadline tasks (settings.CELERY_BEAT_SCHEDULE) run without a Celery worker.
- `heartbeat.py`, `health.py`: beat and the workers stamp their runs of the periodic tasks; /health/ reads them
  beside the database, cache and broker, /health/live/ only answers. `checks.py`: start-up checks of settings.
- `models.py`: the stamps (Heartbeat), the ground floor's only table."""
