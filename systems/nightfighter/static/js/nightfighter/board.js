/* Nightfighter solo: the night map, drawn from the view (issue 15; docs/rules/nightfighter-solo.md §2).
 *
 * Flat-topped hexes in columns, ids CCRR from 0101 top-left, even columns half a hex lower
 * (§2.1). Bombers come in over the top edge and fly down. Drawn: clouds (lit ones brighter),
 * searchlight zones, each bomber token as its uncertainty area (one colour per bomber; a bomber
 * with several tokens is HIGH: all but one are phantoms), the hexes a token was ruled out of this
 * turn, the fighters with their facing and airborne-radar (AI) reach, and the markers on
 * bombers. Board picks: "piece:<fighter or token id>" and "hex:<id>".
 *
 * For the play page it also turns the deploy template into concrete deployments, and gathers
 * single ground-radar searches into one plan sent as one assign_searches (§3.2: all markers
 * are placed in one command).
 */
(function () {
  "use strict";
  var R = 20;
  var H = Math.sqrt(3) * R;
  var PAD = 6;
  var TOP = 14; // room for the column numbers
  var FACING_ANGLE = {N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: 210};
  var FACINGS = ["N", "NE", "SE", "S", "SW", "NW"];
  var COLOURS = ["#ff6b6b", "#ffd166", "#06d6a0", "#4cc9f0", "#c77dff", "#ff9f1c", "#f15bb5", "#9ef01a"];
  var LEVEL_LETTER = {HIGH: "H", MEDIUM: "M", LOW: "L", NONE: "N"};
  var wordsNode = document.getElementById("nf-words");
  var words = wordsNode ? JSON.parse(wordsNode.textContent) : {};
  var B = NightBoard;

  function format(template, values) {
    return String(template || "").replace(/%\((\w+)\)s/g, function (m, key) { return values[key]; });
  }

  function hexName(id) { return ("000" + id).slice(-4); }

  function centre(id) {
    var col = Math.floor(id / 100), row = id % 100;
    return {x: PAD + R + (col - 1) * 1.5 * R, y: TOP + PAD + H / 2 + (row - 1) * H + (col % 2 === 0 ? H / 2 : 0)};
  }

  function corners(c, size) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i;
      pts.push((c.x + size * Math.cos(a)).toFixed(1) + "," + (c.y + size * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  function bomberColour(bomberId) {
    var n = parseInt(String(bomberId).replace(/\D/g, ""), 10) || 0;
    return COLOURS[(n - 1 + COLOURS.length) % COLOURS.length];
  }

  function allHexes(map) {
    var out = [];
    for (var c = 1; c <= map.cols; c++) for (var r = 1; r <= map.rows; r++) out.push(c * 100 + r);
    return out;
  }

  function fixLetters(bomber, fighters) {
    var marks = [];
    if (!bomber) return marks;
    if ((bomber.fixes.tally || []).length) marks.push("T");
    if ((bomber.fixes.ai || []).length) marks.push("AI");
    if (bomber.fixes.searchlight) marks.push("S");
    if (bomber.track === "on") marks.push("Tr");
    if (bomber.h2s) marks.push("h");
    return marks;
  }

  function drawToken(layer, t, bomber, options, offset) {
    var c = centre(t.hex);
    var picks = ["piece:" + t.id, "hex:" + t.hex];
    var cls = "nf-token" + (B.isHighlighted(options, picks.slice(0, 1)) ? " pick" : "") +
      (B.isSelected(options, picks.slice(0, 1)) ? " selected" : "");
    var g = B.el("g", {"class": cls, "data-token": t.id,
                        transform: "translate(" + (c.x + offset.x) + "," + (c.y + offset.y) + ") scale(" + offset.s + ")"}, layer);
    var level = bomber ? bomber.level : "";
    var live = bomber ? (bomber.live_tokens || []).length : 1;
    B.el("title", {}, g).textContent = format(words.token_title, {
      token: t.id, hex: hexName(t.hex), level: level, n: live, type: bomber ? bomber.type : ""});
    B.el("rect", {x: -13, y: -8, width: 26, height: 16, rx: 4, "class": "nf-token-ring"}, g);
    B.el("rect", {x: -11, y: -6.5, width: 22, height: 13, rx: 3, "class": "nf-token-body",
                   style: "fill:" + bomberColour(t.bomber)}, g);
    B.text(g, 0, 3, t.id, "nf-token-label");
    if (level) {
      B.el("circle", {cx: 11, cy: -7, r: 5, "class": "nf-level level-" + level}, g);
      B.text(g, 11, -4.7, LEVEL_LETTER[level] || "?", "nf-level-text");
    }
    var marks = fixLetters(bomber);
    if (marks.length) B.text(g, 0, 15, marks.join(" "), "label nf-fix-text");
    B.pickable(g, picks, options);
  }

  function drawFighter(layer, id, f, options, offset) {
    var c = centre(f.hex);
    var picks = ["piece:" + id, "hex:" + f.hex];
    var cls = "nf-fighter" + (B.isHighlighted(options, picks.slice(0, 1)) ? " pick" : "") +
      (B.isSelected(options, picks.slice(0, 1)) ? " selected" : "") + (f.moved ? " moved" : "");
    var g = B.el("g", {"class": cls, "data-token": id,
                        transform: "translate(" + (c.x + offset.x) + "," + (c.y + offset.y) + ") scale(" + offset.s + ")"}, layer);
    B.el("title", {}, g).textContent = format(words.fighter_title, {
      fighter: id, type: f.type, hex: hexName(f.hex), facing: f.facing});
    B.el("circle", {r: 11, "class": "nf-fighter-ring"}, g);
    var arrow = B.el("g", {transform: "rotate(" + FACING_ANGLE[f.facing] + ")"}, g);
    B.el("path", {d: "M11,0 L-7,-7 L-3,0 L-7,7 z", "class": "nf-fighter-body"}, arrow);
    B.text(g, 0, -12, id, "label nf-fighter-label");
    B.pickable(g, picks, options);
  }

  function draw(container, board, view, options) {
    options = options || {};
    container.textContent = "";
    if (!view || !view.map) return {tokens: [], fighters: []};
    var map = view.map;
    var width = PAD * 2 + R * 2 + (map.cols - 1) * 1.5 * R;
    var height = TOP + PAD * 2 + (map.rows + 0.5) * H;
    var svg = B.el("svg", {viewBox: "0 0 " + width.toFixed(0) + " " + height.toFixed(0),
                            "class": "board-svg nf-map", "aria-hidden": "true", focusable: "false"});
    var layers = {};
    ["hexes", "zones", "areas", "reach", "marks", "tokens", "fighters", "labels"].forEach(function (name) {
      layers[name] = B.el("g", {"class": "nf-" + name}, svg);
    });
    var clouds = {}, lit = {};
    (view.cloud_hexes || []).forEach(function (h) { clouds[h] = true; });
    (view.illuminated_clouds || []).forEach(function (h) { lit[h] = true; });
    allHexes(map).forEach(function (id) {
      var c = centre(id), picks = ["hex:" + id];
      var cls = "nf-hex" + (clouds[id] ? (lit[id] ? " lit-cloud" : " cloud") : "") +
        (B.isHighlighted(options, picks) ? " highlight" : "") + (B.isSelected(options, picks) ? " selected" : "");
      var poly = B.el("polygon", {points: corners(c, R - 0.6), "class": cls, "data-hex": id}, layers.hexes);
      B.pickable(poly, picks, options);
      B.text(layers.hexes, c.x, c.y - H * 0.28, hexName(id), "nf-hex-id");
    });
    for (var col = 1; col <= map.cols; col++) {
      B.text(layers.labels, centre(col * 100 + 1).x, TOP - 2, ("0" + col).slice(-2), "nf-col");
    }
    // Searchlight zones: an outline per zone hex, its letter on its first hex.
    Object.keys(view.zones || {}).forEach(function (zid) {
      var z = view.zones[zid];
      var cls = "nf-zone" + (z.active ? "" : " inactive") + (z.used ? " used" : "") + (z.cloud_covered ? " clouded" : "");
      z.hexes.forEach(function (h) { B.el("polygon", {points: corners(centre(h), R - 3), "class": cls}, layers.zones); });
      var mid = centre(z.hexes[Math.floor(z.hexes.length / 2)]);
      B.label(layers.labels, mid.x, mid.y + 4, format(words.zone, {zone: zid}), "nf-zone-label");
    });
    // Each token's uncertainty area in its bomber's colour; excluded hexes crossed out.
    // Tokens of bombers still in play (an escaped or destroyed bomber's tokens stay in the state).
    var tokens = (view.tokens || []).filter(function (t) {
      var bomber = (view.bombers || {})[t.bomber];
      return t.state === "on_map" && t.hex && (!bomber || bomber.status === "in_play");
    });
    tokens.forEach(function (t) {
      var colour = bomberColour(t.bomber);
      (t.area || []).forEach(function (h) {
        if (h % 100 < 1 || h % 100 > map.rows || Math.floor(h / 100) < 1 || Math.floor(h / 100) > map.cols) return;
        B.el("polygon", {points: corners(centre(h), R - 1.5), "class": "nf-area", style: "fill:" + colour + ";stroke:" + colour}, layers.areas);
      });
      (t.excluded || []).forEach(function (h) {
        var c = centre(h);
        B.el("path", {d: "M" + (c.x - 6) + "," + (c.y - 6) + " l12,12 m0,-12 l-12,12", "class": "nf-excluded", style: "stroke:" + colour}, layers.marks);
      });
    });
    // Fighters' airborne-radar reach.
    var fighters = view.fighters || {};
    Object.keys(fighters).forEach(function (fid) {
      (fighters[fid].ai_area || []).forEach(function (h) {
        B.el("polygon", {points: corners(centre(h), R - 4), "class": "nf-ai-area"}, layers.reach);
      });
    });
    // Pieces sharing a hex: smaller, each in a place of its own (two side by side, more in a grid
    // of two columns), so none hides another.
    var inHex = {}, placed = {};
    tokens.forEach(function (t) { inHex[t.hex] = (inHex[t.hex] || 0) + 1; });
    Object.keys(fighters).forEach(function (fid) {
      var f = fighters[fid];
      if (f.hex && f.status === "active") inHex[f.hex] = (inHex[f.hex] || 0) + 1;
    });
    function offset(hex) {
      var i = placed[hex] = (placed[hex] || 0) + 1, n = inHex[hex];
      if (n === 1) return {x: 0, y: 0, s: 1};
      if (n === 2) return {x: i === 1 ? -9.8 : 9.8, y: 0, s: 0.74};
      var rows = Math.ceil(n / 2), row = Math.floor((i - 1) / 2);
      var s = Math.min(0.62, 1.6 / rows);
      return {x: ((i - 1) % 2 ? 8.5 : -8.5), y: (row - (rows - 1) / 2) * 26 * s, s: s};
    }
    tokens.forEach(function (t) { drawToken(layers.tokens, t, (view.bombers || {})[t.bomber], options, offset(t.hex)); });
    Object.keys(fighters).forEach(function (fid) {
      var f = fighters[fid];
      if (f.hex && f.status === "active") drawFighter(layers.fighters, fid, f, options, offset(f.hex));
    });
    container.appendChild(svg);
    return {tokens: tokens, fighters: fighters, view: view};
  }

  function describe(result) {
    var parts = Object.keys(result.fighters || {}).filter(function (fid) { return result.fighters[fid].hex; })
      .map(function (fid) {
        var f = result.fighters[fid];
        return format(words.fighter_title, {fighter: fid, type: f.type, hex: hexName(f.hex), facing: f.facing});
      });
    (result.tokens || []).forEach(function (t) {
      var bomber = ((result.view || {}).bombers || {})[t.bomber] || {};
      parts.push(format(words.token_title, {token: t.id, hex: hexName(t.hex), level: bomber.level || "",
                                            n: (bomber.live_tokens || []).length, type: bomber.type || ""}));
    });
    return parts.join("; ");
  }

  /* The deploy template as every deployment: each fighter, each hex of the deploy area, each facing. */
  function expand(template, view) {
    if (template.type !== "deploy_fighter") return [];
    var area = template.deploy_area, map = view.map;
    var hexes = Array.isArray(area) ? area : allHexes(map).filter(function (h) {
      return h % 100 >= area.rows[0] && h % 100 <= area.rows[1];
    });
    var out = [];
    (template.fighters || []).forEach(function (fid) {
      hexes.forEach(function (h) {
        FACINGS.forEach(function (facing) {
          out.push({command: {type: "deploy_fighter", fighter: fid, hex: h, facing: facing},
                    label: format(words.deploy, {fighter: fid, hex: hexName(h), facing: words["facing_" + facing] || facing}),
                    picks: ["piece:" + fid, "hex:" + h]});
        });
      });
    });
    return out;
  }

  /* -- the ground-radar search plan (one assign_searches per Radar Search Phase) ---------------- */
  var plan = {key: null, searches: []};

  function planKey(view) { return view ? view.turn + ":" + view.phase : null; }

  function sourceKey(source) { return JSON.stringify(source); }

  function choose(action, play) {
    var command = action.command;
    if (command.type !== "assign_searches" || (command.searches || []).length !== 1 || !command.searches[0].token) {
      return false;
    }
    var search = command.searches[0];
    if (plan.key !== planKey(play.view())) plan = {key: planKey(play.view()), searches: []};
    // One marker per radar and at most one per token (A24): a new choice replaces an old one.
    plan.searches = plan.searches.filter(function (s) {
      return sourceKey(s.search.source) !== sourceKey(search.source) && s.search.token !== search.token;
    });
    plan.searches.push({search: search, label: action.label});
    controls(document.getElementById("board-controls"), play);
    play.say(format(words.plan_added, {search: action.label}));
    return true;
  }

  function button(text, cls, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
  }

  function controls(element, play) {
    if (!element) return;
    element.textContent = "";
    var view = play.view();
    if (!view || view.phase !== "radar" || !play.actions().length) return;
    if (plan.key !== planKey(view)) plan = {key: planKey(view), searches: []};
    var heading = document.createElement("h3");
    heading.textContent = words.plan_title;
    element.appendChild(heading);
    var hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = plan.searches.length ? words.plan_hint_more : words.plan_hint;
    element.appendChild(hint);
    if (!plan.searches.length) return;
    var list = document.createElement("ul");
    list.className = "nf-plan";
    plan.searches.forEach(function (s, i) {
      var li = document.createElement("li");
      li.textContent = s.label + " ";
      li.appendChild(button(words.remove, "link", function () {
        plan.searches.splice(i, 1);
        controls(element, play);
      }));
      list.appendChild(li);
    });
    element.appendChild(list);
    var searches = plan.searches.map(function (s) { return s.search; });
    var labels = plan.searches.map(function (s) { return s.label; }).join("; ");
    element.appendChild(button(format(words.plan_send, {n: searches.length}), "", function () {
      plan = {key: null, searches: []};
      play.send({type: "assign_searches", searches: searches}, labels);
    }));
  }

  NightBoard.register("nightfighter-solo", {
    draw: draw, describe: describe, expand: expand, choose: choose, controls: controls,
    route: function () { return []; },
    pickWords: function (pick, playWords) {
      var parts = pick.split(":");
      return parts[0] === "hex" ? format(playWords.hex, {hex: hexName(parseInt(parts[1], 10))}) : parts[1];
    }
  });
})();
