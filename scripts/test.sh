#!/usr/bin/env bash
# Run the whole test suite. It uses PostgreSQL and Redis on localhost when they answer
# (DATABASE_URL / REDIS_URL override); tests that need them are skipped otherwise.
# Browser tests drive /usr/bin/chromium when it is installed. With arguments, one pytest gets
# them; without, the whole suite runs in two parts (below).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
if [ -z "${DATABASE_URL:-}" ] && pg_isready -q -h localhost -p 5432 2>/dev/null; then
  export DATABASE_URL=postgresql://postgres@localhost:5432/test
fi
if [ -z "${REDIS_URL:-}" ] && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  export REDIS_URL=redis://localhost:6379/0
fi
# With DATABASE_URL, DEBUG is off as in production: the servers the tests start need a key of
# their own and speak plain HTTP (config/settings.py).
export SECRET_KEY="${SECRET_KEY:-nightduel-test-suite-key-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}"
export HTTPS="${HTTPS:-0}"
echo "tests on ${DATABASE_URL:-SQLite (embedded)}, broker ${REDIS_URL:-none (eager tasks)}"
.venv/bin/python manage.py makemigrations --check --dry-run >/dev/null \
  || { echo "models and migrations differ: run manage.py makemigrations"; exit 1; }
if [ "$#" -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
# The whole suite: first the tests that stop or load a shared server, alone; then the rest on a
# worker per core (at most six; tests/parallel.py keeps them apart). Tests go to the workers one
# by one: schemathesis gives all its cases one node id, and a file-wise split would run it once.
status=0
.venv/bin/python -m pytest -m exclusive || status=$?
.venv/bin/python -m pytest -m "not exclusive" -n auto --maxprocesses 6 --dist load || status=$?
exit "$status"
