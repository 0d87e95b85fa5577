"""The printed sheets as A4 PDFs (fpdf2: pure Python, maintained, Unicode through an embedded
TrueType font). Each function takes the dict of the same name in ``sheets`` and returns bytes.

The font is DejaVu Sans, shipped beside this module (fonts/LICENSE): the PDF core fonts know
only Latin-1, and Polish names (Sieroń, Łukasz) must print as written.
"""
from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext as _
from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from . import qr

FONTS = Path(__file__).with_name("fonts")
FONT = "DejaVu"
MARGIN = 12  # mm: inside every office printer's unprintable border
GREY = (225, 225, 225)
INK = (0, 0, 0)
MUTED = (90, 90, 90)
NEXT_LINE = {"new_x": XPos.LMARGIN, "new_y": YPos.NEXT}


class Sheet(FPDF):
    """A4 portrait with the font loaded and a footer naming the tournament, the sheet and the page."""

    def __init__(self, data: dict):
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.data = data
        self.add_font(FONT, "", str(FONTS / "DejaVuSans.ttf"))
        self.add_font(FONT, "B", str(FONTS / "DejaVuSans-Bold.ttf"))
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN + 4)
        self.set_title(f"{data['tournament']} · {data['title']}")
        self.set_creator("Nightduel")
        self.set_font(FONT, size=11)

    @property
    def width(self) -> float:
        return self.w - 2 * MARGIN

    def footer(self):
        self.set_y(-MARGIN - 2)
        self.set_font(FONT, size=8)
        self.set_text_color(*MUTED)
        self.cell(0, 4, f"{self.data['tournament']} · {self.data['title']} · "
                        + _("page %(n)s") % {"n": self.page_no()}, align="R")
        self.set_text_color(*INK)

    def heading(self, title: str, subtitle: str = "") -> None:
        self.set_font(FONT, "B", 18)
        self.multi_cell(self.width, 9, title, **NEXT_LINE)
        if subtitle:
            self.set_font(FONT, size=10)
            self.set_text_color(*MUTED)
            self.multi_cell(self.width, 5, subtitle, **NEXT_LINE)
            self.set_text_color(*INK)
        self.ln(3)

    def text_line(self, text: str, size: float = 11, bold: bool = False, height: float = 6) -> None:
        self.set_font(FONT, "B" if bold else "", size)
        self.multi_cell(self.width, height, text, align="L", **NEXT_LINE)

    def box(self, x: float, y: float, size: float = 4.2) -> None:
        """An empty tick box."""
        self.set_line_width(0.3)
        self.rect(x, y, size, size)

    def ticks(self, labels: list[str], size: float = 11) -> None:
        """Tick boxes with their labels, wrapping onto new lines as needed."""
        self.set_font(FONT, size=size)
        x, y = self.l_margin, self.get_y()
        for label in labels:
            width = 7 + self.get_string_width(label) + 8
            if x + width > self.l_margin + self.width:
                x, y = self.l_margin, y + 8
            self.box(x, y + 0.9)
            self.set_xy(x + 6, y)
            self.cell(width - 6, 6, label)
            x += width
        self.set_xy(self.l_margin, y + 8)

    def qr_code(self, url: str, x: float, y: float, size: float) -> None:
        modules, dark = qr.dark_modules(url)
        unit = size / modules
        self.set_fill_color(*INK)
        for col, row in dark:
            # A hair wider than a module, so no white seams show between neighbours.
            self.rect(x + col * unit, y + row * unit, unit + 0.02, unit + 0.02, style="F")

    def signature_lines(self, names: list[str]) -> None:
        self.ln(4)
        self.set_font(FONT, size=10)
        y = self.get_y() + 8
        width = (self.width - 10) / len(names)
        for i, name in enumerate(names):
            x = self.l_margin + i * (width + 10)
            self.line(x, y, x + width, y)
            self.set_xy(x, y + 1)
            self.cell(width, 5, _("Signature: %(name)s") % {"name": name})
        self.set_xy(self.l_margin, y + 8)


def _subtitle(data: dict) -> str:
    return f"{data['tournament']} · {data['system_label']} · {data['format_label']}"


def _round_title(data: dict) -> str:
    return _("Round %(n)s: %(title)s") % {"n": data["round"], "title": data["title"]}


def pairing_sheet(data: dict) -> bytes:
    pdf = Sheet(data)
    pdf.add_page()
    pdf.heading(_round_title(data), _subtitle(data))
    pdf.text_line(data["note"], size=10, height=5)
    pdf.ln(3)
    sides = next((t["legs"][0]["sides"] for t in data["tables"] if t["legs"]), None)
    heading = FontFace(emphasis="BOLD", fill_color=GREY)
    pdf.set_font(FONT, size=12)
    with pdf.table(col_widths=(18, 42, 42, 42, 42), num_heading_rows=2, headings_style=heading, line_height=8,
                   text_align="LEFT", padding=1.5) as table:
        top = table.row()
        top.cell(_("Table"), rowspan=2, align="CENTER")
        top.cell(_("Match"), colspan=2, align="CENTER")
        top.cell(_("Rematch"), colspan=2, align="CENTER")
        second = table.row()
        for _leg in (1, 2):
            for side in sides or [{"label": _("Side")}, {"label": _("Side")}]:
                second.cell(side["label"])
        for t in data["tables"]:
            row = table.row()
            number = str(t["table"]) + (f"\n{_('online')}" if t["online"] else "")
            row.cell(number, align="CENTER", style=FontFace(emphasis="BOLD", size_pt=16))
            if t["legs"]:
                for leg in t["legs"]:
                    for side in leg["sides"]:
                        row.cell(side["name"])
            else:
                row.cell(f"{t['a']} – {t['b']} ({data['undrawn']})", colspan=4)
    if data["byes"]:
        pdf.ln(4)
        pdf.text_line(_("Bye: %(names)s") % {"names": ", ".join(data["byes"])}, bold=True)
    return bytes(pdf.output())


def result_slips(data: dict) -> bytes:
    pdf = Sheet(data)
    qr_size = 42
    for slip in data["slips"]:
        pdf.add_page()
        top = pdf.get_y()
        pdf.qr_code(slip["report_url"], pdf.l_margin + pdf.width - qr_size, top, qr_size)
        pdf.set_right_margin(MARGIN + qr_size + 4)
        pdf.heading(_("Result slip · Table %(n)s") % {"n": slip["table"]},
                    _("%(tournament)s · round %(round)s") % {"tournament": data["tournament"], "round": data["round"]})
        pdf.text_line(f"{slip['a']}  –  {slip['b']}", size=16, bold=True, height=9)
        pdf.set_right_margin(MARGIN)
        pdf.set_y(max(pdf.get_y(), top + qr_size) + 1)
        pdf.set_font(FONT, size=8)
        pdf.set_text_color(*MUTED)
        pdf.multi_cell(pdf.width, 4, f"{data['scan']}\n{slip['report_url']}", align="R", **NEXT_LINE)
        pdf.set_text_color(*INK)
        pdf.ln(2)
        for leg in slip["legs"]:
            _slip_leg(pdf, data, slip, leg)
        pdf.text_line(data["sign"], size=10, height=5)
        pdf.signature_lines([slip["a"], slip["b"]])
    if not data["slips"]:
        pdf.add_page()
        pdf.heading(_round_title(data), _subtitle(data))
        pdf.text_line(_("No pairing of this round is played at the table."))
    return bytes(pdf.output())


def _slip_leg(pdf: Sheet, data: dict, slip: dict, leg: dict) -> None:
    pdf.set_draw_color(*INK)
    pdf.set_fill_color(*GREY)
    pdf.set_font(FONT, "B", 13)
    sides = " · ".join(f"{s['label']}: {s['name']}" for s in leg["sides"]) if leg["sides"] else data["undrawn"]
    pdf.multi_cell(pdf.width, 8, f"{leg['title']} — {sides}", fill=True, padding=(0, 2), **NEXT_LINE)
    pdf.ln(2)
    pdf.text_line(_("Winner:"), size=10, height=5)
    pdf.ticks(slip["players"], size=12)
    if data["endings"]:
        pdf.text_line(_("How it ended:"), size=10, height=5)
        pdf.ticks(data["endings"])
    if data["vp"]:
        pdf.text_line(_("Victory points: %(a)s ______   %(b)s ______") % {"a": slip["a"], "b": slip["b"]}, height=8)
    pdf.ln(4)


def standings_sheet(data: dict) -> bytes:
    pdf = Sheet(data)
    pdf.add_page()
    title = f"{data['title']}"
    pdf.heading(title, _subtitle(data))
    if data.get("champion_line"):
        pdf.text_line(data["champion_line"], size=14, bold=True, height=8)
    pdf.text_line(f"{data['order']} {_('Shaded columns are tie-breaks.')} {data['legend']}", size=9, height=4.5)
    pdf.ln(3)
    columns = data["columns"]
    heading = FontFace(emphasis="BOLD", size_pt=8.5)
    shaded = FontFace(emphasis="BOLD", size_pt=8.5, fill_color=GREY)
    pdf.set_font(FONT, "B", 8.5)
    # Each number column as wide as its header on one line (a header broken mid-word misleads).
    widths = tuple(max(14, pdf.get_string_width(c["short"]) + 5) for c in columns)
    pdf.set_font(FONT, size=10.5)
    with pdf.table(col_widths=(10, pdf.width - 10 - sum(widths)) + widths, headings_style=heading,
                   line_height=6.5, text_align="LEFT", padding=1) as table:
        head = table.row()
        head.cell("#", align="RIGHT")
        head.cell(_("Player"))
        for c in columns:
            head.cell(c["short"], align="RIGHT", style=shaded if c["tie_break"] else heading)
        for r in data["rows"]:
            row = table.row()
            row.cell(str(r["rank"]), align="RIGHT")
            row.cell(r["entrant"] + (f" ({_('withdrawn')})" if r["withdrawn"] else ""))
            for value in r["cells"]:
                row.cell(value, align="RIGHT")
    if data.get("hash_note"):
        pdf.ln(4)
        pdf.text_line(data["hash_note"], size=8, height=4)
    return bytes(pdf.output())


def game_cards(data: dict) -> bytes:
    """Two cards per page (the match above the fold line, the rematch below): cut in half."""
    pdf = Sheet(data)
    pdf.set_auto_page_break(False)
    half = (pdf.h - 2 * MARGIN) / 2
    for i, card in enumerate(data["cards"]):
        if i % 2 == 0:
            pdf.add_page()
            top = MARGIN
        else:
            top = MARGIN + half
            pdf.set_dash_pattern(dash=2, gap=2)
            pdf.set_draw_color(*MUTED)
            pdf.line(0, top - 2, pdf.w, top - 2)
            pdf.set_dash_pattern()
            pdf.set_draw_color(*INK)
        _game_card(pdf, data, card, top + 2)
    if not data["cards"]:
        pdf.add_page()
        pdf.heading(_round_title(data), _subtitle(data))
        pdf.text_line(_("No pairing of this round is played at the table."))
    return bytes(pdf.output())


def _game_card(pdf: Sheet, data: dict, card: dict, top: float) -> None:
    leg = card["leg"]
    pdf.set_xy(MARGIN, top)
    pdf.set_font(FONT, "B", 15)
    pdf.cell(0, 8, card["heading"], **NEXT_LINE)
    pdf.set_font(FONT, size=9)
    pdf.set_text_color(*MUTED)
    pdf.cell(0, 5, data["tournament"], **NEXT_LINE)
    pdf.set_text_color(*INK)
    pdf.ln(1)
    sides = leg["sides"] or [{"label": _("Side"), "name": card["a"]}, {"label": _("Side"), "name": card["b"]}]
    pdf.set_font(FONT, size=12)
    line = "     ".join(f"{s['label']}: {s['name']}" for s in sides)
    pdf.set_font(FONT, "B", 12)
    pdf.cell(0, 7, line + ("" if leg["sides"] else f"  ({data['undrawn']})"), **NEXT_LINE)
    pdf.ln(2)
    # The round track: one box per round to tick off, the sheet's reminders under its number.
    track = data["track"]
    width = pdf.width / len(track)
    y = pdf.get_y()
    for i, step in enumerate(track):
        x = MARGIN + i * width
        pdf.set_line_width(0.4)
        pdf.rect(x, y, width, 30)
        pdf.set_xy(x, y + 1)
        pdf.set_font(FONT, "B", 16)
        pdf.cell(width, 8, str(step["round"]), align="C")
        pdf.box(x + width / 2 - 3, y + 10, size=6)
        if step["note"]:
            pdf.set_xy(x + 0.5, y + 17)
            pdf.set_font(FONT, size=6.5)
            pdf.multi_cell(width - 1, 3, step["note"], align="C")
    pdf.set_xy(MARGIN, y + 31)
    pdf.set_font(FONT, size=8.5)
    pdf.multi_cell(pdf.width, 4, data["tick"], align="L", **NEXT_LINE)
    pdf.ln(1)
    for turn in data["turns"]:
        pdf.set_font(FONT, "B", 9)
        pdf.cell(22, 5, turn["side"])
        pdf.set_font(FONT, size=9)
        pdf.multi_cell(pdf.width - 22, 5, turn["steps"], align="L", **NEXT_LINE)
    pdf.ln(2)
    pdf.set_font(FONT, size=10)
    pdf.cell(0, 6, _("Winner:"), **NEXT_LINE)
    pdf.ticks(card["players"], size=10)
    pdf.ticks(data["endings"], size=9.5)
