// The print pages' "Print" button: shown only where scripts run (otherwise the browser's own
// Print command does the same), it opens the print dialog.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
