"""Printed sheets of a tournament played at the table (issue 14, "Printing"): ``sheets`` says
what each sheet shows, ``qr`` draws the slips' codes, ``pdf`` lays them out on A4, ``pages``
serves them as print-ready HTML and as PDF downloads."""
