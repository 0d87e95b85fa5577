#!/usr/bin/env bash
# Bring the translation catalogs (locale/<language>/LC_MESSAGES/django.po) up to date with the
# code and templates, then compile them. Extracting needs GNU gettext (apt-get install gettext);
# compiling and running do not (config/translations.py uses polib).
# A new language: add it to LANGUAGES in config/settings.py and run this script; translate
# its django.po; `.venv/bin/python -m config.translations check` says what is left.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
languages=$(.venv/bin/python -c "
import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings'); django.setup()
from django.conf import settings
print(' '.join('-l ' + code for code, _ in settings.LANGUAGES if not code.startswith('en')))")
# shellcheck disable=SC2086
.venv/bin/python manage.py makemessages $languages --keep-pot --add-location=file --no-obsolete \
  --ignore=.venv --ignore=tests --ignore=bench --ignore=artifacts --ignore=staticfiles --ignore=scripts
.venv/bin/python -m config.translations compile
.venv/bin/python -m config.translations check || true
