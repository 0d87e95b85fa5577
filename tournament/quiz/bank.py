"""Reading an organiser's question bank (CSV or JSON) with every mistake named by its row.

CSV: a header row ``question,choices,answer``; the choices in one cell separated by ``|``; the
answer is the text of the right choice. A semicolon-separated file (a spreadsheet's export in
many locales) is read too. JSON: a list of ``{"question", "choices": [...], "answer"}``.
Rows are counted as a spreadsheet shows them (the header is row 1); JSON items from 1.
Nothing is stored unless every row is right: :func:`parse` returns the questions or raises
:class:`BankInvalid` with all the errors at once.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from django.utils.translation import gettext as _

from kernel import bounded_json

CSV, JSON = "csv", "json"
FORMATS = (CSV, JSON)
COLUMNS = ("question", "choices", "answer")
CHOICE_SEPARATOR = "|"
MIN_CHOICES, MAX_CHOICES = 2, 8
MAX_QUESTIONS = 1000
MAX_TEXT = 500
MAX_BYTES = 512 * 1024


@dataclass(frozen=True)
class RowError:
    row: int | None  # None: the file as a whole
    message: str

    def as_dict(self) -> dict:
        return {"row": self.row, "message": self.message}


class BankInvalid(Exception):
    def __init__(self, errors: list[RowError]):
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


def format_of(filename: str, declared: str | None = None) -> str | None:
    """The declared format, else the file's extension."""
    if declared:
        return declared.lower() if declared.lower() in FORMATS else None
    ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    return ext if ext in FORMATS else None


def parse(data: bytes | str, fmt: str) -> list[dict]:
    """``[{"question", "choices", "answer": index}]`` or :class:`BankInvalid`."""
    if fmt not in FORMATS:
        raise BankInvalid([RowError(None, _("Upload a .csv or a .json file."))])
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise BankInvalid([RowError(None, _("The file is larger than %(kb)d KB.") % {"kb": MAX_BYTES // 1024})])
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BankInvalid([RowError(None, _("The file is not UTF-8 text: save it as “CSV UTF-8” or JSON."))]) \
                from None
    items, errors = (_csv_items if fmt == CSV else _json_items)(data)
    questions: list[dict] = []
    seen: dict[str, int] = {}
    for row, item in items:
        question = _question(row, item, errors)
        if question is None:
            continue
        key = question["question"].casefold()
        if key in seen:
            errors.append(RowError(row, _("The same question as row %(row)d.") % {"row": seen[key]}))
            continue
        seen[key] = row
        questions.append(question)
    if not errors and not questions:
        errors.append(RowError(None, _("The file has no questions.")))
    if len(questions) > MAX_QUESTIONS:
        errors.append(RowError(None, _("At most %(n)d questions in a bank.") % {"n": MAX_QUESTIONS}))
    if errors:
        raise BankInvalid(sorted(errors, key=lambda e: e.row or 0))
    return questions


def _csv_items(text: str) -> tuple[list[tuple[int, dict]], list[RowError]]:
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        return [], [RowError(None, _("The file is empty."))]
    header = [cell.strip().lower() for cell in rows[0]]
    if header != list(COLUMNS):
        return [], [RowError(1, _("The first row must be the column names: question, choices, answer "
                                  "(found: %(found)s).") % {"found": ", ".join(rows[0]) or _("nothing")})]
    items, errors = [], []
    for number, cells in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # blank lines in a spreadsheet export
        if len(cells) != len(COLUMNS):
            errors.append(RowError(number, _(
                "%(found)d cells, expected 3 (question, choices, answer); a comma inside a text needs the "
                "text in double quotes.") % {"found": len(cells)}))
            continue
        question, choices, answer = cells
        items.append((number, {"question": question, "answer": answer,
                               "choices": [c for c in choices.split(CHOICE_SEPARATOR)] if choices.strip() else []}))
    return items, errors


def _json_items(text: str) -> tuple[list[tuple[int, dict]], list[RowError]]:
    try:
        data = json.loads(text)
        bounded_json.check(data)
    except json.JSONDecodeError as exc:
        return [], [RowError(None, _("The file is not valid JSON (line %(line)d, column %(col)d: %(msg)s).")
                             % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg})]
    except RecursionError:
        return [], [RowError(None, bounded_json.too_deep().message)]
    except bounded_json.RefusedJson as exc:
        return [], [RowError(None, exc.message)]
    if isinstance(data, dict) and isinstance(data.get("questions"), list):
        data = data["questions"]
    if not isinstance(data, list):
        return [], [RowError(None, _("The JSON must be a list of questions."))]
    items, errors = [], []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            errors.append(RowError(number, _("Each question must be an object with question, choices and answer.")))
            continue
        unknown = sorted(set(item) - set(COLUMNS))
        if unknown:
            errors.append(RowError(number, _("Unknown field(s): %(fields)s.") % {"fields": ", ".join(unknown)}))
            continue
        choices = item.get("choices")
        if choices is not None and not (isinstance(choices, list) and all(isinstance(c, str) for c in choices)):
            errors.append(RowError(number, _("The choices must be a list of texts.")))
            continue
        if not all(isinstance(item.get(k, ""), str) for k in ("question", "answer")):
            errors.append(RowError(number, _("The question and the answer must be texts.")))
            continue
        items.append((number, {"question": item.get("question", ""), "choices": choices or [],
                               "answer": item.get("answer", "")}))
    return items, errors


def _question(row: int, item: dict, errors: list[RowError]) -> dict | None:
    """One checked question, or None with its errors added (all of this row's mistakes at once)."""
    before = len(errors)
    text = item["question"].strip()
    choices = [c.strip() for c in item["choices"]]
    answer = item["answer"].strip()
    if not text:
        errors.append(RowError(row, _("The question is empty.")))
    elif len(text) > MAX_TEXT:
        errors.append(RowError(row, _("The question is longer than %(n)d characters.") % {"n": MAX_TEXT}))
    if any(not c for c in choices):
        errors.append(RowError(row, _("A choice is empty (two “|” in a row, or one at the start or end).")))
    choices = [c for c in choices if c]
    if len(choices) < MIN_CHOICES:
        errors.append(RowError(row, _("Give at least %(min)d choices (found %(found)d).")
                               % {"min": MIN_CHOICES, "found": len(choices)}))
    elif len(choices) > MAX_CHOICES:
        errors.append(RowError(row, _("Give at most %(max)d choices (found %(found)d).")
                               % {"max": MAX_CHOICES, "found": len(choices)}))
    if any(len(c) > MAX_TEXT for c in choices):
        errors.append(RowError(row, _("A choice is longer than %(n)d characters.") % {"n": MAX_TEXT}))
    folded = [c.casefold() for c in choices]
    twice = sorted({c for c in choices if folded.count(c.casefold()) > 1})
    if twice:
        errors.append(RowError(row, _("The choice “%(choice)s” is given twice.") % {"choice": twice[0]}))
    if not answer:
        errors.append(RowError(row, _("The answer is empty: write the text of the right choice.")))
    elif choices and answer.casefold() not in folded:
        errors.append(RowError(row, _("The answer “%(answer)s” is not one of the choices (%(choices)s).")
                               % {"answer": answer, "choices": ", ".join(choices)}))
    if len(errors) > before:
        return None
    return {"question": text, "choices": choices, "answer": folded.index(answer.casefold())}


def to_csv(questions: list[dict]) -> str:
    """A bank as the CSV :func:`parse` reads (the answer as its choice's text): what the page's
    editor shows, so saving it unchanged gives the same bank."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for q in questions:
        writer.writerow([q["question"], CHOICE_SEPARATOR.join(q["choices"]), q["choices"][q["answer"]]])
    return out.getvalue()
