"""The service in its players' languages (issue 17): every catalog complete, compiled, and
current with the code; an incomplete catalog is caught.

``locale/django.pot`` is the list of every message the code and templates show (extracted by
``scripts/translations.sh``); each language's ``django.po`` must translate each of them, none
fuzzy, with the placeholders of its source (config/translations.py).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from config import translations

LANGUAGES = [code for code, _name in settings.LANGUAGES if not code.startswith("en")]
TEMPLATE = translations.LOCALE / "django.pot"


def catalog(code: str) -> Path:
    return translations.LOCALE / code / "LC_MESSAGES" / "django.po"


def source_ids() -> set:
    return {(e.msgctxt, e.msgid) for e in polib.pofile(str(TEMPLATE))}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_not_fuzzy_with_its_placeholders(code):
    assert catalog(code).exists(), f"no catalog for {code}: run scripts/translations.sh"
    assert translations.problems(catalog(code)) == []
    translated = {(e.msgctxt, e.msgid) for e in polib.pofile(str(catalog(code))) if not e.obsolete}
    assert source_ids() - translated == set(), "messages of the code missing from the catalog"


def test_the_compiled_catalogs_say_what_the_catalogs_say():
    assert translations.stale_compiled() == []


def test_the_check_catches_a_removed_a_blanked_a_fuzzy_and_a_broken_message(tmp_path):
    po = polib.pofile(str(catalog("pl")))
    with_placeholder = next(e for e in po if "%(" in e.msgid and not e.msgid_plural)
    plain = next(e for e in po if "%" not in e.msgid and not e.msgid_plural and e is not with_placeholder)
    removed = next(e for e in po if e not in (with_placeholder, plain))
    with_placeholder.msgstr = with_placeholder.msgstr.replace("%(", "%(x")
    plain.msgstr = ""
    po.remove(removed)
    fuzzy = next(e for e in po if e.msgstr and e not in (with_placeholder, plain))
    fuzzy.flags.append("fuzzy")
    broken = tmp_path / "django.po"
    po.save(str(broken))
    found = translations.problems(broken)
    assert any("placeholders" in line and with_placeholder.msgid[:60] in line for line in found)
    assert any("not translated" in line and plain.msgid[:60] in line for line in found)
    assert any("fuzzy" in line and fuzzy.msgid[:60] in line for line in found)
    left = {(e.msgctxt, e.msgid) for e in polib.pofile(str(broken))}
    assert source_ids() - left == {(removed.msgctxt, removed.msgid)}


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="extracting messages needs GNU gettext's xgettext, an outside program (apt-get install gettext)")
def test_the_message_list_is_current_with_the_code_and_templates(tmp_path):
    """Extract again, in a copy of the sources: the messages found must be the committed list."""
    root = translations.LOCALE.parent
    copy = tmp_path / "src"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".git", ".venv", "artifacts", "staticfiles", "locale",
                                                               "*.sqlite3", "__pycache__"))
    subprocess.run([sys.executable, "-m", "config.translations", "extract", "xx"], cwd=copy, check=True,
                   env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"})
    fresh = {(e.msgctxt, e.msgid) for e in polib.pofile(str(copy / "locale" / "django.pot"))}
    assert fresh - source_ids() == set(), "new messages: run scripts/translations.sh and translate them"
    assert source_ids() - fresh == set(), "messages no longer used: run scripts/translations.sh"
