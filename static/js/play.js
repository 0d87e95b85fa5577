/* The play page (issue 7, 15): moves by clicking the board, sent through the API with session
 * auth + CSRF; 409/422 answers explained; the opponent's moves followed live (issue 16: the
 * game's event stream, static/js/live.js); the event log in
 * words, newest first, filterable; resign / abort / claim on time.
 *
 * One renderer: the server renders the panel (#play-panel) with the legal actions as JSON
 * (#actions-data: command, button text, board picks) and as plain forms (the no-JavaScript
 * way); after any change this script fetches the panel again (?fragment=panel) and swaps it in.
 *
 * Board clicks: each action lists the picks that choose it, e.g. ["piece:raf1", "hex:205",
 * "piece:lw3"]. The picks made so far narrow the actions down; the board highlights what may be
 * clicked next, and #pick-box offers the actions that are complete as buttons. A system's
 * board module (NightBoard.register, board.js) may draw its own board, turn a "template"
 * action into concrete ones (expand), handle a chosen action itself (choose) and add controls.
 */
(function () {
  "use strict";
  var POLL_MS = 1500;
  var TICK_MS = 1000;
  var page = readJSON("page-data");
  var board = readJSON("board-data");
  var words = readJSON("play-words");
  var drawer = NightBoard.drawer(page.system);
  var liveStatus = document.getElementById("live-status");
  var errorBox = document.getElementById("play-error");
  var log = document.getElementById("event-log");
  var logFilter = document.getElementById("log-filter");
  var seenSeq = log && log.firstElementChild ? parseInt(log.firstElementChild.dataset.seq, 10) : 0;
  var busy = false;
  var view = null;
  var actions = [];   // {command, label, picks}, the board's share of the legal actions
  var chosen = [];    // the picks made so far
  var autoPicked = 0; // how many of them were made for the player (a single piece to act with)
  var expanded = {};  // stacks opened on the board, by hex
  var openedRunning = null;  // whether the game was running when the page opened

  function readJSON(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s/g, function (m, key) { return values[key]; });
  }

  function panel() { return document.getElementById("play-panel"); }
  function version() { return parseInt(panel().dataset.version, 10); }
  function running() { return panel().dataset.status === "running"; }
  function say(message) { liveStatus.textContent = message; }
  function fail(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  /* -- the legal actions and the picks that choose them ------------------------------------ */

  function loadPanel() {
    view = readJSON("view-data");
    var listed = readJSON("actions-data") || [];
    actions = [];
    if (drawer.ownsMoves) listed = [];  // the system's own controls compose its moves
    listed.forEach(function (a) {
      if (a.template && drawer.expand) {
        actions = actions.concat(drawer.expand(a.command, view));
      } else if (a.template && a.expanded && a.expanded.length) {
        actions = actions.concat(a.expanded);  // the server's concrete commands (e.g. 303's firing orders)
      } else if (a.picks.length) {
        actions.push(a);
      }
    });
    chosen = [];
    autoPicked = 0;
    var list = document.getElementById("all-moves");
    // The list of moves folds away when the board offers every one of them.
    if (list && listed.length && listed.every(function (a) {
      return a.quick || a.picks.length || (a.template && (drawer.expand || (a.expanded && a.expanded.length)));
    })) {
      list.open = false;
    }
    var controls = document.getElementById("board-controls");
    if (controls && drawer.controls) drawer.controls(controls, api);
  }

  function startsWith(picks, prefix) {
    if (picks.length < prefix.length) return false;
    for (var i = 0; i < prefix.length; i++) if (picks[i] !== prefix[i]) return false;
    return true;
  }

  function candidates() { return actions.filter(function (a) { return startsWith(a.picks, chosen); }); }

  function nextPicks(cands) {
    var next = {};
    cands.forEach(function (a) { if (a.picks.length > chosen.length) next[a.picks[chosen.length]] = true; });
    return next;
  }

  /* One piece to act with (one fighter left to move, say): select it for the player. */
  function autoPick() {
    if (chosen.length) return;
    var next = Object.keys(nextPicks(candidates()));
    if (next.length === 1 && next[0].indexOf("piece:") === 0) {
      chosen = [next[0]];
      autoPicked = 1;
    }
  }

  function pickWords(pick) {
    var parts = pick.split(":");
    return parts[0] === "hex" ? format(words.hex, {hex: parts.slice(1).join(":")}) : parts.slice(1).join(":");
  }

  function onPick(picks) {
    if (busy || !running()) return;
    var next = nextPicks(candidates());
    var hit = picks.filter(function (p) { return next[p]; })[0];
    if (hit) {
      chosen.push(hit);
    } else {
      // Not a way on from here: start again from what was clicked, if anything starts there.
      var first = picks.filter(function (p) {
        return actions.some(function (a) { return a.picks[0] === p; });
      })[0];
      if (!first) {
        say(words.nothing_there);
        return;
      }
      chosen = [first];
      autoPicked = 0;
    }
    say("");
    render();
  }

  function cancel() {
    chosen = [];
    autoPicked = 0;
    autoPick();
    render();
  }

  function renderPickBox() {
    var box = document.getElementById("pick-box");
    if (!box) return;
    box.textContent = "";
    box.hidden = !actions.length || !running();
    box.classList.toggle("active", chosen.length > autoPicked);
    if (box.hidden) return;
    var cands = candidates();
    var next = nextPicks(cands);
    var complete = chosen.length ? cands.filter(function (a) { return a.picks.length === chosen.length; }) : [];
    var heading = document.createElement("p");
    heading.className = "pick-state";
    var named = chosen.map(function (pick) { return (drawer.pickWords || pickWords)(pick, words); });
    heading.textContent = chosen.length ? format(words.picked, {picks: named.join(" → ")}) : words.pick_start;
    box.appendChild(heading);
    if (complete.length) {
      var list = document.createElement("ul");
      list.className = "pick-options";
      complete.forEach(function (a) {
        var li = document.createElement("li");
        var button = document.createElement("button");
        button.type = "button";
        button.className = "pick-option";
        button.textContent = a.label;
        button.addEventListener("click", function () { choose(a); });
        li.appendChild(button);
        list.appendChild(li);
      });
      box.appendChild(list);
    }
    if (Object.keys(next).length && chosen.length) {
      var more = document.createElement("p");
      more.className = "hint";
      more.textContent = complete.length ? words.pick_more_or : words.pick_more;
      box.appendChild(more);
    }
    if (chosen.length > autoPicked) {
      var cancelButton = document.createElement("button");
      cancelButton.type = "button";
      cancelButton.className = "secondary";
      cancelButton.textContent = words.cancel;
      cancelButton.addEventListener("click", cancel);
      box.appendChild(cancelButton);
    }
  }

  function drawBoard() {
    var next = nextPicks(candidates());
    var highlight = {};
    Object.keys(next).forEach(function (p) { highlight[p] = true; });
    var route = drawer.route(view, board);
    var result = drawer.draw(document.getElementById("board"), board, view, drawer.ownsMoves ? {route: route} : {
      route: route, highlight: highlight, selected: chosen, expanded: expanded,
      onPick: running() && actions.length ? onPick : null,
      onToggleStack: function (hex) { expanded[hex] = !expanded[hex]; drawBoard(); }
    });
    document.getElementById("board-caption").textContent = drawer.describe(result) +
      (route.length ? " — " + format(words.your_route, {route: route.join(" → ")}) : "");
  }

  function render() {
    autoPick();
    drawBoard();
    renderPickBox();
  }

  function choose(action) {
    if (drawer.choose && drawer.choose(action, api)) {
      cancel();
      return;
    }
    send(action.command, action.label);
  }

  /* -- talking to the server ------------------------------------------------------------- */

  function csrfToken() {
    var field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function idempotencyKey() {
    return window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random();
  }

  function explain(status, body) {
    var values = {code: body && body.code ? body.code : "error",
                  message: body && body.message ? body.message : words.unexpected,
                  version: body && body.version};
    if (status === 409 && (values.code === "stale_version" || values.code === "game_over")) {
      return format(words.conflict, values);
    }
    if (status === 409) return format(words.refused_now, values);
    if (status === 422) return format(words.refused, values);
    if (status === 401 || status === 403) return format(words.forbidden, values);
    return format(words.not_accepted, values);
  }

  function post(url, body) {
    busy = true;
    fail("");
    Array.prototype.forEach.call(panel().querySelectorAll("button"), function (b) { b.disabled = true; });
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Idempotency-Key": idempotencyKey()},
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (answer) {
        if (r.status !== 201) {
          fail(explain(r.status, answer));
          say("");
        }
        return refresh().then(function () { return r.status === 201; });
      });
    }).catch(function () {
      fail(words.unreachable);
      return false;
    }).then(function (ok) {
      busy = false;
      var heading = document.getElementById("actions-h");
      if (heading) { heading.tabIndex = -1; heading.focus(); }
      poll();
      return ok;
    });
  }

  function send(command, label) {
    say(format(words.sending, {move: label || command.type}));
    return post(page.api + "commands/", {expected_version: version(), command: command, side: panel().dataset.side || null})
      .then(function (ok) { if (ok) say(format(words.accepted, {move: label || command.type})); });
  }

  function refresh() {
    var query = new URLSearchParams(window.location.search);
    query.set("fragment", "panel");
    return fetch(window.location.pathname + "?" + query.toString(), {credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("play-panel");
        if (fresh) panel().replaceWith(fresh);
        loadPanel();
        render();
        startClocks();
        showWhoseMove();
      });
  }

  /* -- the event log ----------------------------------------------------------------------- */

  function addEvents(events) {
    events.forEach(function (e) {
      if (e.seq <= seenSeq) return;
      seenSeq = e.seq;
      var li = document.createElement("li");
      li.value = e.seq;
      li.dataset.seq = e.seq;
      li.dataset.type = e.type;
      li.dataset.category = e.category;
      li.textContent = e.text + (e.visibility !== "public" ? " " + format(words.seen_by, {who: e.visibility}) : "");
      log.insertBefore(li, log.firstChild);
      if (logFilter && !logFilter.querySelector('option[value="' + e.category + '"]')) {
        var option = document.createElement("option");
        option.value = e.category;
        option.textContent = (words.categories || {})[e.category] || e.category;
        logFilter.appendChild(option);
      }
    });
    filterLog();
  }

  function filterLog() {
    var only = logFilter ? logFilter.value : "";
    Array.prototype.forEach.call(log.children, function (li) { li.hidden = !!only && li.dataset.category !== only; });
  }

  function poll() {
    if (busy) return Promise.resolve();
    return fetch(page.api + "events/?after=" + seenSeq, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return null;
        addEvents(data.events);
        if (data.version > version()) {
          say(format(words.moved_on, {version: data.version}));
          return refresh();
        }
        return null;
      })
      .catch(function () { say(words.connection_lost); });
  }

  /* Follow the game live over its event stream (static/js/live.js); a browser without
   * EventSource polls instead. Whether it is the viewer's move goes to the tab title. */
  function watchGame() {
    var source = NightduelLive.follow(page.api + "stream/?after=" + seenSeq, {
      event: function (e) { addEvents([e]); },
      version: function (summary) {
        if (summary.version > version() && !busy) {
          say(format(words.moved_on, {version: summary.version}));
          refresh();
        }
      },
      open: function () { if (liveStatus.textContent === words.connection_lost) say(""); },
      error: function (stream) {
        // A closed stream will not retry: the server answered 204, the game has ended. Show its
        // final panel rather than a lost connection.
        if (stream.readyState === EventSource.CLOSED) { finish(); return; }
        if (running()) say(words.connection_lost);
      }
    });
    if (!source) window.setInterval(function () { if (running()) poll(); }, POLL_MS);
  }

  function finish() {
    var ended = function () {
      if (!running() && openedRunning) say(words.game_ended);  // news only to a page that saw it running
    };
    if (busy) { window.setTimeout(finish, POLL_MS); return; }
    if (!running()) { ended(); return; }
    refresh().then(ended, function () { say(words.connection_lost); });
  }

  function showWhoseMove() {
    var banner = document.getElementById("turn-banner");
    NightduelLive.yourMove(!!banner && banner.classList.contains("your-turn") && running());
  }

  /* -- clocks and endings ------------------------------------------------------------------ */

  var clockTimer = null;

  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), sec = s % 60;
    return (h ? h + ":" + ("0" + m).slice(-2) : m) + ":" + ("0" + sec).slice(-2);
  }

  function startClocks() {
    if (clockTimer) window.clearInterval(clockTimer);
    var tick = function () {
      Array.prototype.forEach.call(panel().querySelectorAll("[data-deadline]"), function (node) {
        var left = Date.parse(node.dataset.deadline) - Date.now();
        node.textContent = left > 0 ? clockText(left) : words.time_up;
      });
      Array.prototype.forEach.call(panel().querySelectorAll("[data-claim-at]"), function (node) {
        node.hidden = Date.parse(node.dataset.claimAt) > Date.now();
      });
    };
    tick();
    clockTimer = window.setInterval(tick, TICK_MS);
  }

  function endGame(form) {
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    post(form.dataset.api, {side: panel().dataset.side || null}).then(function (ok) {
      if (ok) say(form.dataset.done || "");
    });
  }

  /* -- wiring ------------------------------------------------------------------------------ */

  function composed(form) {
    var template = JSON.parse(form.dataset.command);
    var command;
    try { command = JSON.parse(form.querySelector("[data-composed]").value); } catch (e) { command = null; }
    if (!command || typeof command !== "object" || command.type !== template.type || "template" in command) {
      fail(format(words.compose_type, {type: template.type}));
      return null;
    }
    return command;
  }

  function submitForm(form) {
    var command = form.dataset.template ? composed(form) : JSON.parse(form.dataset.command);
    if (!command) return;
    Array.prototype.forEach.call(form.querySelectorAll("[data-field]"), function (field) {
      command[field.dataset.field] = field.value;
    });
    send(command, form.dataset.label);
  }

  var api = {
    send: send, refresh: refresh, say: say, fail: fail, words: words, page: page,
    view: function () { return view; }, actions: function () { return actions; }, render: render
  };

  /* The list of moves (no board): the chosen radio button names the legal action. */
  function submitList(form) {
    var checked = form.querySelector("input[name=action]:checked");
    if (!checked) return;
    var index = parseInt(checked.value, 10);
    var action = (readJSON("actions-data") || []).filter(function (a) { return a.index === index; })[0];
    if (action) send(action.command, action.label);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest(".action-form, .ending-form, .move-list");
    if (!form) return;
    event.preventDefault();
    if (busy) return;
    if (form.classList.contains("ending-form")) endGame(form);
    else if (form.classList.contains("move-list")) submitList(form);
    else submitForm(form);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && chosen.length > autoPicked) cancel();
  });
  if (logFilter) {
    logFilter.addEventListener("change", filterLog);
    var apply = document.getElementById("log-filter-apply");
    if (apply) apply.hidden = true;
  }

  openedRunning = running();
  loadPanel();
  render();
  startClocks();
  filterLog();
  showWhoseMove();
  watchGame();
})();
