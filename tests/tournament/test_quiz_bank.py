"""The question bank is read with every mistake named by its row, and nothing is stored on an
error (issue 14, the knowledge test)."""
import json

import pytest

from tournament.quiz import bank

GOOD_CSV = (
    "question,choices,answer\n"
    "Which squadron flew Hurricanes from Northolt?,303 Squadron|302 Squadron|609 Squadron,303 Squadron\n"
    '"How many legs in a pairing, match and rematch?",1|2|3,2\n'
)


def test_a_good_csv_gives_each_question_with_the_index_of_its_right_choice():
    questions = bank.parse(GOOD_CSV.encode(), "csv")
    assert questions == [
        {"question": "Which squadron flew Hurricanes from Northolt?",
         "choices": ["303 Squadron", "302 Squadron", "609 Squadron"], "answer": 0},
        {"question": "How many legs in a pairing, match and rematch?", "choices": ["1", "2", "3"], "answer": 1}]


def test_a_semicolon_csv_from_a_spreadsheet_and_a_bom_are_read_too():
    text = "\ufeffquestion;choices;answer\nWho starts?;RAF|Luftwaffe;luftwaffe\n"
    assert bank.parse(text.encode(), "csv") == [{"question": "Who starts?", "choices": ["RAF", "Luftwaffe"],
                                                 "answer": 1}]


def test_every_wrong_row_is_named_with_what_is_wrong():
    text = ("question,choices,answer\n"
            ",A|B,A\n"                       # row 2: no question
            "Only one?,A,A\n"                 # row 3: one choice
            "Where?,London|Berlin,Paris\n"    # row 4: answer not a choice
            "Twice?,Yes|yes|No,No\n"          # row 5: a choice twice
            "Too many cells,A|B,A,extra\n"    # row 6: four cells
            "\n"                              # blank line: skipped
            "Good one?,A|B,B\n"               # row 8: fine
            "good one?,C|D,C\n"               # row 9: same question as row 8
            "Empty answer?,A|B,\n"            # row 10
            "Gap?,A||B,A\n")                  # row 11: an empty choice
    with pytest.raises(bank.BankInvalid) as caught:
        bank.parse(text.encode(), "csv")
    errors = [(e.row, e.message) for e in caught.value.errors]
    assert errors == [
        (2, "The question is empty."),
        (3, "Give at least 2 choices (found 1)."),
        (4, "The answer “Paris” is not one of the choices (London, Berlin)."),
        (5, "The choice “Yes” is given twice."),
        (6, "4 cells, expected 3 (question, choices, answer); a comma inside a text needs the text in "
            "double quotes."),
        (9, "The same question as row 8."),
        (10, "The answer is empty: write the text of the right choice."),
        (11, "A choice is empty (two “|” in a row, or one at the start or end)."),
    ]


def test_a_wrong_header_names_row_1():
    with pytest.raises(bank.BankInvalid) as caught:
        bank.parse(b"q,options,right\nA?,x|y,x\n", "csv")
    assert [(e.row, e.message) for e in caught.value.errors] == [
        (1, "The first row must be the column names: question, choices, answer (found: q, options, right).")]


def test_json_items_are_counted_from_one_and_checked_like_rows():
    data = [{"question": "Who starts?", "choices": ["RAF", "Luftwaffe"], "answer": "Luftwaffe"},
            {"question": "Bad", "choices": "A|B", "answer": "A"},
            {"question": "Where?", "choices": ["London", "Berlin"], "answer": "Paris", "hint": "x"},
            "not an object",
            {"question": "Which?", "choices": ["A", "B"], "answer": "C"}]
    with pytest.raises(bank.BankInvalid) as caught:
        bank.parse(json.dumps(data).encode(), "json")
    assert [(e.row, e.message) for e in caught.value.errors] == [
        (2, "The choices must be a list of texts."),
        (3, "Unknown field(s): hint."),
        (4, "Each question must be an object with question, choices and answer."),
        (5, "The answer “C” is not one of the choices (A, B)."),
    ]
    assert bank.parse(json.dumps(data[:1]), "json") == [
        {"question": "Who starts?", "choices": ["RAF", "Luftwaffe"], "answer": 1}]


@pytest.mark.parametrize("data, fmt, message", [
    (b"{not json", "json", "The file is not valid JSON (line 1, column 2: Expecting property name enclosed in "
                           "double quotes)."),
    (b"\xff\xfe\x00q", "csv", "The file is not UTF-8 text: save it as “CSV UTF-8” or JSON."),
    (b"question,choices,answer\n", "csv", "The file has no questions."),
    (b"[]", "xml", "Upload a .csv or a .json file."),
])
def test_a_file_that_cannot_be_read_says_why(data, fmt, message):
    with pytest.raises(bank.BankInvalid) as caught:
        bank.parse(data, fmt)
    assert [(e.row, e.message) for e in caught.value.errors] == [(None, message)]
