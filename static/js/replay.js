/* Replay viewer (issue 7, 15; docs/rules/service.md "Replays"): steps through a finished game, a page of
 * steps at a time (/api/games/{id}/replay/steps/), starting from the step the server rendered;
 * autoplays at a chosen speed; keeps the address on the step shown (?step=N), so every step has
 * a link; jumps by night, round and turn; overlays the hidden route once the night is over; and
 * shows the dice-seed verification (re-computing sha256(seed) in the browser against the
 * commitment published at creation), loaded after the first state is on screen.
 */
(function () {
  "use strict";
  var PAGE = 20;           // steps per request
  var PREFETCH_AHEAD = 5;  // fetch the next page this many steps before the cached ones run out
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var words = JSON.parse(document.getElementById("replay-words").textContent);
  var board = JSON.parse(document.getElementById("board-data").textContent);
  var drawer = NightBoard.drawer(page.system);
  var slider = document.getElementById("step-slider");
  var label = document.getElementById("step-label");
  var list = document.getElementById("replay-events");
  var routeToggle = document.getElementById("show-route");
  var playButton = document.getElementById("autoplay");
  var speed = document.getElementById("speed");
  var items = Array.prototype.slice.call(list.querySelectorAll("li"));
  // Events after which the hidden plan is public (the end of a night, or of the game), and
  // the event that commits the next night's plan, hidden again until that night ends.
  var REVEALING = /^(PlanRevealed|RouteRevealed|NightEnded|GameEnded|Revealed)$/;
  var NEW_PLAN = /^(PlanCommitted|RouteCommitted)$/;
  var steps = {};          // seq → {event, state, outcome, summary}
  var loading = {};        // page start → promise
  var current = page.step;
  var shown = null;        // the step on the board
  var timer = null;
  var expanded = {};
  // The fog toggle (static/js/replay_fog.js): the side the steps are seen as, kept in every link.
  var asQuery = page.as ? "&as=" + encodeURIComponent(page.as) : "";

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s/g, function (m, key) { return values[key]; });
  }

  var routeRevealed = (function () {
    var revealed = false;
    return items.map(function (li) {
      if (REVEALING.test(li.dataset.type)) revealed = true;
      else if (NEW_PLAN.test(li.dataset.type)) revealed = false;
      return revealed;
    });
  })();

  function pageStart(seq) { return Math.floor((seq - 1) / PAGE) * PAGE + 1; }

  function load(seq) {
    if (steps[seq]) return Promise.resolve(steps[seq]);
    var start = pageStart(seq);
    if (!loading[start]) {
      loading[start] = fetch(page.api + "steps/?start=" + start + "&count=" + PAGE + asQuery, {credentials: "same-origin"})
        .then(function (r) {
          if (!r.ok) throw new Error(format(words.unavailable, {status: r.status}));
          return r.json();
        })
        .then(function (data) { data.steps.forEach(function (s) { steps[s.event.seq] = s; }); })
        .catch(function (err) { delete loading[start]; throw err; });
    }
    return loading[start].then(function () { return steps[seq]; });
  }

  function prefetch(seq) {
    var ahead = Math.min(page.version, seq + PREFETCH_AHEAD);
    if (!steps[ahead]) load(ahead).catch(function () {});
  }

  function text(id, content) { document.getElementById(id).textContent = content; }

  function render(step) {
    var seq = shown = step.event.seq;
    var route = routeToggle.checked && routeRevealed[seq - 1] ? drawer.route(step.state, board) : [];
    var result = drawer.draw(document.getElementById("board"), board, step.state, {
      route: route, expanded: expanded,
      onToggleStack: function (hex) { expanded[hex] = !expanded[hex]; render(step); }
    });
    document.getElementById("board").dataset.step = seq;
    text("board-caption", drawer.describe(result) + (route.length ? " — " + format(words.hidden_route, {route: route.join(" → ")}) : ""));
    text("step-text", step.event.text);
    text("step-actor", step.event.actor || "—");
    text("step-dice", String((step.event.dice || []).length));
    text("step-state", JSON.stringify(step.state, null, 1));
    document.dispatchEvent(new CustomEvent("replay:rendered", {detail: {step: step}}));
    var summary = document.getElementById("step-summary");
    summary.textContent = "";
    (step.summary || []).forEach(function (row) {
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = row[0];
      dd.textContent = row[1];
      summary.appendChild(dt);
      summary.appendChild(dd);
    });
  }

  /* Go to a step: the label, list and address follow at once; the board when its state is here
   * (``redraw``: also when it shows that step already). */
  function go(seq, redraw) {
    current = Math.max(1, Math.min(page.version, seq));
    slider.value = current;
    var li = items[current - 1];
    label.textContent = format(words.step_label, {n: current, total: page.version, text: li ? li.textContent : ""});
    Array.prototype.forEach.call(list.querySelectorAll("[aria-current]"), function (a) { a.removeAttribute("aria-current"); });
    var link = list.querySelector('a[data-seq="' + current + '"]');
    if (link) {
      link.setAttribute("aria-current", "step");
      // Reading offsets lays the page out: after the frame is drawn, not before the first state.
      window.requestAnimationFrame(function () {
        var top = link.parentNode.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = top - list.clientHeight / 2;
      });
    }
    followJump(current);
    var address = "?step=" + current + asQuery;
    document.getElementById("step-link").setAttribute("href", address);
    window.history.replaceState(null, "", address);
    var wanted = current;
    return load(current).then(function (step) {
      if (wanted === current && (redraw || shown !== current)) render(step);
      prefetch(current);
    }).catch(function (err) { label.textContent = String(err.message || err); });
  }

  /* The jump list shows the latest night, round or turn at or before the step. */
  function followJump(seq) {
    var jump = document.getElementById("jump");
    if (!jump) return;
    var best = null;
    Array.prototype.forEach.call(jump.options, function (o) {
      var at = parseInt(o.value, 10);
      if (at <= seq && (!best || at >= parseInt(best.value, 10))) best = o;
    });
    if (best) jump.value = best.value;
  }

  function stop() {
    if (timer) window.clearTimeout(timer);
    timer = null;
    playButton.textContent = words.play;
    playButton.setAttribute("aria-pressed", "false");
  }

  function tick() {
    if (current >= page.version) {
      stop();
      return;
    }
    go(current + 1).then(function () {
      if (timer) timer = window.setTimeout(tick, parseInt(speed.value, 10));
    });
  }

  function play() {
    if (current >= page.version) go(1);
    playButton.textContent = words.pause;
    playButton.setAttribute("aria-pressed", "true");
    timer = window.setTimeout(tick, parseInt(speed.value, 10));
  }

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function node(tag, attrs, content) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    if (content !== undefined) n.textContent = content;
    return n;
  }

  function verification(data) {
    var box = document.getElementById("verify-text");
    box.textContent = data.verified ? format(words.verified, {rolls: data.rolls_checked})
      : format(words.not_verified, {problems: (data.problems || []).join("; ")});
    box.className = data.verified ? "ok" : "error";
    var seedLine = node("p", {}, words.seed + " ");
    seedLine.appendChild(node("code", {id: "seed"}, data.seed || "—"));
    seedLine.appendChild(document.createTextNode(" · " + words.commitment + " "));
    seedLine.appendChild(node("code", {}, data.seed_commitment || "—"));
    box.parentNode.appendChild(seedLine);
    var own = node("p", {id: "browser-check"}, "");
    box.parentNode.appendChild(own);
    if (data.seed && window.crypto && crypto.subtle) {
      crypto.subtle.digest("SHA-256", new TextEncoder().encode(data.seed)).then(function (d) {
        var match = hex(d) === data.seed_commitment;
        own.textContent = match ? words.browser_match : words.browser_mismatch;
        own.className = match ? "ok" : "error";
      });
    } else {
      own.textContent = words.no_crypto;
    }
  }

  function onKey(event) {
    var t = event.target;
    // Form fields (the slider included) handle their own arrow keys.
    if (t.closest && t.closest("input, textarea, select")) return;
    var to = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") to = current + 1;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") to = current - 1;
    else if (event.key === "Home") to = 1;
    else if (event.key === "End") to = page.version;
    if (to === null) return;
    event.preventDefault();
    stop();
    go(to);
  }

  // The step the server rendered is drawn first, before anything else is set up.
  steps[page.step] = JSON.parse(document.getElementById("step-data").textContent);
  render(steps[page.step]);
  if (window.performance && performance.mark) performance.mark("replay-first-state");  // bench/bench_replay_page.py
  if (!items.some(function (li) { return NEW_PLAN.test(li.dataset.type); })) routeToggle.parentNode.hidden = true;
  document.getElementById("step-links").hidden = true;
  document.getElementById("replay-controls").hidden = false;
  var jumpButton = document.getElementById("jump-go");
  if (jumpButton) jumpButton.hidden = true;
  go(page.step);

  slider.addEventListener("input", function () { stop(); go(parseInt(slider.value, 10)); });
  document.getElementById("step-first").addEventListener("click", function () { stop(); go(1); });
  document.getElementById("step-prev").addEventListener("click", function () { stop(); go(current - 1); });
  document.getElementById("step-next").addEventListener("click", function () { stop(); go(current + 1); });
  document.getElementById("step-last").addEventListener("click", function () { stop(); go(page.version); });
  playButton.addEventListener("click", function () { if (timer) stop(); else play(); });
  routeToggle.addEventListener("change", function () { go(current, true); });
  var jump = document.getElementById("jump");
  if (jump) jump.addEventListener("change", function () { stop(); go(parseInt(jump.value, 10)); });
  list.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-seq]");
    if (!link) return;
    event.preventDefault();
    stop();
    go(parseInt(link.dataset.seq, 10));
  });
  document.addEventListener("keydown", onKey);

  fetch(page.api + "verification/", {credentials: "same-origin"}).then(function (r) {
    if (!r.ok) throw new Error(format(words.unavailable, {status: r.status}));
    return r.json();
  }).then(verification).catch(function (err) {
    var box = document.getElementById("verify-text");
    box.textContent = String(err.message || err);
    box.className = "error";
  });
})();
