/* The hex board as SVG, drawn from a board file and an engine view (issue 7).
 *
 * Generic on purpose: the board comes from data/boards/<system>.json (hexes with doubled
 * coordinates row/col2, terrain or territory, cities, airfields, London); tokens are every
 * object in the view that stands on a hex ("hex": id), whatever list the engine keeps it in.
 * Pointy-top hexes: x = col2 * √3/2 · R, y = row · 1.5 · R (game/rules/hexgrid.py).
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var R = 26;
  var W = Math.sqrt(3) / 2 * R;
  var SIDE_WORDS = ["luftwaffe", "raf", "german", "british", "player"];
  var TERRAIN_CLASS = {england: "t-land-a", british: "t-land-a", france: "t-land-b", german: "t-land-b", sea: "t-sea"};
  var SHORT_NAMES = {bomber: "B", mosquito: "M"};
  var WEATHER_KEYS = ["clouds", "storms", "fog"];
  var NUMBER_FACTS = ["night", "night_no", "round", "phase", "phase_label", "step", "turn", "score_display", "score", "vp",
                      "victory_points"];
  // Board geometry and airfield lists in a view describe the board, not pieces on it.
  var NOT_TOKENS = ["board", "airfields", "known_plan", "plan", "commitments", "declared_attacks", "last_dice"];

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function text(parent, x, y, content, cls) {
    var t = el("text", {x: x, y: y, "class": cls || ""}, parent);
    t.textContent = content;
    return t;
  }

  function centre(h) { return {x: h.col2 * W + W + 4, y: h.row * 1.5 * R + 4}; }

  function corners(c) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 90);
      pts.push((c.x + R * Math.cos(a)).toFixed(1) + "," + (c.y + R * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  function hexIndex(board) {
    var byId = {};
    (board.hexes || []).forEach(function (h) { byId[String(h.id)] = h; });
    return byId;
  }

  function sideOf(obj, path) {
    var own = obj.side || obj.owner || obj.player;
    if (typeof own === "string") return own;
    for (var i = path.length - 1; i >= 0; i--) {
      var p = String(path[i]).toLowerCase();
      for (var j = 0; j < SIDE_WORDS.length; j++) if (p.indexOf(SIDE_WORDS[j]) !== -1) return SIDE_WORDS[j];
      if (p === "bomber" || p === "mosquito") return "british";
      if (p === "fighters" || p.indexOf("ground") === 0 || p === "tiles") return "german";
    }
    return "neutral";
  }

  /* Every object standing on a board hex, with what a token shows. */
  function findTokens(view, byId) {
    var found = [];
    (function walk(node, path) {
      if (Array.isArray(node)) { node.forEach(function (v, i) { walk(v, path.concat([i])); }); return; }
      if (!node || typeof node !== "object") return;
      var hex = node.hex !== undefined ? node.hex : node.position;
      if ((typeof hex === "number" || typeof hex === "string") && byId[String(hex)]) {
        var last = path.length ? path[path.length - 1] : "";
        var name = node.id || node.name || node.tile || node.fighter ||
          (typeof last === "string" ? last : path[path.length - 2] + " " + last);
        found.push({
          hex: String(hex), name: String(name), kind: node.type || node.kind || "",
          side: sideOf(node, path), altitude: node.altitude, fuel: node.fuel,
          fuelMax: node.fuel_max || node.fuelMax, state: node.state || node.status || "",
          damaged: !!(node.damaged || node.state === "damaged" || node.face === "smoke" || node.face === "damaged"),
          label: node.face || node.kind || "",
          // A ground unit (a tile with a face) sits in a corner, under the aircraft.
          ground: node.tile !== undefined || (node.face !== undefined && node.altitude === undefined),
          hidden: node.destroyed === true
        });
        return;
      }
      Object.keys(node).forEach(function (k) { if (NOT_TOKENS.indexOf(k) === -1) walk(node[k], path.concat([k])); });
    })(view || {}, []);
    return found.filter(function (t) { return !t.hidden; });
  }

  function findWeather(view) {
    var weather = {clouds: [], storms: [], fog: []};
    (function walk(node, depth) {
      if (!node || typeof node !== "object" || depth > 4) return;
      WEATHER_KEYS.forEach(function (k) {
        if (Array.isArray(node[k])) weather[k] = weather[k].concat(node[k].map(String));
      });
      Object.keys(node).forEach(function (k) { if (WEATHER_KEYS.indexOf(k) === -1) walk(node[k], depth + 1); });
    })(view, 0);
    return weather;
  }

  function facts(view) {
    var out = [];
    if (!view || typeof view !== "object") return out;
    NUMBER_FACTS.forEach(function (k) {
      if (typeof view[k] === "number" || typeof view[k] === "string") out.push([k, view[k]]);
    });
    // 303: the round track is also the German fuel gauge.
    if (typeof view.round === "number" && typeof view.last_round === "number") {
      out = out.filter(function (f) { return f[0] !== "round"; });
      out.unshift(["round", view.round + "/" + view.last_round]);
    }
    var w = view.weather;
    if (w && typeof w === "object") ["wind", "moon", "card_id"].forEach(function (k) { if (w[k] !== undefined && w[k] !== null) out.push([k, w[k]]); });
    return out;
  }

  function shortName(name) {
    var s = String(name);
    return s.length <= 4 ? s : s.replace(/[^A-Za-z0-9]/g, "").slice(0, 3);
  }

  function altitudeText(a) {
    if (a === undefined || a === null || a === "") return "";
    if (typeof a === "number") return String(a);
    var s = String(a).toUpperCase();
    return s === "HIGH" ? "H" : s === "LOW" ? "L" : s.slice(0, 2);
  }

  function initials(word) {
    return String(word).split(/[_\s-]+/).map(function (w) { return w.charAt(0).toUpperCase(); }).join("").slice(0, 2);
  }

  function drawGroundUnit(layer, t, c, n) {
    var g = el("g", {"class": "ground-unit side-" + t.side, "data-token": t.name,
                     transform: "translate(" + (c.x - R * 0.75 + n * 6) + "," + (c.y - R * 0.15 + n * 6) + ")"}, layer);
    el("title", {}, g).textContent = t.name + " " + t.label;
    el("rect", {width: 14, height: 12, rx: 2, "class": "ground-body"}, g);
    text(g, 7, 9, initials(t.label || t.name), "ground-text");
  }

  function drawToken(layer, t, c, offset) {
    var g = el("g", {"class": "token side-" + t.side + (t.damaged ? " damaged" : ""), "data-token": t.name,
                     transform: "translate(" + (c.x + offset.x) + "," + (c.y + offset.y) + ")"}, layer);
    var title = el("title", {}, g);
    title.textContent = [t.name, t.kind, t.side, t.altitude !== undefined ? "altitude " + t.altitude : "",
                         t.fuel !== undefined ? "fuel " + t.fuel + (t.fuelMax ? "/" + t.fuelMax : "") : "",
                         t.state, t.damaged ? "damaged" : ""].filter(Boolean).join(", ");
    el("circle", {r: R * 0.5, "class": "token-body"}, g);
    text(g, 0, 4, SHORT_NAMES[t.kind] || SHORT_NAMES[t.name] || shortName(t.name), "token-label");
    var alt = altitudeText(t.altitude);
    if (alt) {
      el("rect", {x: R * 0.25, y: -R * 0.72, width: 14, height: 12, rx: 3, "class": "alt-badge"}, g);
      text(g, R * 0.25 + 7, -R * 0.72 + 10, alt, "alt-text");
    }
    if (typeof t.fuel === "number") {
      var max = t.fuelMax || Math.max(t.fuel, 1);
      var width = R * 1.0;
      el("rect", {x: -width / 2, y: R * 0.55, width: width, height: 4, "class": "fuel-bg"}, g);
      el("rect", {x: -width / 2, y: R * 0.55, width: Math.max(0, Math.min(1, t.fuel / max)) * width, height: 4,
                  "class": "fuel-bar" + (t.fuel / max <= 0.25 ? " low" : "")}, g);
    }
  }

  function drawRoute(layer, route, byId) {
    var pts = route.map(function (id) { return byId[String(id)]; }).filter(Boolean).map(centre);
    if (pts.length < 2) return;
    el("polyline", {points: pts.map(function (p) { return p.x + "," + p.y; }).join(" "), "class": "route-line",
                    "marker-end": "url(#route-arrow)"}, layer);
    pts.forEach(function (p, i) {
      if (i === 0) return;
      el("circle", {cx: p.x + R * 0.45, cy: p.y - R * 0.45, r: 7, "class": "route-step"}, layer);
      text(layer, p.x + R * 0.45, p.y - R * 0.45 + 3, String(i), "route-step-text");
    });
  }

  /* Tracks under the board: the VP track (Duel: > 0 British, < 0 German) and the round
   * track (303: also the German fuel gauge). */
  function tracks(view) {
    var out = [];
    if (view && typeof view.score === "number") {
      var span = Math.max(30, Math.ceil(Math.abs(view.score) / 10) * 10);
      out.push({label: "VP " + (view.score_display || view.score), value: view.score, min: -span, max: span,
                left: "German", right: "British"});
    }
    if (view && typeof view.round === "number" && typeof view.last_round === "number") {
      out.push({label: "Round " + view.round + " of " + view.last_round + " (German fuel)", value: view.round,
                min: 1, max: view.last_round, left: "1", right: String(view.last_round)});
    }
    return out;
  }

  function drawTrack(layer, track, x0, x1, y) {
    var x = function (v) { return x0 + (Math.max(track.min, Math.min(track.max, v)) - track.min) / (track.max - track.min) * (x1 - x0); };
    el("line", {x1: x0, y1: y, x2: x1, y2: y, "class": "track-line"}, layer);
    var step = (track.max - track.min) > 20 ? 10 : 1;
    for (var v = track.min; v <= track.max; v += step) el("line", {x1: x(v), y1: y - 4, x2: x(v), y2: y + 4, "class": "track-tick"}, layer);
    el("circle", {cx: x(track.value), cy: y, r: 7, "class": "track-marker"}, layer);
    text(layer, x0, y - 10, track.left, "track-end");
    text(layer, x1, y - 10, track.right, "track-end");
    text(layer, (x0 + x1) / 2, y + 20, track.label, "track-label");
  }

  /* Draw the board and the view's tokens into container; returns {tokens, facts}. */
  function draw(container, board, view, options) {
    options = options || {};
    container.textContent = "";
    if (!board || !board.hexes) {
      container.hidden = true;
      return {tokens: [], facts: facts(view)};
    }
    var byId = hexIndex(board);
    var maxX = 0, maxY = 0;
    board.hexes.forEach(function (h) { var c = centre(h); maxX = Math.max(maxX, c.x); maxY = Math.max(maxY, c.y); });
    var trackList = tracks(view);
    var boardHeight = maxY + R + 8;
    var svg = el("svg", {viewBox: "0 0 " + (maxX + W + 8) + " " + (boardHeight + trackList.length * 48),
                         "class": "board-svg", "aria-hidden": "true", focusable: "false"});
    var trackLayer = el("g", {"class": "tracks"}, svg);
    trackList.forEach(function (t, i) { drawTrack(trackLayer, t, 40, maxX + W - 32, boardHeight + 20 + i * 48); });
    var defs = el("defs", {}, svg);
    var marker = el("marker", {id: "route-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5,
                               markerHeight: 5, orient: "auto-start-reverse"}, defs);
    el("path", {d: "M0,0 L10,5 L0,10 z", "class": "route-arrow"}, marker);

    var weather = findWeather(view);
    var highlight = {};
    (options.highlight || []).forEach(function (id) { highlight[String(id)] = true; });
    var hexLayer = el("g", {"class": "hexes"}, svg);
    board.hexes.forEach(function (h) {
      var c = centre(h), id = String(h.id);
      var cls = ["hex", TERRAIN_CLASS[h.terrain || h.territory] || "t-land-a"];
      if (h.london) cls.push("london");
      WEATHER_KEYS.forEach(function (k) { if (weather[k].indexOf(id) !== -1) cls.push("w-" + k); });
      if (highlight[id]) cls.push("highlight");
      var poly = el("polygon", {points: corners(c), "class": cls.join(" "), "data-hex": id}, hexLayer);
      if (options.onHexClick) poly.addEventListener("click", function () { options.onHexClick(id); });
      text(hexLayer, c.x, c.y - R * 0.55, id, "hex-id");
      var af = h.airfield;
      if (af) {
        var afSide = typeof af === "string" ? af : af.side;
        el("rect", {x: c.x - R * 0.8, y: c.y + R * 0.2, width: 12, height: 12, rx: 2, "class": "airfield side-" + afSide}, hexLayer);
        text(hexLayer, c.x - R * 0.8 + 6, c.y + R * 0.2 + 10, "A", "airfield-text");
      }
      if (h.city) {
        el("circle", {cx: c.x + R * 0.55, cy: c.y + R * 0.3, r: 6, "class": "city city-" + (h.city.difficulty || "none")}, hexLayer);
        text(hexLayer, c.x, c.y + R * 0.85, h.city.name + (h.city.vp !== undefined ? " " + h.city.vp : ""), "city-name");
      }
      WEATHER_KEYS.forEach(function (k) {
        if (weather[k].indexOf(id) !== -1) text(hexLayer, c.x + R * 0.5, c.y - R * 0.1, {clouds: "☁", storms: "⚡", fog: "≋"}[k], "weather-mark");
      });
    });
    if (options.route && options.route.length) drawRoute(el("g", {"class": "route"}, svg), options.route, byId);

    var groundLayer = el("g", {"class": "ground-units"}, svg);
    var tokenLayer = el("g", {"class": "tokens"}, svg);
    var tokens = findTokens(view, byId);
    var perHex = {}, groundPerHex = {};
    tokens.forEach(function (t) {
      if (t.ground) {
        var k = groundPerHex[t.hex] = (groundPerHex[t.hex] || 0) + 1;
        drawGroundUnit(groundLayer, t, centre(byId[t.hex]), k - 1);
        return;
      }
      var n = perHex[t.hex] = (perHex[t.hex] || 0) + 1;
      var offset = n === 1 ? {x: 0, y: 0} : {x: (n % 2 ? -1 : 1) * R * 0.35, y: R * 0.3 * (n - 1)};
      drawToken(tokenLayer, t, centre(byId[t.hex]), offset);
    });
    container.appendChild(svg);
    return {tokens: tokens, facts: facts(view)};
  }

  function hexOf(v, byId) { return (typeof v === "number" || typeof v === "string") && byId[String(v)] ? String(v) : null; }

  /* The hidden route as hex ids: a list of hexes, or compass cards walked from the take-off hex. */
  function findRoute(state, byId) {
    var found = null;
    (function walk(obj, depth) {
      if (found || !obj || typeof obj !== "object" || depth > 5) return;
      var route = obj.route || obj.route_hexes;
      if (Array.isArray(route) && route.length) {
        if (route.every(function (h) { return hexOf(h, byId); })) { found = route.map(String); return; }
        if (route.every(function (c) { return c && hexOf(c.hex, byId); })) { found = route.map(function (c) { return String(c.hex); }); return; }
        var start = ["takeoff_bomber", "bomber_takeoff", "takeoff", "start", "from"]
          .map(function (k) { return hexOf(obj[k], byId); }).filter(Boolean)[0];
        if (start && route.every(function (c) { return c && (c.dir || c.direction); })) {
          var hexes = [start], at = start;
          route.forEach(function (c) {
            var next = (byId[at].neighbours || {})[c.dir || c.direction];
            if (next !== undefined) { at = String(next); hexes.push(at); }
          });
          found = hexes;
          return;
        }
      }
      Object.keys(obj).forEach(function (k) { walk(obj[k], depth + 1); });
    })(state, 0);
    return found || [];
  }

  /* A text summary of the drawing for the caption (screen readers and small screens). */
  function describe(result) {
    var parts = result.facts.map(function (f) { return f[0].replace(/_/g, " ") + " " + f[1]; });
    var tokens = result.tokens.map(function (t) {
      return t.name + " @" + t.hex + (t.altitude !== undefined ? " " + altitudeText(t.altitude) : "") +
        (typeof t.fuel === "number" ? " fuel " + t.fuel : "") + (t.damaged ? " damaged" : "");
    });
    return parts.join(" · ") + (tokens.length ? (parts.length ? " — " : "") + tokens.join("; ") : "");
  }

  window.NightBoard = {draw: draw, describe: describe, findTokens: findTokens, findRoute: findRoute, hexIndex: hexIndex};
})();
