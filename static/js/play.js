/* Play page enhancement (issue 7): submit the engine's legal actions through the API with
 * session auth + CSRF, explain 409/422 answers, and follow the opponent's moves by polling
 * /api/games/{id}/events/?after=N. The server renders the panel; after a change this script
 * fetches the page again and swaps the panel in, so there is one renderer.
 */
(function () {
  "use strict";
  var POLL_MS = 1500;
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var board = JSON.parse(document.getElementById("board-data").textContent);
  var liveStatus = document.getElementById("live-status");
  var errorBox = document.getElementById("play-error");
  var log = document.getElementById("event-log");
  var seenSeq = 0;
  var busy = false;

  function panel() { return document.getElementById("play-panel"); }
  function version() { return parseInt(panel().dataset.version, 10); }
  function running() { return panel().dataset.status === "running"; }

  function say(message) { liveStatus.textContent = message; }
  function fail(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  var hexFilter = null;

  /* Hexes where the moves of the open action groups end. */
  function destinations() {
    return Array.prototype.map.call(panel().querySelectorAll("details[open] li[data-hex]"),
                                    function (li) { return li.dataset.hex; });
  }

  function filterByHex(hex) {
    hexFilter = hex;
    var note = document.getElementById("hex-filter");
    if (!note) return;
    var shown = 0;
    Array.prototype.forEach.call(panel().querySelectorAll(".action-group"), function (group) {
      var any = false;
      Array.prototype.forEach.call(group.querySelectorAll("li"), function (li) {
        var match = hex === null || li.dataset.hex === hex;
        li.hidden = !match;
        any = any || match;
      });
      group.hidden = !any;
      if (hex !== null && any) { group.open = true; shown++; }
    });
    note.hidden = hex === null;
    note.querySelector("span").textContent = hex === null ? "" :
      (shown ? "Moves ending on hex " + hex + "." : "No move ends on hex " + hex + ".");
    drawBoard();
  }

  function drawBoard() {
    var view = JSON.parse(document.getElementById("view-data").textContent);
    // Only a view that may see the plan (the British player's own) has a route to draw.
    var route = board ? NightBoard.findRoute(view, NightBoard.hexIndex(board)) : [];
    var result = NightBoard.draw(document.getElementById("board"), board, view, {
      route: route,
      highlight: hexFilter !== null ? [hexFilter] : destinations(),
      onHexClick: function (hex) { filterByHex(hex === hexFilter ? null : hex); }
    });
    document.getElementById("board-caption").textContent = NightBoard.describe(result) +
      (route.length ? " — your planned route: " + route.join(" → ") : "");
  }

  function summary(payload) {
    return Object.keys(payload || {}).map(function (k) {
      var v = payload[k];
      return k + "=" + (typeof v === "object" ? JSON.stringify(v) : v);
    }).join(" ");
  }

  function addEvents(events) {
    events.forEach(function (e) {
      if (e.seq <= seenSeq) return;
      seenSeq = e.seq;
      var li = document.createElement("li");
      li.value = e.seq;
      li.dataset.seq = e.seq;
      var strong = document.createElement("strong");
      strong.textContent = e.type;
      li.appendChild(strong);
      li.appendChild(document.createTextNode(" " + summary(e.payload) +
        (e.visibility !== "public" ? " (seen by " + e.visibility + ")" : "")));
      log.appendChild(li);
    });
  }

  function refresh() {
    return fetch(window.location.pathname + window.location.search, {credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("play-panel");
        if (fresh) panel().replaceWith(fresh);
        hexFilter = null;
        drawBoard();
      });
  }

  function poll() {
    // A finished game is fetched once (to fill the log), a running one every POLL_MS.
    if (busy || (!running() && seenSeq > 0)) return Promise.resolve();
    return fetch(page.api + "events/?after=" + seenSeq, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return null;
        addEvents(data.events);
        if (data.version > version()) {
          say("The game moved on: version " + data.version + ".");
          return refresh();
        }
        return null;
      })
      .catch(function () { say("Connection lost; retrying…"); });
  }

  function idempotencyKey() {
    return window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random();
  }

  function explain(status, body) {
    var code = body && body.code ? body.code : "error";
    var message = body && body.message ? body.message : "unexpected answer";
    if (status === 409) {
      return "The game moved on before your move arrived (now at version " + (body && body.version) +
        "). The position has been updated — choose again.";
    }
    if (status === 422) return "The rules refuse that move: " + message + " (" + code + ").";
    if (status === 401 || status === 403) return "You may not move here: " + message + " (" + code + ").";
    return "The move was not accepted: " + message + " (" + code + ").";
  }

  function composed(form) {
    var template = JSON.parse(form.dataset.command);
    var command;
    try { command = JSON.parse(form.querySelector("[data-composed]").value); } catch (e) { command = null; }
    if (!command || typeof command !== "object" || command.type !== template.type || "template" in command) {
      fail("Write the command as a JSON object of type " + template.type + ".");
      return null;
    }
    return command;
  }

  function submit(form) {
    var command = form.dataset.template ? composed(form) : JSON.parse(form.dataset.command);
    if (!command) return Promise.resolve();
    var fields = form.querySelectorAll("[data-field]");
    for (var i = 0; i < fields.length; i++) command[fields[i].dataset.field] = fields[i].value;
    var side = form.querySelector("[name=side]").value || null;
    busy = true;
    fail("");
    Array.prototype.forEach.call(panel().querySelectorAll("button"), function (b) { b.disabled = true; });
    say("Sending " + command.type + "…");
    return fetch(page.api + "commands/", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        "X-CSRFToken": form.querySelector("[name=csrfmiddlewaretoken]").value,
        "Idempotency-Key": idempotencyKey()
      },
      body: JSON.stringify({expected_version: version(), command: command, side: side})
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (body) {
        if (r.status === 201) {
          addEvents(body.events || []);
          say("Move accepted: " + command.type + ".");
        } else {
          fail(explain(r.status, body));
          say("");
        }
        return refresh();
      });
    }).catch(function () {
      fail("The server could not be reached; your move may not have arrived. The page will update.");
    }).then(function () {
      busy = false;
      var heading = document.getElementById("actions-h");
      if (heading) { heading.tabIndex = -1; heading.focus(); }
    });
  }

  document.addEventListener("toggle", function (event) {
    if (event.target.classList && event.target.classList.contains("action-group")) drawBoard();
  }, true);
  document.addEventListener("click", function (event) {
    if (event.target.id === "clear-hex-filter") filterByHex(null);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target.closest(".action-form");
    if (!form) return;
    event.preventDefault();
    if (!busy) submit(form);
  });

  drawBoard();
  poll();
  window.setInterval(poll, POLL_MS);
})();
