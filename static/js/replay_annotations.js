/* The replay's notes (templates/game/_replay_annotations.html): as the replay steps on, show
   the notes of the step shown and keep the form's step in line with it. */
(function () {
  "use strict";
  var dataNode = document.getElementById("annotations-data");
  var list = document.getElementById("notes-at-step");
  if (!dataNode || !list) return;
  var notes = JSON.parse(dataNode.textContent);
  var form = document.getElementById("annotation-form");
  var emptyText = list.dataset.empty;

  function render(step) {
    var here = notes.filter(function (n) { return n.step === step; });
    if (form) form.querySelector("input[name=step]").value = String(step);
    // The server rendered this step: its items carry the remove buttons; keep them (other
    // steps show their notes only; their page, ?step=N, has the buttons).
    if (list.dataset.step === String(step)) return;
    list.dataset.step = String(step);
    list.textContent = "";
    here.forEach(function (n) {
      var item = document.createElement("li");
      item.className = "note note-" + n.kind;
      item.textContent = n.text;
      list.appendChild(item);
    });
    if (!here.length) {
      var none = document.createElement("li");
      none.className = "muted";
      none.textContent = emptyText;
      list.appendChild(none);
    }
  }

  var page = JSON.parse(document.getElementById("page-data").textContent);
  list.dataset.step = String(page.step);
  document.addEventListener("replay:rendered", function (event) { render(event.detail.step.event.seq); });
})();
