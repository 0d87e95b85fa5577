#!/usr/bin/env bash
# Bring the translation catalogs (locale/<language>/LC_MESSAGES/django.po) up to date with the
# code and templates, then compile them. Extracting needs GNU gettext (apt-get install gettext);
# compiling and running do not (config/translations.py uses polib).
# A new language: add it to LANGUAGES in config/settings.py and run this script; translate
# its django.po; `.venv/bin/python -m config.translations check` says what is left.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
.venv/bin/python -m config.translations extract
.venv/bin/python -m config.translations compile
.venv/bin/python -m config.translations check || true
