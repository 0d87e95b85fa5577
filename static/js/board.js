/* The hex board as SVG, drawn from a board file and an engine view (issue 7, 15), and the
 * registry of per-system boards.
 *
 * Generic on purpose: the board comes from data/boards/<system>.json (hexes with doubled
 * coordinates row/col2, terrain or territory, cities, airfields, London); tokens are every
 * object in the view that stands on a hex ("hex": id), whatever list the engine keeps it in.
 * Pointy-top hexes: x = col2 * √3/2 · R, y = row · 1.5 · R (systems/kit/hexgrid.py).
 *
 * Clicking: every hex carries the pick "hex:<id>", every token "piece:<id>" then its hex; the
 * caller (play.js) says which picks to highlight and hears which were clicked (options.onPick).
 * Several aircraft on one hex collapse into the top one with a "+n" badge; clicking the badge
 * expands the stack (options.expanded, options.onToggleStack).
 *
 * A system with its own board (e.g. systems/nightfighter/static/js/nightfighter/board.js) registers a drawer with
 * NightBoard.register(system, {...}); NightBoard.drawer(system) returns it, or this generic one.
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
  // Board geometry and airfield lists in a view describe the board, not pieces on it.
  var NOT_TOKENS = ["board", "airfields", "known_plan", "plan", "commitments", "declared_attacks", "last_dice"];
  var drawers = {};
  var wordsNode = document.getElementById("board-ui-words");
  var uiWords = wordsNode ? JSON.parse(wordsNode.textContent) : {};

  /* A page sentence with its %(name)s placeholders filled in. */
  function fill(sentence, values) {
    return String(sentence || "").replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  }

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

  /* A label that stays readable over anything: a dark halo behind light text (CSS .label). */
  function label(parent, x, y, content, cls) {
    return text(parent, x, y, content, "label " + (cls || ""));
  }

  /* Make an SVG node a pick target: a click (or Enter/Space when focused) reports its picks. */
  function pickable(node, picks, options, title) {
    node.setAttribute("data-picks", picks.join(" "));
    if (!options.onPick) return;
    node.setAttribute("tabindex", "-1");
    node.addEventListener("click", function (event) {
      event.stopPropagation();
      options.onPick(picks);
    });
    if (title) el("title", {}, node).textContent = title;
  }

  function isHighlighted(options, picks) {
    return picks.some(function (p) { return options.highlight && options.highlight[p]; });
  }

  function isSelected(options, picks) {
    return picks.some(function (p) { return (options.selected || []).indexOf(p) !== -1; });
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
    ((board && board.hexes) || []).forEach(function (h) { byId[String(h.id)] = h; });
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

  function tokenTitle(t) {
    return [t.name, t.kind, t.side, t.altitude !== undefined ? fill(uiWords.altitude, {altitude: t.altitude}) : "",
            t.fuel !== undefined ? fill(uiWords.fuel, {fuel: t.fuel + (t.fuelMax ? "/" + t.fuelMax : "")}) : "",
            t.state, t.damaged ? uiWords.damaged : ""].filter(Boolean).join(", ");
  }

  function drawGroundUnit(layer, t, c, n, options) {
    var picks = ["piece:" + t.name, "hex:" + t.hex];
    var g = el("g", {"class": "ground-unit side-" + t.side + (isHighlighted(options, picks) ? " pick" : ""),
                     "data-token": t.name,
                     transform: "translate(" + (c.x - R * 0.75 + n * 6) + "," + (c.y - R * 0.15 + n * 6) + ")"}, layer);
    el("title", {}, g).textContent = t.name + " " + t.label;
    el("rect", {width: 14, height: 12, rx: 2, "class": "ground-body"}, g);
    text(g, 7, 9, initials(t.label || t.name), "ground-text");
    pickable(g, picks, options);
  }

  function drawToken(layer, t, c, offset, options) {
    var picks = ["piece:" + t.name, "hex:" + t.hex];
    var cls = "token side-" + t.side + (t.damaged ? " damaged" : "") +
      (isHighlighted(options, picks.slice(0, 1)) ? " pick" : "") + (isSelected(options, picks.slice(0, 1)) ? " selected" : "");
    var g = el("g", {"class": cls, "data-token": t.name,
                     transform: "translate(" + (c.x + offset.x) + "," + (c.y + offset.y) + ")"}, layer);
    el("title", {}, g).textContent = tokenTitle(t);
    el("circle", {r: R * 0.62, "class": "token-ring"}, g);
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
    pickable(g, picks, options);
    return g;
  }

  /* The "+n" badge of a collapsed stack (or "−" to fold an open one). */
  function drawStackBadge(layer, hex, c, count, open, options) {
    var g = el("g", {"class": "stack-badge", "data-stack": hex, role: "button",
                     transform: "translate(" + (c.x - R * 0.55) + "," + (c.y - R * 0.62) + ")"}, layer);
    el("title", {}, g).textContent = open ? uiWords.stack_fold :
      String(uiWords.stack_open || "").replace("%(n)s", count);
    el("rect", {x: -9, y: -8, width: 18, height: 14, rx: 7, "class": "stack-body"}, g);
    text(g, 0, 3, open ? "−" : "+" + (count - 1), "stack-text");
    if (options.onToggleStack) {
      g.addEventListener("click", function (event) { event.stopPropagation(); options.onToggleStack(hex); });
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
      var vp = view.score > 0 ? uiWords.vp_british : view.score < 0 ? uiWords.vp_german : uiWords.vp_level;
      out.push({label: fill(vp, {n: Math.abs(view.score)}), value: view.score, min: -span, max: span,
                left: uiWords.german, right: uiWords.british});
    }
    if (view && typeof view.round === "number" && typeof view.last_round === "number") {
      out.push({label: fill(uiWords.round_track, {round: view.round, last: view.last_round}), value: view.round,
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

  function drawHex(layers, h, weather, options) {
    var c = centre(h), id = String(h.id), picks = ["hex:" + id];
    var cls = ["hex", TERRAIN_CLASS[h.terrain || h.territory] || "t-land-a"];
    if (h.london) cls.push("london");
    WEATHER_KEYS.forEach(function (k) { if (weather[k].indexOf(id) !== -1) cls.push("w-" + k); });
    if (isHighlighted(options, picks)) cls.push("highlight");
    if (isSelected(options, picks)) cls.push("selected");
    var poly = el("polygon", {points: corners(c), "class": cls.join(" "), "data-hex": id}, layers.hexes);
    pickable(poly, picks, options);
    text(layers.hexes, c.x, c.y - R * 0.55, id, "hex-id");
    var af = h.airfield;
    if (af) {
      var afSide = typeof af === "string" ? af : af.side;
      el("rect", {x: c.x - R * 0.8, y: c.y + R * 0.2, width: 12, height: 12, rx: 2, "class": "airfield side-" + afSide}, layers.hexes);
      text(layers.hexes, c.x - R * 0.8 + 6, c.y + R * 0.2 + 10, "A", "airfield-text");
      if (af.name) label(layers.labels, c.x, c.y + R * 0.88, af.name, "airfield-name");
    }
    if (h.city) {
      el("circle", {cx: c.x + R * 0.55, cy: c.y + R * 0.3, r: 6, "class": "city city-" + (h.city.difficulty || "none")}, layers.hexes);
      // City names and values go on the label layer, above the tokens, so a token never hides them.
      label(layers.labels, c.x, c.y + R * 0.88, h.city.name + (h.city.vp !== undefined ? " " + h.city.vp : ""), "city-name");
    }
    WEATHER_KEYS.forEach(function (k) {
      if (weather[k].indexOf(id) !== -1) text(layers.hexes, c.x + R * 0.5, c.y - R * 0.1, {clouds: "☁", storms: "⚡", fog: "≋"}[k], "weather-mark");
    });
  }

  /* Aircraft of one hex: alone, collapsed to the most relevant one with a "+n" badge, or fanned out. */
  function drawStack(layers, hex, stack, c, options) {
    var open = stack.length > 1 && options.expanded && options.expanded[hex];
    if (stack.length === 1 || open) {
      stack.forEach(function (t, n) {
        var offset = n === 0 ? {x: 0, y: 0} : {x: (n % 2 ? -1 : 1) * R * 0.45, y: R * 0.38 * (n - (n % 2 ? 0 : 1))};
        drawToken(layers.tokens, t, c, offset, options);
      });
    } else {
      var top = stack.filter(function (t) {
        return isSelected(options, ["piece:" + t.name]) || isHighlighted(options, ["piece:" + t.name]);
      })[0] || stack[0];
      drawToken(layers.tokens, top, c, {x: 0, y: 0}, options).setAttribute("data-stack-count", String(stack.length));
    }
    if (stack.length > 1) drawStackBadge(layers.badges, hex, c, stack.length, open, options);
  }

  /* Draw the board and the view's tokens into container; returns {tokens}. */
  function draw(container, board, view, options) {
    options = options || {};
    container.textContent = "";
    if (!board || !board.hexes) {
      container.hidden = true;
      return {tokens: []};
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

    var layers = {hexes: el("g", {"class": "hexes"}, svg)};
    var routeLayer = el("g", {"class": "route"}, svg);
    layers.ground = el("g", {"class": "ground-units"}, svg);
    layers.tokens = el("g", {"class": "tokens"}, svg);
    layers.labels = el("g", {"class": "labels"}, svg);
    layers.badges = el("g", {"class": "badges"}, svg);
    var weather = findWeather(view);
    board.hexes.forEach(function (h) { drawHex(layers, h, weather, options); });
    if (options.route && options.route.length) drawRoute(routeLayer, options.route, byId);

    var tokens = findTokens(view, byId);
    var stacks = {}, groundPerHex = {};
    tokens.forEach(function (t) {
      if (t.ground) {
        var k = groundPerHex[t.hex] = (groundPerHex[t.hex] || 0) + 1;
        drawGroundUnit(layers.ground, t, centre(byId[t.hex]), k - 1, options);
        return;
      }
      (stacks[t.hex] = stacks[t.hex] || []).push(t);
    });
    Object.keys(stacks).forEach(function (hex) { drawStack(layers, hex, stacks[hex], centre(byId[hex]), options); });
    container.appendChild(svg);
    return {tokens: tokens};
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

  /* The pieces in text for the caption (screen readers and small screens); the situation
   * itself is in words beside the board. */
  function describe(result) {
    return result.tokens.map(function (t) {
      return t.name + " @" + t.hex + (t.altitude !== undefined ? " " + altitudeText(t.altitude) : "") +
        (typeof t.fuel === "number" ? " " + fill(uiWords.fuel, {fuel: t.fuel}) : "") + (t.damaged ? " " + uiWords.damaged : "");
    }).join("; ");
  }

  var generic = {draw: draw, describe: describe,
                 route: function (state, board) { return board ? findRoute(state, hexIndex(board)) : []; }};

  // On a phone the legend starts folded, so the board and the moves come first.
  if (window.matchMedia && window.matchMedia("(max-width: 52rem)").matches) {
    Array.prototype.forEach.call(document.querySelectorAll("details.legend[open]"), function (d) { d.open = false; });
  }

  window.NightBoard = {
    draw: draw, describe: describe, findTokens: findTokens, findRoute: findRoute, hexIndex: hexIndex,
    el: el, text: text, label: label, pickable: pickable, isHighlighted: isHighlighted, isSelected: isSelected,
    generic: generic,
    /* A system's own board module, every key optional (the generic one fills the gaps):
     *   draw(container, board, view, options) → result; describe(result) → caption text;
     *   route(state, board) → the hidden route's hexes (replays);
     *   expand(template action, view) → [{command, label, picks}]: a "template" legal action
     *     as the concrete commands the board can offer (play page);
     *   choose(action, play) → true when the module handles the chosen action itself (e.g. adds
     *     it to a plan it sends later through play.send);
     *   pickWords(pick, playWords) → a pick in words for the chooser ("hex 0618");
     *   controls(element, play): fill the module's own controls (#board-controls, under the
     *     chooser of the play page), called whenever the panel is rendered;
     *   ownsMoves: true when the system's own controls compose every move (the Duel's), so
     *     the play page offers no board picks of its own. */
    register: function (system, drawer) { drawers[system] = Object.assign({}, generic, drawer); },
    drawer: function (system) { return drawers[system] || generic; }
  };
})();
