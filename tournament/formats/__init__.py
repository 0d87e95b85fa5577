"""Tournament formats as pure Python (service.md, "Tournaments": formats); no Django here."""
