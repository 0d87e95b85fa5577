"""The print pages of a tournament (tournament/printing/pages.py): an index, each round's sheets
as HTML to print and as PDF downloads."""
from django.urls import path

from .printing import pages

PRINT = "tournaments/<int:tournament_id>/print/"

urlpatterns = [
    path(PRINT, pages.print_index, name="print-index"),
    path(PRINT + "round-<int:number>/<slug:kind>/", pages.print_sheet, name="print-sheet"),
    path(PRINT + "round-<int:number>/<slug:kind>.pdf", pages.print_sheet_pdf, name="print-sheet-pdf"),
]
