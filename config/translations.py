"""The translation catalogs in ``locale/`` (issue 17): compiled and checked with polib, so
running the service or its tests needs no system gettext (only extracting new messages does).

* :func:`problems` — what keeps a catalog from being complete: a message left untranslated or
  fuzzy, or a translation whose placeholders differ from its source (``%(name)s``, ``%s``,
  ``{name}``), which would break or garble the text at run time;
* :func:`compile_catalogs` — every ``.po`` to its ``.mo`` (run after editing translations);
* :func:`stale_compiled` — ``.mo`` files that do not say what their ``.po`` says.

* :func:`extract` — the messages of the code and templates into ``locale/django.pot`` and each
  language's ``django.po`` (Django's makemessages: needs GNU gettext's xgettext and msgmerge).

``python -m config.translations check|compile|extract [language ...]`` does the same from the shell.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"
# Folders whose text no person reads on the site (the API schema's help texts stay English too).
NOT_EXTRACTED = [".venv", "tests", "bench", "artifacts", "staticfiles", "scripts", "locale"]
PLACEHOLDER = re.compile(r"%\([a-zA-Z_][a-zA-Z0-9_]*\)[sdifr]|%[sdif]|\{[a-zA-Z_][a-zA-Z0-9_]*\}")


def catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text.replace("%%", "")))


def problems(path: Path) -> list[str]:
    """Every reason the catalog is not complete, one line each (empty: complete)."""
    found = []
    for entry in polib.pofile(str(path)):
        if entry.obsolete:
            continue
        where = f"{path.parent.parent.name}: {entry.msgid[:60]!r}"
        if entry.fuzzy:
            found.append(f"{where} is fuzzy")
        sources = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not all(t.strip() for t in translations):
            found.append(f"{where} is not translated")
            continue
        wanted = placeholders(sources[-1])
        for text in translations:
            if placeholders(text) != wanted and placeholders(text) != placeholders(sources[0]):
                found.append(f"{where}: placeholders {placeholders(text)} instead of {wanted}")
    return found


def compile_catalogs() -> list[Path]:
    written = []
    for path in catalogs():
        target = path.with_suffix(".mo")
        polib.pofile(str(path)).save_as_mofile(str(target))
        written.append(target)
    return written


def translations_of(po_or_mo) -> dict:
    return {(e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
            for e in po_or_mo if not e.obsolete and not getattr(e, "fuzzy", False)
            and (e.msgstr or any(e.msgstr_plural.values()))}


def stale_compiled() -> list[Path]:
    stale = []
    for path in catalogs():
        compiled = path.with_suffix(".mo")
        if not compiled.exists() or translations_of(polib.mofile(str(compiled))) != \
                translations_of(polib.pofile(str(path))):
            stale.append(compiled)
    return stale


def extract(languages: list[str]) -> None:
    import django
    from django.core.management import call_command

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    call_command("makemessages", locale=languages, keep_pot=True, add_location="file", no_obsolete=True,
                 ignore_patterns=NOT_EXTRACTED, verbosity=0)


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        from django.conf import settings

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        extract(argv[2:] or [code for code, _name in settings.LANGUAGES if not code.startswith("en")])
        return 0
    if command == "compile":
        for target in compile_catalogs():
            print(f"compiled {target.relative_to(LOCALE.parent)}")
        return 0
    failures = [line for path in catalogs() for line in problems(path)]
    failures += [f"{path.relative_to(LOCALE.parent)} is older than its .po: compile it" for path in stale_compiled()]
    print("\n".join(failures) or f"{len(catalogs())} catalogs complete")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
