"""Tournament formats as pure Python (docs/rules/service.md, "Tournaments": formats); no Django here."""
