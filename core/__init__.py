"""The ground floor every app may use; it imports no app of ours.

- `errors.py`: what services raise when a user's request cannot be done (a field and a message), and
  `http_errors.py`: Django's error answers (JSON under /api/, pages elsewhere) and their OpenAPI components.
- `api.py`: the service API view (permission refusals, validated input, service errors as 400/403).
- `page_cache.py`: anonymous visitors' public pages, kept until what they show changes; `live.py`: page parts that
  refresh themselves.
- `ratelimit.py`, `pagination.py`, `auth_token.py`: login and token limits, bounded API pages, the token view.
- `moves.py`: helpers for migrations that move a model between apps.
- `run_deadlines`: the periodic deadline tasks (settings.CELERY_BEAT_SCHEDULE) run without a Celery worker."""
