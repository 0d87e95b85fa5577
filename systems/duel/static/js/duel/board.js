/* The Duel in the Dark board (issue 15), drawn from the board file and a side's view.
 *
 * Readable first: the city name and its VP sit at the top of the hex above every token; the
 * aircraft stand in the middle (at most two drawn, "+n" for more); under them each ground unit of
 * the hex is a chip of its own (a tool's placed-but-unsent units dashed), in rows that keep clear
 * of the aircraft; clicking a hex lists everything in it under the board. The legend
 * under the board explains every letter and mark. The Duel controls (controls.js) set
 * DuelBoard.interaction to highlight the hexes a command may use and to receive hex clicks.
 *
 * Registered as the system's board (NightBoard.register, static/js/board.js) for the play page
 * and the replay; its own controls compose the moves (ownsMoves), not the generic board picks.
 * Strings come from the catalogue #duel-words (systems/duel/words.py).
 */
(function () {
  "use strict";
  var R = 30;
  var W = Math.sqrt(3) / 2 * R;
  var PAD = 6;
  var SYSTEM = "duel-in-the-dark";
  var words = JSON.parse(document.getElementById("duel-words").textContent);
  var ui = words.ui;
  var FIGHTER_FILL = {red: "#d8322b", green: "#2f9e44", yellow: "#e8c21a", blue: "#2f63c9", ju88: "#6b6b6b"};
  var TYPE_LABEL = {"Me 110": "110", "Do 217": "217", "Ju 88": "88"};
  var last = null;
  var expanded = null;

  var el = NightBoard.el, text = NightBoard.text;  // SVG element helpers of the generic board

  function fill(template, values) {
    var out = String(template);
    if (Array.isArray(values)) values.forEach(function (v) { out = out.replace("%s", v); });
    else if (values && typeof values === "object") Object.keys(values).forEach(function (k) { out = out.split("%(" + k + ")s").join(values[k]); });
    else if (values !== undefined) out = out.replace(/%\(\w+\)s|%s/g, String(values));  // a sentence's one placeholder
    return out;
  }

  function geometry(board) {
    var byId = {}, minX = Infinity, minY = Infinity, maxX = 0, maxY = 0;
    board.hexes.forEach(function (h) {
      byId[String(h.id)] = h;
      var x = h.col2 * W, y = h.row * 1.5 * R;
      minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    });
    return {
      byId: byId,
      centre: function (id) {
        var h = byId[String(id)];
        return h ? {x: h.col2 * W - minX + W + PAD, y: h.row * 1.5 * R - minY + R + PAD} : null;
      },
      width: maxX - minX + 2 * W + 2 * PAD,
      height: maxY - minY + 2 * R + 2 * PAD
    };
  }

  function corners(c, r) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 90);
      pts.push((c.x + r * Math.cos(a)).toFixed(1) + "," + (c.y + r * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  function fighterName(fid, type) {
    return fid === "ju88" ? (words.aircraft[type] || type) : (words.colours[fid] || fid) + " " + (words.aircraft[type] || type);
  }

  /* Everything standing in each hex, from the view, and the units a tool has placed but not sent. */
  function contents(view, draft) {
    var at = {};
    function put(hex, item) {
      if (hex === null || hex === undefined) return;
      (at[String(hex)] = at[String(hex)] || {aircraft: [], units: [], badges: []})[item.layer].push(item);
    }
    var b = view.bomber || {}, m = view.mosquito || {};
    if (b.hex !== null && b.hex !== undefined) {
      put(b.hex, {layer: "aircraft", kind: "bomber", label: "B", name: ui.bomberAt, altitude: b.taken_off && !b.landed ? b.altitude : null,
                  ground: !b.taken_off || b.landed});
    }
    if (m.hex !== null && m.hex !== undefined) {
      put(m.hex, {layer: "aircraft", kind: "mosquito", label: "M", name: ui.mosquitoAt,
                  altitude: m.state === "airborne" ? m.altitude : null, ground: m.state !== "airborne",
                  detail: fill(ui.tokensLeft, m.tokens_left)});
    }
    Object.keys(view.fighters || {}).sort().forEach(function (fid) {
      var f = view.fighters[fid];
      if (f.state !== "ground" && f.state !== "airborne") return;
      put(f.hex, {layer: "aircraft", kind: "fighter", id: fid, label: TYPE_LABEL[f.type] || fid.slice(0, 2),
                  colour: FIGHTER_FILL[fid] || "#555", name: fighterName(fid, f.type),
                  altitude: f.state === "airborne" ? f.altitude : null, ground: f.state === "ground",
                  fuel: f.fuel, fuelMax: f.fuel_max, mw50: f.mw50 === "charged"});
    });
    (view.ground_units || []).forEach(function (u) {
      put(u.hex, {layer: "units", kind: "unit", id: u.tile, face: u.face, destroyed: u.destroyed,
                  label: words.faceCodes[u.face] || "?", name: words.faces[u.face] || u.face});
    });
    (draft || []).forEach(function (u) {
      put(u.hex, {layer: "units", kind: "unit", face: u.face, draft: true, label: words.faceCodes[u.face] || "?",
                  name: (words.faces[u.face] || u.face) + " (" + ui.notSent + ")"});
    });
    Object.keys(view.wild_sau || {}).forEach(function (t) {
      put(view.wild_sau[t].hex, {layer: "aircraft", kind: "wildsau", id: t, label: "WS", name: ui.wildSau + " " + t});
    });
    Object.keys(view.aces || {}).forEach(function (a) {
      put(view.aces[a].hex, {layer: "units", kind: "ace", id: a, label: "★", grade: view.aces[a].grade,
                             name: ui.ace + " (" + view.aces[a].grade + ")"});
    });
    var bu = view.british_units || {};
    (bu.qf || []).forEach(function (h, i) { put(h, {layer: "units", kind: "british", label: "QF", name: ui.qfGun + " " + (i + 1)}); });
    (bu.searchlights || []).forEach(function (h) { put(h, {layer: "units", kind: "british", label: "SL", name: ui.britishLight}); });
    [["airfield_bombs", "✹", ui.airfieldBombs], ["target_markers", "◎", ui.targetMarkers], ["medals_on_board", "✚", ui.germanMedals]]
      .forEach(function (spec) {
        var counts = view[spec[0]] || {};
        Object.keys(counts).forEach(function (h) {
          if (counts[h]) put(h, {layer: "badges", label: spec[1] + counts[h], name: counts[h] + " " + spec[2]});
        });
      });
    return at;
  }

  function weatherOf(view) {
    var w = view.weather || {};
    return {clouds: (w.clouds || []).map(String), storms: (w.storms || []).map(String), fog: (w.fog || []).map(String)};
  }

  /* The Bomber's flown track: take-off airfield (public once deployed) walked card by card. */
  function flownTrack(view, g) {
    var start = (view.known_plan || {}).takeoff_bomber;
    var cards = (view.bomber || {}).revealed_cards || [];
    if (start === undefined || !cards.length) return [];
    var hexes = [String(start)], at = String(start);
    cards.forEach(function (c) {
      var next = ((g.byId[at] || {}).neighbours || {})[c.dir];
      if (next !== undefined) { at = String(next); hexes.push(at); }
    });
    return hexes;
  }

  function drawAircraft(layer, item, x, y, small) {
    var r = small ? R * 0.26 : R * 0.32;
    var g = el("g", {"class": "duel-token kind-" + item.kind + (item.ground ? " on-ground" : ""),
                     transform: "translate(" + x.toFixed(1) + "," + y.toFixed(1) + ")"}, layer);
    el("title", {}, g).textContent = item.name + (item.altitude ? ", " + (words.altitudes[item.altitude] || item.altitude) : "") +
      (item.fuel !== undefined ? ", " + fill(ui.fuelNow, {now: item.fuel, max: item.fuelMax}) : "");
    if (item.kind === "wildsau") {
      el("polygon", {points: corners({x: 0, y: 0}, r), "class": "token-shape"}, g);
    } else {
      el("circle", {r: r, "class": "token-shape", style: item.colour ? "fill:" + item.colour : ""}, g);
    }
    text(g, 0, r * 0.35, item.label, "token-letter" + (item.label.length > 2 ? " long" : ""));
    if (item.altitude) {
      el("rect", {x: r * 0.45, y: -r - 5, width: 10, height: 10, rx: 2, "class": "alt-chip"}, g);
      text(g, r * 0.45 + 5, -r + 3, item.altitude === "HIGH" ? "H" : "L", "alt-letter");
    }
    if (typeof item.fuel === "number") {
      var w = r * 2;
      el("rect", {x: -w / 2, y: r + 1.5, width: w, height: 3.5, "class": "fuel-track"}, g);
      el("rect", {x: -w / 2, y: r + 1.5, width: Math.max(0, Math.min(1, item.fuel / (item.fuelMax || 1))) * w, height: 3.5,
                  "class": "fuel-left" + (item.fuel / (item.fuelMax || 1) <= 0.25 ? " low" : "")}, g);
    }
    return g;
  }

  /* Every unit of a hex as its own chip, in rows under the hex's centre (4, then 2): which unit
   * stands where is read off the board; a seventh and more become "+n" (the hex's list has them). */
  var CHIP_W = 10, CHIP_H = 7.5, ROWS = [4, 2];
  function unitSlots(n) {
    var slots = [], y = R * 0.3;
    ROWS.forEach(function (across) {
      var here = Math.min(across, n - slots.length);
      for (var i = 0; i < here; i++) slots.push({x: (i - (here - 1) / 2) * (CHIP_W + 1) - CHIP_W / 2, y: y});
      y += CHIP_H + 1;
    });
    return slots;
  }

  function unitClass(u) {
    return "unit-chip " + (u.kind === "british" ? "british" : u.kind === "ace" ? "ace" : u.kind === "badge" ? "badge" :
      words.redBordered.indexOf(u.face) !== -1 ? "basic" : "advanced") + (u.destroyed ? " destroyed" : "") + (u.draft ? " draft" : "");
  }

  function drawUnits(layer, units, c) {
    var g = el("g", {"class": "unit-stack", transform: "translate(" + c.x.toFixed(1) + "," + c.y.toFixed(1) + ")"}, layer);
    var ordered = units.filter(function (u) { return !u.destroyed; }).concat(units.filter(function (u) { return u.destroyed; }));
    var room = ROWS.reduce(function (a, b) { return a + b; }, 0);
    var shown = ordered.length > room ? ordered.slice(0, room - 1) : ordered;
    var slots = unitSlots(shown.length + (ordered.length > room ? 1 : 0));
    shown.forEach(function (u, i) {
      var chip = el("g", {"class": "unit", transform: "translate(" + slots[i].x.toFixed(1) + "," + slots[i].y.toFixed(1) + ")"}, g);
      el("rect", {width: CHIP_W, height: CHIP_H, rx: 1.5, "class": unitClass(u)}, chip);
      text(chip, CHIP_W / 2, CHIP_H - 1.8, u.label, "unit-letter");
    });
    if (ordered.length > room) {
      var last = slots[slots.length - 1];
      var more = el("g", {"class": "unit more", transform: "translate(" + last.x.toFixed(1) + "," + last.y.toFixed(1) + ")"}, g);
      el("rect", {width: CHIP_W, height: CHIP_H, rx: 1.5, "class": "stack-count"}, more);
      text(more, CHIP_W / 2, CHIP_H - 1.8, "+" + (ordered.length - shown.length), "stack-count-text");
    }
    el("title", {}, g).textContent = units.map(function (u) { return u.name + (u.destroyed ? " (" + ui.destroyed + ")" : ""); }).join(", ");
  }

  /* Draw the Duel board into container; returns what NightBoard.describe needs. */
  function draw(container, board, view, options) {
    options = options || {};
    last = {container: container, board: board, view: view, options: options};
    var act = DuelBoard.interaction || {};
    container.textContent = "";
    if (!board || !board.hexes) return {tokens: [], facts: []};
    var figure = container.closest("figure");
    if (figure) figure.classList.add("duel-figure");
    var g = geometry(board);
    var svg = el("svg", {viewBox: "0 0 " + g.width.toFixed(0) + " " + g.height.toFixed(0), "class": "board-svg duel-svg",
                         role: "group", "aria-label": container.getAttribute("aria-label") || ""});
    var defs = el("defs", {}, svg);
    var marker = el("marker", {id: "duel-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4,
                               orient: "auto-start-reverse"}, defs);
    el("path", {d: "M0,0 L10,5 L0,10 z", "class": "route-arrow"}, marker);
    var weather = weatherOf(view || {});
    var hexLayer = el("g", {"class": "hexes"}, svg);
    var overLayer = el("g", {"class": "overlays"}, svg);
    var tokenLayer = el("g", {"class": "tokens"}, svg);
    var labelLayer = el("g", {"class": "labels"}, svg);
    var highlight = act.highlight || {};
    var plain = {};
    (options.highlight || []).forEach(function (h) { plain[String(h)] = "legal"; });
    if (!act.highlight) highlight = plain;
    var at = contents(view || {}, act.units);
    board.hexes.forEach(function (h) {
      var id = String(h.id), c = g.centre(id);
      var cls = ["duel-hex", h.territory === "british" ? "brit" : "germ"];
      ["clouds", "storms", "fog"].forEach(function (k) { if (weather[k].indexOf(id) !== -1) cls.push("w-" + k); });
      if (highlight[id]) cls.push("hl-" + highlight[id]);
      if (expanded === id) cls.push("expanded");
      var poly = el("polygon", {points: corners(c, R - 0.6), "class": cls.join(" "), "data-hex": id}, hexLayer);
      poly.addEventListener("click", function () { click(id); });
      text(hexLayer, c.x, c.y - R * 0.72, id, "duel-hex-id");
      var crowded = at[id] && at[id].units.length;
      if (h.airfield) {
        var af = el("g", {"class": "airfield-mark " + h.airfield, transform: "translate(" + (c.x + R * 0.38).toFixed(1) + "," +
                                                                          (c.y + (crowded ? -R * 0.3 : R * 0.28)).toFixed(1) + ")"}, hexLayer);
        el("rect", {width: 12, height: 12, rx: 2}, af);
        text(af, 6, 9.5, "✈", "airfield-glyph");
      }
      var mark = weather.storms.indexOf(id) !== -1 ? "⚡" : weather.clouds.indexOf(id) !== -1 ? "☁" : weather.fog.indexOf(id) !== -1 ? "≋" : "";
      // A crowded airfield's mark takes the glyph's place; the hex's colour still tells the weather.
      if (mark && !(crowded && h.airfield)) text(hexLayer, c.x + R * 0.62, c.y - R * 0.12, mark, "weather-glyph");
      var here = at[id];
      if (here) {
        var air = here.aircraft;
        var shown = air.length > 2 ? air.slice(0, 1) : air;
        var airY = c.y + (here.units.length ? -R * 0.12 : R * 0.02);  // the units' rows below keep clear
        shown.forEach(function (item, i) {
          var dx = shown.length === 1 ? 0 : (i === 0 ? -R * 0.33 : R * 0.33);
          drawAircraft(tokenLayer, item, c.x + dx, airY, shown.length > 1 || here.units.length > 0);
        });
        if (air.length > 2) {
          var more = el("g", {"class": "more-aircraft", transform: "translate(" + (c.x + R * 0.34).toFixed(1) + "," + airY.toFixed(1) + ")"}, tokenLayer);
          el("circle", {r: R * 0.26}, more);
          text(more, 0, 3.5, "+" + (air.length - 1), "more-text");
          el("title", {}, more).textContent = air.map(function (a) { return a.name; }).join(", ");
        }
        // Bombs, markers and medals join a hex's unit rows when it has units, so nothing overlaps.
        if (here.units.length) drawUnits(tokenLayer, here.units.concat(here.badges.map(function (bd) {
          return {kind: "badge", label: bd.label, name: bd.name};
        })), c);
        else here.badges.forEach(function (bd, i) {
          text(tokenLayer, c.x + R * 0.42, c.y + R * 0.1 + i * 8, bd.label, "badge-text");
        });
      }
      if (h.city) {
        var name = h.city.name, vp = h.city.vp;
        var label = el("g", {"class": "city-label difficulty-" + (h.city.difficulty || "none")}, labelLayer);
        var t = text(label, c.x, c.y - R * 0.4, name, "city-text");
        if (name.length > 8) { t.setAttribute("textLength", (R * 1.55).toFixed(0)); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
        el("circle", {cx: c.x - R * 0.62, cy: c.y + R * 0.02, r: 6, "class": "vp-dot"}, label);
        text(label, c.x - R * 0.62, c.y + R * 0.02 + 2.4, String(vp), "vp-text");
      }
    });
    var track = flownTrack(view || {}, g);
    if (track.length > 1) drawPath(overLayer, track, g, "flown-track", false);
    if (options.route && options.route.length && !act.hideRoute) drawPath(overLayer, options.route.map(String), g, "route-line", true);
    if (act.path && act.path.length > 1) drawPath(overLayer, act.path.map(String), g, "plan-line " + (act.pathClass || ""), true);
    Object.keys(act.labels || {}).forEach(function (id) {
      var c = g.centre(id);
      if (!c) return;
      el("circle", {cx: c.x + R * 0.5, cy: c.y + R * 0.5, r: 7, "class": "step-dot"}, overLayer);
      text(overLayer, c.x + R * 0.5, c.y + R * 0.5 + 3, act.labels[id], "step-dot-text");
    });
    container.appendChild(svg);
    legend(container);
    details(container, at, weather);
    return {duel: true, tokens: [], facts: [], at: at};
  }

  function drawPath(layer, hexes, g, cls, arrow) {
    var pts = hexes.map(function (id) { return g.centre(id); }).filter(Boolean);
    if (pts.length < 2) return;
    var attrs = {points: pts.map(function (p) { return p.x.toFixed(1) + "," + p.y.toFixed(1); }).join(" "), "class": cls};
    if (arrow) attrs["marker-end"] = "url(#duel-arrow)";
    el("polyline", attrs, layer);
  }

  /* A hex click goes to the tool composing a command; with none, it lists what stands there. */
  function click(id) {
    var act = DuelBoard.interaction;
    if (act && act.onHex) {
      expanded = null;
      act.onHex(id);
      return;
    }
    expanded = expanded === id ? null : id;
    redraw();
  }

  function redraw() {
    if (last) draw(last.container, last.board, last.view, last.options);
  }

  /* Under the board: what stands in the hex last clicked (the stack, expanded). */
  function details(container, at, weather) {
    var box = container.parentNode.querySelector(".duel-hex-details");
    if (!box) {
      box = document.createElement("div");
      box.className = "duel-hex-details";
      box.setAttribute("aria-live", "polite");
      container.parentNode.insertBefore(box, container.nextSibling);
    }
    box.textContent = "";
    box.hidden = expanded === null;
    if (expanded === null) return;
    var h = geometry(last.board).byId[expanded] || {};
    var head = document.createElement("strong");
    var facts = [fill(ui.hex, expanded)];
    if (h.city) facts.push(fill(ui.cityFacts, {name: h.city.name, vp: h.city.vp}));
    if (h.airfield) facts.push(h.airfield === "british" ? ui.britishAirfield : ui.germanAirfield);
    ["clouds", "storms", "fog"].forEach(function (k, i) { if (weather[k].indexOf(expanded) !== -1) facts.push([ui.cloud, ui.storm, ui.fog][i]); });
    head.textContent = ui.hexDetails + ": " + facts.join(" · ");
    box.appendChild(head);
    var here = at[expanded];
    var items = here ? here.aircraft.concat(here.units, here.badges) : [];
    var list = document.createElement("ul");
    items.forEach(function (item) {
      var li = document.createElement("li");
      var parts = [item.name];
      if (item.altitude) parts.push(words.altitudes[item.altitude]);
      if (item.ground && item.kind !== "unit") parts.push(words.altitudes.GROUND);
      if (typeof item.fuel === "number") parts.push(fill(ui.fuelNow, {now: item.fuel, max: item.fuelMax}));
      if (item.mw50) parts.push("MW-50");
      if (item.detail) parts.push(item.detail);
      if (item.id && item.kind === "unit") parts.push(item.id);
      if (item.destroyed) parts.push(ui.destroyed);
      li.textContent = (item.kind === "unit" ? item.label + " · " : "") + parts.join(", ");
      list.appendChild(li);
    });
    if (!items.length) { var none = document.createElement("p"); none.textContent = ui.nothingHere; box.appendChild(none); }
    else box.appendChild(list);
  }

  /* The legend: every letter, colour and mark the board uses, drawn with the same shapes. */
  function legend(container) {
    var figure = container.closest("figure");
    if (!figure || figure.querySelector(".duel-legend")) return;
    var box = document.createElement("details");
    box.className = "legend duel-legend";
    box.open = window.matchMedia("(min-width: 60rem)").matches;  // open where there is room
    var summary = document.createElement("summary");
    summary.textContent = words.legend.title;
    box.appendChild(summary);
    var list = document.createElement("ul");
    words.legend.items.forEach(function (item) {
      var li = document.createElement("li");
      var key = document.createElement("span");
      key.className = "legend-key " + (item.cls || "");
      key.textContent = item.key;
      li.appendChild(key);
      li.appendChild(document.createTextNode(" " + item.text));
      list.appendChild(li);
    });
    box.appendChild(list);
    var caption = figure.querySelector(".board-caption");
    figure.insertBefore(box, caption ? caption.nextSibling : null);
  }

  /* The caption in words (also what a screen reader gets for the drawing). */
  function describe(result) {
    if (!result.duel || !last) return NightBoard.generic.describe(result);
    var v = last.view || {};
    var parts = [];
    var b = v.bomber || {}, m = v.mosquito || {};
    if (b.hex !== null && b.hex !== undefined) parts.push(ui.bomberAt + " " + fill(ui.hex, b.hex) + (b.altitude && b.taken_off ? " " + words.altitudes[b.altitude] : ""));
    if (m.hex !== null && m.hex !== undefined) parts.push(ui.mosquitoAt + " " + fill(ui.hex, m.hex) + (m.state === "airborne" ? " " + words.altitudes[m.altitude] : ""));
    Object.keys(v.fighters || {}).sort().forEach(function (fid) {
      var f = v.fighters[fid];
      if (f.state === "airborne" || f.state === "ground") {
        parts.push(fighterName(fid, f.type) + " " + fill(ui.hex, f.hex) + " " + words.altitudes[f.state === "airborne" ? f.altitude : "GROUND"] +
                   ", " + fill(ui.fuelNow, {now: f.fuel, max: f.fuel_max}));
      }
    });
    return parts.join(" · ");
  }

  NightBoard.register(SYSTEM, {draw: draw, describe: describe, ownsMoves: true});

  window.DuelBoard = {
    interaction: null,
    redraw: redraw,
    fill: fill,
    geometry: geometry,
    view: function () { return last ? last.view : null; },
    board: function () { return last ? last.board : null; },
    fighterName: fighterName
  };
})();
