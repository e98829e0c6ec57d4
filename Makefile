# Two commands on a fresh clone: `make run` (demo system at http://127.0.0.1:8000; `make run PORT=8001` elsewhere) and
# `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
REDIS_PROBE_URL ?= redis://127.0.0.1:6379/0
TEST_WORKERS ?= auto
# Where `make run` serves, and where its beat keeps the periodic tasks' last runs (beside the checkout, so two
# checkouts on one machine do not share it).
PORT ?= 8000
HOST ?= 127.0.0.1
BEAT_SCHEDULE ?= $(CURDIR)/.celerybeat-schedule

.PHONY: run test install lint benchmark messages clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r requirements.txt
	touch $@

install: $(VENV)/.installed

# Serve the demo. Local development settings (DJANGO_DEBUG=1) unless the environment says otherwise; when Redis
# answers (REDIS_URL, or Redis on localhost) two Celery workers run beside the web server: one for the deadlines'
# queue, with beat, and one for news (and the default queue), so deadlines never wait behind news. Otherwise tasks
# run eagerly and `run_deadlines --loop` applies the same periodic tasks.
run: install
	@export DJANGO_DEBUG=$${DJANGO_DEBUG:-1}; \
	if [ -z "$$REDIS_URL" ] && $(PY) -c "import redis,sys; redis.Redis.from_url('$(REDIS_PROBE_URL)', socket_connect_timeout=1).ping()" 2>/dev/null; then \
		export REDIS_URL=$(REDIS_PROBE_URL); fi; \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py load_demo && \
	if [ -n "$$REDIS_URL" ]; then \
		echo "Redis at $$REDIS_URL (broker and page cache; REDIS_URL=redis://host:6379/N picks another database): starting two Celery workers: deadlines (with beat, schedule in $(BEAT_SCHEDULE)) and news"; \
		$(VENV)/bin/celery -A config worker -n deadlines@%h -Q deadlines -c 1 --beat --loglevel=info \
			--schedule=$(BEAT_SCHEDULE) & \
		deadlines=$$!; \
		$(VENV)/bin/celery -A config worker -n news@%h -Q news,celery -c 2 --loglevel=info & \
		worker="$$deadlines $$!"; trap "kill $$worker 2>/dev/null" EXIT INT TERM; \
	else echo "No Redis: tasks run eagerly; deadlines (forfeits, bells, protests) and news still to send: every 30 s by run_deadlines"; \
		$(PY) manage.py run_deadlines --loop 30 > /tmp/carrom-run-deadlines.log 2>&1 & \
		worker=$$!; trap "kill $$worker 2>/dev/null" EXIT INT TERM; fi; \
	$(PY) manage.py runserver $(HOST):$(PORT)

# The suite runs on pytest-xdist workers, one per core (at most 8: each has its own test database and, with Redis,
# its own cache database); `make test TEST_WORKERS=0` runs it in one process.
test: install
	$(VENV)/bin/pytest -q -n $(TEST_WORKERS) --maxprocesses 8

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

benchmark: install
	$(PY) -m benchmarks.scale

# Gather the strings marked for translation into locale/<language>/ and compile them (needs gettext's msgfmt).
messages: install
	DJANGO_DEBUG=1 $(PY) manage.py update_messages

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles .pytest_cache .ruff_cache .hypothesis
