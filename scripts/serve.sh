#!/usr/bin/env bash
# Install, migrate, load demo data and serve on http://127.0.0.1:8000/ (LAN=1: on the local network).
# With no environment this is the embedded default: SQLite, Celery tasks run inline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py collectstatic --noinput -v0
.venv/bin/python manage.py load_demo
PORT="${PORT:-8000}"
HOST=127.0.0.1
ADDRESS="http://127.0.0.1:$PORT"
# LAN=1: the club day (README, "Club day"): listen on every interface so the phones on the hall's
# Wi-Fi reach the laptop; the slips' QR codes and links carry its LAN address (or SITE_URL, if set).
if [ "${LAN:-0}" = "1" ]; then
  if ! LAN_ADDRESS="$(.venv/bin/python scripts/lan_address.py)"; then
    echo "LAN=1: no local network address found. Join the hall's Wi-Fi, or set SITE_URL=http://<this laptop's address>:$PORT" >&2
    exit 1
  fi
  HOST=0.0.0.0
  ADDRESS="${SITE_URL:-http://$LAN_ADDRESS:$PORT}"
  export SITE_URL="$ADDRESS"
  export ALLOWED_HOSTS="${ALLOWED_HOSTS:-localhost,127.0.0.1,[::1]},$LAN_ADDRESS"
fi
echo "Nightduel on $ADDRESS/  (API docs: /api/docs/; users: admin, organiser, referee, alice, bob, carol, dave — password = username)"
exec .venv/bin/python manage.py runserver "$HOST:$PORT"
