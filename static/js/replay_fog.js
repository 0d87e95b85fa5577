/* The replay's fog toggle and "where could it be" (game/replay_fog.py): choosing a side reloads
 * the page seen as that side at the step shown (?step=N&as=side; replay.js keeps as= in every
 * link); on a guessing side's view (the German in Duel in the Dark) and on "everything", the
 * board gets the stored map of where the Bomber could have been at that step, as a heat layer
 * (darker: at more of the moves left), the hexes it could be in now outlined, and on
 * "everything" its true hex ringed (Nightfighter: the pilot's uncertainty areas, darker where
 * more tokens' areas overlap, and the bombers pinned down ringed). The maps come from /api/games/{id}/replay/fog/, computed
 * once after the game ended; until then the page says they are being computed and asks again.
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var RETRY_MS = 3000;
  var data = JSON.parse(document.getElementById("fog-data").textContent);
  var words = JSON.parse(document.getElementById("fog-words").textContent);
  var form = document.getElementById("replay-fog");
  var status = document.getElementById("fog-status");
  var fogStep = document.getElementById("fog-step");
  var maps = null;
  var last = JSON.parse(document.getElementById("step-data").textContent);  // the step on the board

  document.getElementById("fog-go").hidden = true;
  form.addEventListener("change", function () { form.submit(); });

  function showsMap() { return data.has_maps && (!data.as || data.guessing.indexOf(data.as) >= 0); }

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s/g, function (m, key) { return values[key]; });
  }

  function draw(step) {
    var svg = document.getElementById("board");  // the board's box; the drawer's svg is inside
    var old = svg.querySelector("g.fog-heat");
    if (old) old.parentNode.removeChild(old);
    if (!maps || maps.status !== "ready") return;
    var index = maps.by_step[String(step.event.seq)];
    var map = index === null || index === undefined ? null : maps.maps[index];
    if (!map) {
      status.textContent = words.none;
      return;
    }
    var layer = document.createElementNS(SVG, "g");
    layer.setAttribute("class", "fog-heat");
    layer.setAttribute("pointer-events", "none");
    var most = 1;
    Object.keys(map.moves).forEach(function (h) { most = Math.max(most, map.moves[h].length); });
    var truth = data.as ? [] : map.truth || [];
    Object.keys(map.moves).forEach(function (h) {
      var hexShape = svg.querySelector('polygon[data-hex="' + h + '"]');
      if (!hexShape) return;
      var shade = document.createElementNS(SVG, "polygon");
      shade.setAttribute("points", hexShape.getAttribute("points"));
      shade.setAttribute("class", "fog-cell" + (map.now.indexOf(parseInt(h, 10)) >= 0 ? " fog-now" : ""));
      shade.setAttribute("data-fog-hex", h);
      shade.setAttribute("data-fog-count", map.moves[h].length);
      shade.setAttribute("fill-opacity", (0.15 + 0.55 * map.moves[h].length / most).toFixed(2));
      layer.appendChild(shade);
    });
    truth.forEach(function (h) {
      var at = svg.querySelector('polygon[data-hex="' + h + '"]');
      if (!at) return;
      var ring = document.createElementNS(SVG, "polygon");
      ring.setAttribute("points", at.getAttribute("points"));
      ring.setAttribute("class", "fog-truth");
      ring.setAttribute("data-fog-truth", h);
      layer.appendChild(ring);
    });
    // Above the hexes, under the pieces and overlays the board draws on top of them.
    var hexLayer = svg.querySelector("polygon[data-hex]").parentNode;
    hexLayer.parentNode.insertBefore(layer, hexLayer.nextSibling);
    status.textContent = words.title + ": " + words.legend + (truth.length ? " " + words.truth : "") +
      (map.exact ? "" : " " + words.superset);
  }

  function load() {
    fetch(data.api, {credentials: "same-origin"}).then(function (r) {
      if (!r.ok) throw new Error(format(words.unavailable, {status: r.status}));
      return r.json();
    }).then(function (answer) {
      maps = answer;
      if (answer.status === "computing") {
        status.textContent = words.computing;
        window.setTimeout(load, RETRY_MS);
      } else if (last) {
        draw(last);
      }
    }).catch(function (err) { status.textContent = String(err.message || err); });
  }

  document.addEventListener("replay:rendered", function (event) {
    last = event.detail.step;
    fogStep.value = last.event.seq;
    if (showsMap()) draw(last);
  });
  if (showsMap()) {
    status.hidden = false;
    load();
  } else {
    status.hidden = true;
  }
})();
