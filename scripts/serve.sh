#!/usr/bin/env bash
# Install, migrate, load demo data and serve on http://127.0.0.1:8000/ .
# With no environment this is the embedded default: SQLite, Celery tasks run inline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py collectstatic --noinput -v0
.venv/bin/python manage.py load_demo
echo "Nightduel on http://127.0.0.1:${PORT:-8000}/  (API docs: /api/docs/; users: admin, organiser, referee, alice, bob, carol, dave — password = username)"
exec .venv/bin/python manage.py runserver "127.0.0.1:${PORT:-8000}"
