/* Replay viewer (issue 7; service.md "Replays"): steps through every event of a finished
 * game with the full state after it, draws the board, lists each event with its VP reasons,
 * overlays the hidden route once the night is over, and shows the dice-seed verification
 * (re-computing sha256(seed) in the browser against the commitment published at creation).
 */
(function () {
  "use strict";
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var board = JSON.parse(document.getElementById("board-data").textContent);
  var slider = document.getElementById("step-slider");
  var label = document.getElementById("step-label");
  var detail = document.getElementById("step-detail");
  var stateText = document.getElementById("step-state");
  var list = document.getElementById("replay-events");
  var routeToggle = document.getElementById("show-route");
  // Events after which the hidden plan is public (the end of a night, or of the game), and
  // the event that commits the next night's plan, hidden again until that night ends.
  var REVEALING = /^(PlanRevealed|RouteRevealed|NightEnded|GameEnded|Revealed)$/;
  var NEW_PLAN = /^(PlanCommitted|RouteCommitted)$/;
  var VP_KEY = /(^|_)(vp|score|points)($|_)/i;
  var steps = [];
  var routeRevealed = [];
  var byId = board ? NightBoard.hexIndex(board) : {};

  function node(tag, attrs, textContent) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    if (textContent !== undefined) n.textContent = textContent;
    return n;
  }

  function compact(v) { return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v); }

  function reasonText(r) {
    if (!r || typeof r !== "object") return String(r);
    var value = typeof r.value === "number" ? (r.value > 0 ? "+" : "") + r.value : compact(r.value);
    return (r.rule || r.reason || compact(r)) + (r.value !== undefined ? ": " + value : "") + (r.per ? " (" + r.per + ")" : "");
  }

  /* VP lines of an event: the award with its reasons, and any vp/score/points field. */
  function vpLines(payload) {
    var lines = [];
    if (payload && typeof payload.amount === "number" && Array.isArray(payload.reasons)) {
      lines.push((payload.side || "") + " +" + payload.amount + " VP" + (payload.occasion ? " — " + payload.occasion : ""));
      payload.reasons.forEach(function (r) { lines.push("· " + reasonText(r)); });
      if (payload.score_after !== undefined) lines.push("score after: " + payload.score_after);
      return lines;
    }
    (function walk(obj, prefix) {
      if (!obj || typeof obj !== "object") return;
      Object.keys(obj).forEach(function (k) {
        var v = obj[k];
        if (VP_KEY.test(k) && (typeof v === "number" || (v && typeof v === "object"))) {
          lines.push(prefix + k + ": " + compact(v));
        } else if (/reasons?$/i.test(k)) {
          (Array.isArray(v) ? v : [v]).forEach(function (r) { lines.push("· " + reasonText(r)); });
        } else if (v && typeof v === "object" && !Array.isArray(v)) {
          walk(v, prefix + k + ".");
        } else if (Array.isArray(v)) {
          v.forEach(function (item) { if (item && typeof item === "object") walk(item, prefix + k + "[]."); });
        }
      });
    })(payload, "");
    return lines;
  }

  function show(index) {
    index = Math.max(0, Math.min(steps.length - 1, index));
    slider.value = index;
    var step = steps[index], e = step.event;
    label.textContent = "Event " + (index + 1) + " of " + steps.length + ": " + e.type;
    var route = routeToggle.checked && routeRevealed[index] ? NightBoard.findRoute(step.state, byId) : [];
    var result = NightBoard.draw(document.getElementById("board"), board, step.state, {route: route});
    document.getElementById("board-caption").textContent = NightBoard.describe(result) +
      (route.length ? " — hidden route: " + route.join(" → ") : "");
    detail.textContent = "";
    var dl = node("dl", {"class": "facts"});
    [["Seq", e.seq], ["Type", e.type], ["By", e.actor || "—"], ["Visibility", e.visibility],
     ["Dice", e.dice ? compact(e.dice) : "—"], ["Command", e.command ? compact(e.command) : "—"]].forEach(function (f) {
      dl.appendChild(node("dt", {}, f[0]));
      dl.appendChild(node("dd", {}, String(f[1])));
    });
    detail.appendChild(dl);
    var vp = vpLines(e.payload);
    if (vp.length) {
      var ul = node("ul", {"class": "vp-lines"});
      vp.forEach(function (l) { ul.appendChild(node("li", {}, l)); });
      detail.appendChild(node("h3", {}, "Victory points"));
      detail.appendChild(ul);
    }
    detail.appendChild(node("pre", {"class": "payload"}, JSON.stringify(e.payload, null, 1)));
    if (step.outcome) detail.appendChild(node("p", {"class": "outcome"}, "Outcome: " + compact(step.outcome)));
    stateText.textContent = JSON.stringify(step.state, null, 1);
    Array.prototype.forEach.call(list.querySelectorAll("[aria-current]"), function (b) { b.removeAttribute("aria-current"); });
    var current = list.querySelector('[data-index="' + index + '"]');
    if (current) current.setAttribute("aria-current", "step");
  }

  function fillList() {
    steps.forEach(function (step, i) {
      var li = node("li", {value: step.event.seq});
      var b = node("button", {type: "button", "class": "link", "data-index": i}, step.event.type);
      b.addEventListener("click", function () { show(i); });
      li.appendChild(b);
      var vp = vpLines(step.event.payload);
      if (vp.length) li.appendChild(node("span", {"class": "vp"}, " " + vp.join("; ")));
      list.appendChild(li);
    });
  }

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function verification(data) {
    var box = document.getElementById("verify-text");
    var created = steps.length ? steps[0].event.payload : {};
    var ok = data.verified ? "verified" : "NOT verified";
    box.textContent = "Server check: " + ok + " — seed " + (data.seed_verified ? "matches" : "does not match") +
      " its commitment; " + data.rolls_checked + " dice re-derived from the seed." +
      (data.problems && data.problems.length ? " Problems: " + data.problems.join("; ") : "");
    box.className = data.verified ? "ok" : "error";
    var seedLine = node("p", {}, "Seed: ");
    seedLine.appendChild(node("code", {id: "seed"}, data.seed || "—"));
    seedLine.appendChild(document.createTextNode(" · commitment sha256(seed): "));
    seedLine.appendChild(node("code", {}, created.seed_commitment || "—"));
    box.parentNode.appendChild(seedLine);
    var own = node("p", {id: "browser-check"}, "");
    box.parentNode.appendChild(own);
    if (data.seed && window.crypto && crypto.subtle) {
      crypto.subtle.digest("SHA-256", new TextEncoder().encode(data.seed)).then(function (d) {
        var match = hex(d) === created.seed_commitment;
        own.textContent = "Your browser re-computed sha256(seed): " + (match ? "matches the commitment ✓" : "does NOT match ✗");
        own.className = match ? "ok" : "error";
      });
    } else {
      own.textContent = "This browser cannot re-compute the hash here (no Web Crypto); check it yourself with sha256.";
    }
  }

  function onKey(event) {
    if (!steps.length) return;
    var t = event.target;
    // Form fields (the slider included) handle their own arrow keys.
    if (t.closest && t.closest("input, textarea, select")) return;
    var i = parseInt(slider.value, 10), to = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") to = i + 1;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") to = i - 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = steps.length - 1;
    if (to === null) return;
    event.preventDefault();
    show(to);
  }

  fetch(page.api, {credentials: "same-origin"}).then(function (r) {
    if (!r.ok) throw new Error("replay not available (" + r.status + ")");
    return r.json();
  }).then(function (data) {
    steps = data.steps || [];
    var revealed = false;
    routeRevealed = steps.map(function (s) {
      if (REVEALING.test(s.event.type)) revealed = true;
      else if (NEW_PLAN.test(s.event.type)) revealed = false;
      return revealed;
    });
    slider.max = Math.max(0, steps.length - 1);
    document.getElementById("replay-controls").hidden = false;
    verification(data);
    fillList();
    slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
    document.getElementById("step-first").addEventListener("click", function () { show(0); });
    document.getElementById("step-prev").addEventListener("click", function () { show(parseInt(slider.value, 10) - 1); });
    document.getElementById("step-next").addEventListener("click", function () { show(parseInt(slider.value, 10) + 1); });
    document.getElementById("step-last").addEventListener("click", function () { show(steps.length - 1); });
    routeToggle.addEventListener("change", function () { show(parseInt(slider.value, 10)); });
    document.addEventListener("keydown", onKey);
    show(0);
  }).catch(function (err) {
    var box = document.getElementById("verify-text");
    box.textContent = String(err.message || err);
    box.className = "error";
  });
})();
