#!/usr/bin/env bash
# The one way every process of the service starts, on a server (deploy/systemd/*.service), in a container
# (deploy/Dockerfile, deploy/compose.yaml) and in the tests that start the service on several "machines"
# (tests/test_several_machines.py):
#
#   deploy/entrypoint.sh migrate            database migrations, then the static files collected
#   deploy/entrypoint.sh web                gunicorn (config/gunicorn.conf.py) on $BIND (127.0.0.1:8000)
#   deploy/entrypoint.sh worker-deadlines   Celery worker for the deadlines' queue (forfeits, bells, protests)
#   deploy/entrypoint.sh worker-news        Celery worker for players' news, mail and files (queues news, celery)
#   deploy/entrypoint.sh beat               Celery beat: the periodic tasks, one process for the whole service
#   deploy/entrypoint.sh manage ARGS…       any manage.py command (createsuperuser, backup, load_demo, …)
#
# Settings come from the environment (deploy/carrom.env.example names them all). WORKER_QUEUES, WORKER_NAME and
# WORKER_CONCURRENCY override a worker's queues, name and processes; CELERY_BEAT_SCHEDULE_FILE is beat's state.
set -euo pipefail

app="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$app"
# A checkout's virtualenv when there is one (make install); else the Python on PATH (the container's).
if [ -x "${CARROM_VENV:-$app/.venv}/bin/python" ]; then
  bin="${CARROM_VENV:-$app/.venv}/bin/"
else
  bin=""
fi

role="${1:-}"
[ $# -gt 0 ] && shift
case "$role" in
  migrate)
    "${bin}python" manage.py migrate --noinput
    exec "${bin}python" manage.py collectstatic --noinput --verbosity 0
    ;;
  web)
    exec "${bin}gunicorn" -c config/gunicorn.conf.py --bind "${BIND:-127.0.0.1:8000}" "$@"
    ;;
  worker-deadlines)
    exec "${bin}celery" -A config worker --loglevel="${CELERY_LOG_LEVEL:-info}" \
      -n "${WORKER_NAME:-deadlines@%h}" -Q "${WORKER_QUEUES:-deadlines}" -c "${WORKER_CONCURRENCY:-1}" "$@"
    ;;
  worker-news)
    exec "${bin}celery" -A config worker --loglevel="${CELERY_LOG_LEVEL:-info}" \
      -n "${WORKER_NAME:-news@%h}" -Q "${WORKER_QUEUES:-news,celery}" -c "${WORKER_CONCURRENCY:-2}" "$@"
    ;;
  beat)
    exec "${bin}celery" -A config beat --loglevel="${CELERY_LOG_LEVEL:-info}" \
      --schedule "${CELERY_BEAT_SCHEDULE_FILE:-/var/lib/carrom/celerybeat-schedule}" "$@"
    ;;
  manage)
    exec "${bin}python" manage.py "$@"
    ;;
  *)
    echo "usage: $0 migrate|web|worker-deadlines|worker-news|beat|manage ARGS…" >&2
    exit 2
    ;;
esac
