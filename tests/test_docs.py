"""Every rules citation in the code points into the repository's own copy of the rules
(docs/rules/): the cited file exists, each section number cited right after it (``§5.1``,
``§3.2–§3.6``) is a numbered heading of that file, and each quoted section name
(``docs/rules/service.md "Ratings"``) begins one of its headings or bold terms
(``- **Visibility**: ...``).
"""
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
SPEC_FILES = ("service.md", "duel-in-the-dark.md", "303.md", "nightfighter-solo.md")
SECTION = r"§\d+(?:\.\d+)*"
# A citation: the file, then optionally a run of section numbers (lists and ranges) or a quoted name.
CITATION = re.compile(r"docs/rules/(?P<file>[\w.-]+\.md)(?P<sections>(?:[,;]?\s*" + SECTION
                      + r"(?:\s*[–-]\s*§?\d+(?:\.\d+)*)?)*)(?:,?\s*\"(?P<name>[^\"\n]+)\")?")
SOURCES = (".py", ".html", ".js", ".css", ".sh", ".md")
SKIPPED = {"docs", "locale", "artifacts", "staticfiles", "node_modules", "__pycache__"}
NUMBER = re.compile(r"§?(\d+(?:\.\d+)*)")


def source_lines():
    """``(file, line number, line)`` of every source file in the repository (the rules' own copies,
    the translations and this file, which names the rules' files, aside)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED and not d.startswith("."))
        for file in sorted(files):
            path = Path(folder) / file
            name = path.relative_to(ROOT).as_posix()
            if name != "tests/test_docs.py" and path.suffix in SOURCES:
                found.extend((name, number, line)
                             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1))
    return found


@lru_cache(maxsize=None)
def headings(spec: str) -> list[str]:
    return [line.lstrip("#").strip() for line in (RULES / spec).read_text(encoding="utf-8").splitlines()
            if line.startswith("#")]


@lru_cache(maxsize=None)
def bold_terms(spec: str) -> list[str]:
    return re.findall(r"\*\*([^*]+)\*\*", (RULES / spec).read_text(encoding="utf-8"))


def heading_numbered(spec: str, number: str) -> bool:
    """``4.3`` heads ``### 4.3 German turn``; ``7`` heads ``## 7. Advanced rules``."""
    return any(re.match(re.escape(number) + r"\.?(\s|$)", h) for h in headings(spec))


def heading_named(spec: str, name: str) -> bool:
    return any(h.lower().startswith(name.lower().rstrip(".")) for h in headings(spec) + bold_terms(spec))


LINES = source_lines()
CITATIONS = [(name, number, match) for name, number, line in LINES for match in CITATION.finditer(line)]


def test_the_rules_are_in_the_repository():
    assert sorted(p.name for p in RULES.glob("*.md")) == sorted(SPEC_FILES)


def test_the_code_cites_the_rules_by_their_repository_path():
    assert len(CITATIONS) > 150, "the docstrings cite the rules as docs/rules/<file>.md"
    bare = re.compile(r"(?<![\w/.-])(?:" + "|".join(re.escape(f) for f in SPEC_FILES) + r")\b")
    assert [f"{name}:{number}" for name, number, line in LINES if bare.search(line)] == []


@pytest.mark.parametrize("spec", SPEC_FILES)
def test_every_cited_section_is_a_heading_of_the_cited_file(spec):
    missing = []
    for name, number, match in CITATIONS:
        if match["file"] != spec:
            continue
        for section in NUMBER.findall(match["sections"]):
            if not heading_numbered(spec, section):
                missing.append(f"{name}:{number}: §{section}")
        if match["name"] and not heading_named(spec, match["name"]):
            missing.append(f"{name}:{number}: \"{match['name']}\"")
    assert missing == [], f"cited but not a heading of docs/rules/{spec}"


def test_every_cited_file_exists():
    missing = sorted({f"{name}:{number}: {match['file']}" for name, number, match in CITATIONS
                      if not (RULES / match["file"]).is_file()})
    assert missing == []
