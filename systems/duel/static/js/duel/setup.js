/* Duel tools for phases 1–5 (issue 15; docs/rules/duel-in-the-dark.md §3.2–§3.6, §9.2, §9.4, §9.10–§9.11):
 * fighters on airfields, the ground defences tile by tile, British units, extra German units,
 * city crests, re-positioning, Window and Wilde Sau. Each tool offers only the hexes the engine's
 * template lists and counts what is left; the engine checks the whole command once more.
 */
(function () {
  "use strict";
  var tools = window.DuelTools = window.DuelTools || {};

  function counter(ctx, done, total) {
    return ctx.h("p", {"class": "duel-counter", text: ctx.fill(ctx.ui.placedOf, {done: done, total: total}) +
      (total > done ? " · " + ctx.fill(ctx.ui.left, total - done) : "")});
  }

  function actions(ctx, ready, command, extra) {
    var row = ctx.h("p", {"class": "duel-actions"});
    row.appendChild(ctx.button(ctx.ui.send, function () { ctx.send(command()); }, {"class": "primary", disabled: !ready}));
    (extra || []).forEach(function (b) { row.appendChild(b); });
    return row;
  }

  /* Complete suggestions, each loading into the tool (so the board shows it before sending). */
  function suggestions(ctx, list, describe, load) {
    if (!list.length) return null;
    var box = ctx.h("details", {"class": "duel-suggestions"}, [ctx.h("summary", {text: ctx.ui.suggested})]);
    list.forEach(function (c, i) {
      box.appendChild(ctx.button(describe(c, i), function () { load(c); ctx.update(); }, {"class": "secondary"}));
    });
    return box;
  }

  function marks(hexes, cls) {
    var out = {};
    hexes.forEach(function (hex) { out[String(hex)] = cls; });
    return out;
  }

  /* Phase 1 (§3.2, §7.8, §9.3): each fighter of the seat on a German airfield; MW-50 on an Me 110. */
  tools.place_fighters = function (ctx) {
    var t = ctx.templates.PlaceFighters, ch = t.choices;
    var placed = {}, selected = ch.fighters[0], mw50 = ch.mw50_fighters[0] || null;
    function next() { return ch.fighters.filter(function (f) { return placed[f] === undefined; })[0]; }
    function command() {
      var c = {type: "PlaceFighters", placements: {}};
      ch.fighters.forEach(function (f) { c.placements[f] = placed[f]; });
      if (mw50) c.mw50_fighter = mw50;
      return c;
    }
    return {
      save: function () { return Object.keys(placed).length ? {placed: placed, mw50: mw50} : null; },
      restore: function (draft) {
        Object.keys(draft.placed || {}).forEach(function (f) {
          if (ch.fighters.indexOf(f) !== -1 && ch.hexes.indexOf(draft.placed[f]) !== -1) placed[f] = draft.placed[f];
        });
        if (ch.mw50_fighters.indexOf(draft.mw50) !== -1) mw50 = draft.mw50;
        selected = next() || selected;
      },
      render: function (box) {
        var done = Object.keys(placed).length;
        box.appendChild(ctx.h("p", {text: ctx.ui.fighterPlace}));
        box.appendChild(counter(ctx, done, ch.fighters.length));
        var list = ctx.h("div", {"class": "duel-chips", role: "group"});
        ch.fighters.forEach(function (f) {
          list.appendChild(ctx.button(ctx.fighterLabel(f) + (placed[f] !== undefined ? " → " + ctx.fill(ctx.ui.hex, placed[f]) : ""),
            function () { selected = f; ctx.update(); },
            {"class": "chip fighter-" + f + (selected === f ? " selected" : ""), "aria-pressed": String(selected === f), "data-fighter": f}));
        });
        box.appendChild(list);
        if (ch.mw50_fighters.length) {
          var carriers = ctx.h("p", {"class": "duel-chips"}, [ctx.ui.mw50Carrier + ": "]);
          ch.mw50_fighters.forEach(function (f) {
            carriers.appendChild(ctx.button(ctx.fighterLabel(f), function () { mw50 = f; ctx.update(); },
              {"class": "chip" + (mw50 === f ? " selected" : ""), "aria-pressed": String(mw50 === f), "data-mw50": f}));
          });
          box.appendChild(carriers);
        }
        box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.sharing}));
        box.appendChild(actions(ctx, done === ch.fighters.length, command,
          [ctx.button(ctx.ui.clear, function () { placed = {}; selected = ch.fighters[0]; ctx.update(); }, {"class": "secondary"})]));
        var s = suggestions(ctx, ctx.complete("PlaceFighters").filter(function (c) { return !c.mw50_fighter; }),
          function (c) { return Object.keys(c.placements).map(function (f) { return ctx.fighterLabel(f) + " " + c.placements[f]; }).join(", "); },
          function (c) { placed = Object.assign({}, c.placements); });
        if (s) box.appendChild(s);
      },
      board: function () {
        var hl = marks(ch.hexes, "legal"), labels = {};
        Object.keys(placed).forEach(function (f) {
          hl[String(placed[f])] = "chosen";
          labels[String(placed[f])] = (labels[String(placed[f])] ? labels[String(placed[f])] + "+" : "") + f.charAt(0).toUpperCase();
        });
        return {highlight: hl, labels: labels, onHex: function (hex) {
          if (ch.hexes.indexOf(Number(hex)) === -1 || !selected) return;
          placed[selected] = Number(hex);
          selected = next() || selected;
          ctx.update();
        }};
      }
    };
  };

  /* Phase 4 (§3.5 G1–G7): every tile with one face on a hex where that face may stand. */
  tools.ground_units = function (ctx) {
    var t = ctx.templates.PlaceGroundUnits, ch = t.choices;
    var kinds = [], byKey = {};
    Object.keys(ch.tiles).sort().forEach(function (tid) {
      var faces = ch.tiles[tid], key = faces.join("/");
      if (!byKey[key]) { byKey[key] = {key: key, red: faces[0], grey: faces[1], tiles: []}; kinds.push(byKey[key]); }
      byKey[key].tiles.push(tid);
    });
    var fixed = ch.fixed_shelters || {};
    var placements = [];
    var pick = null;  // {kind, face} or {special: face}
    function reset() {
      placements = Object.keys(fixed).map(function (tid) { return {tile: tid, face: "civil_shelter", hex: fixed[tid], fixed: true}; });
    }
    reset();
    function used(tid) { return placements.some(function (p) { return p.tile === tid; }); }
    function freeTiles(kind) { return kind.tiles.filter(function (tid) { return !used(tid) && !fixed[tid]; }); }
    function faceAllowed(kind, face) {
      if (face === kind.grey && ch.red_faces_only) return false;
      if (face === "civil_shelter" && !ch.new_shelters) return false;
      return true;
    }
    function specialUsed(face) { return placements.some(function (p) { return p.face === face; }); }
    function pickFace() { return pick ? (pick.special || pick.face) : null; }
    function place(hex) {
      var tid;
      if (pick.special) {
        var richest = kinds.slice().sort(function (a, b) { return freeTiles(b).length - freeTiles(a).length; })[0];
        tid = freeTiles(richest)[0];
      } else {
        tid = freeTiles(pick.kind)[0];
      }
      if (!tid || placements.length >= ch.count) return;
      placements.push({tile: tid, face: pick.special || pick.face, hex: hex});
      if (pick.special || !freeTiles(pick.kind).length) pick = null;
    }
    function command() {
      return {type: "PlaceGroundUnits", placements: placements.map(function (p) { return {tile: p.tile, face: p.face, hex: p.hex}; })};
    }
    function fillFrom(example) {
      example.placements.forEach(function (p) {
        if (placements.length >= ch.count || used(p.tile)) return;
        if ((p.face === "railway_flak" || p.face === "quad_flak" || p.face === "acoustic_mirror") && specialUsed(p.face)) return;
        placements.push({tile: p.tile, face: p.face, hex: p.hex});
      });
    }
    function own() { return placements.filter(function (p) { return !p.fixed; }); }
    return {
      save: function () {
        var mine = own();
        return mine.length ? {placements: mine.map(function (p) { return {tile: p.tile, face: p.face, hex: p.hex}; })} : null;
      },
      restore: function (draft) {
        (draft.placements || []).forEach(function (p) {
          var faces = ch.tiles[p.tile];
          if (!faces || used(p.tile) || placements.length >= ch.count) return;
          if ((ch.hexes_by_face[p.face] || []).indexOf(p.hex) === -1) return;
          placements.push({tile: p.tile, face: p.face, hex: p.hex});
        });
      },
      render: function (box) {
        box.appendChild(counter(ctx, placements.length, ch.count));
        box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.pickTile + " · " + ctx.ui.pickHex}));
        box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.faceBorders}));
        if (ch.red_faces_only) box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.redOnly}));
        if (!ch.new_shelters) box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.noShelter}));
        var table = ctx.h("div", {"class": "duel-kinds", role: "group"});
        kinds.forEach(function (kind) {
          var left = freeTiles(kind).length;
          var row = ctx.h("div", {"class": "duel-kind" + (left ? "" : " done")}, [
            ctx.h("span", {"class": "kind-count", text: left + " ×"})]);
          [kind.red, kind.grey].forEach(function (face, i) {
            var chosen = pick && pick.kind === kind && pick.face === face;
            row.appendChild(ctx.button(ctx.words.faces[face], function () { pick = {kind: kind, face: face}; ctx.update(); }, {
              "class": "chip face " + (i ? "advanced" : "basic") + (chosen ? " selected" : ""), "aria-pressed": String(!!chosen),
              "data-face": face, "data-kind": kind.key, disabled: !left || !faceAllowed(kind, face) || placements.length >= ch.count}));
          });
          table.appendChild(row);
        });
        ch.expansion_faces.forEach(function (face) {
          var chosen = pick && pick.special === face;
          table.appendChild(ctx.h("div", {"class": "duel-kind special"}, [ctx.button(ctx.words.faces[face] + " — " +
            (specialUsed(face) ? "✓ " + ctx.ui.placedSpecial : ctx.ui.special),
            function () { pick = {special: face}; ctx.update(); }, {"class": "chip face special" + (chosen ? " selected" : ""),
              "aria-pressed": String(!!chosen), "data-face": face, disabled: specialUsed(face) || placements.length >= ch.count})]));
        });
        box.appendChild(table);
        Object.keys(ch.fuel_trucks_needed).forEach(function (hex) {
          var have = placements.filter(function (p) { return p.face === "fuel_truck" && String(p.hex) === hex; }).length;
          box.appendChild(ctx.h("p", {"class": have >= ch.fuel_trucks_needed[hex] ? "ok" : "warn",
            text: (have >= ch.fuel_trucks_needed[hex] ? "✓ " : "! ") + ctx.fill(ctx.ui.truckNeed, {hex: hex, n: ch.fuel_trucks_needed[hex]})}));
        });
        box.appendChild(actions(ctx, placements.length === ch.count, command, [
          ctx.button(ctx.ui.undo, function () { if (placements.length && !placements[placements.length - 1].fixed) placements.pop(); ctx.update(); },
                     {"class": "secondary", disabled: !placements.length}),
          ctx.button(ctx.ui.fill, function () { fillFrom(t.example); ctx.update(); }, {"class": "secondary", disabled: placements.length >= ch.count}),
          ctx.button(ctx.ui.clear, function () { reset(); pick = null; ctx.update(); }, {"class": "secondary"})]));
        box.appendChild(placedList(ctx, placements, function (p) { return ctx.words.faceCodes[p.face] + " " + ctx.words.faces[p.face]; },
          function (i) { if (!placements[i].fixed) placements.splice(i, 1); ctx.update(); }));
      },
      board: function () {
        var face = pickFace();
        var hl = face ? marks(ch.hexes_by_face[face] || [], "legal") : {};
        // Each placed unit is drawn on its hex (board.js, as a dashed chip until sent).
        var units = own().map(function (p) { return {hex: p.hex, face: p.face}; });
        units.forEach(function (u) { if (!hl[String(u.hex)]) hl[String(u.hex)] = "chosen"; });
        return {highlight: hl, units: units, onHex: function (hex) {
          if (!face || (ch.hexes_by_face[face] || []).indexOf(Number(hex)) === -1) return;
          place(Number(hex));
          ctx.update();
        }};
      }
    };
  };

  /* Placed units grouped by hex; clicking one takes it back. */
  function placedList(ctx, placements, name, remove) {
    var box = ctx.h("details", {"class": "duel-placed"}, [ctx.h("summary", {text: ctx.ui.placements + " (" + placements.length + ")"})]);
    var byHex = {};
    placements.forEach(function (p, i) { (byHex[p.hex] = byHex[p.hex] || []).push(i); });
    var list = ctx.h("ul");
    Object.keys(byHex).sort(function (a, b) { return a - b; }).forEach(function (hex) {
      var li = ctx.h("li", {}, [ctx.fill(ctx.ui.hex, hex) + ctx.cityName(hex) + ": "]);
      byHex[hex].forEach(function (i) {
        li.appendChild(ctx.button(name(placements[i]) + (placements[i].fixed ? "" : " ✕"), function () { remove(i); },
          {"class": "link", disabled: !!placements[i].fixed}));
        li.appendChild(document.createTextNode(" "));
      });
      list.appendChild(li);
    });
    box.appendChild(list);
    return box;
  }

  /* §9.10–§9.11: two extra German units per British unit, any kind but the shelter. */
  tools.extra_units = function (ctx) {
    var ch = ctx.templates.PlaceExtraGermanUnits.choices;
    var placements = [], kind = null;
    return {
      save: function () { return placements.length ? {placements: placements} : null; },
      restore: function (draft) {
        (draft.placements || []).forEach(function (p) {
          if (placements.length < ch.count && (ch.hexes_by_kind[p.kind] || []).indexOf(p.hex) !== -1) placements.push(p);
        });
      },
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.fill(ctx.ui.extraUnits, ch.count)}));
        box.appendChild(counter(ctx, placements.length, ch.count));
        var row = ctx.h("div", {"class": "duel-chips", role: "group"});
        Object.keys(ch.hexes_by_kind).forEach(function (k) {
          row.appendChild(ctx.button(ctx.words.faces[k], function () { kind = k; ctx.update(); }, {
            "class": "chip face " + (ctx.words.redBordered.indexOf(k) !== -1 ? "basic" : "advanced") + (kind === k ? " selected" : ""),
            "aria-pressed": String(kind === k), "data-face": k, disabled: placements.length >= ch.count}));
        });
        box.appendChild(row);
        box.appendChild(actions(ctx, placements.length === ch.count, function () {
          return {type: "PlaceExtraGermanUnits", placements: placements};
        }, [ctx.button(ctx.ui.clear, function () { placements = []; ctx.update(); }, {"class": "secondary"})]));
        box.appendChild(placedList(ctx, placements, function (p) { return ctx.words.faces[p.kind]; },
          function (i) { placements.splice(i, 1); ctx.update(); }));
      },
      board: function () {
        var hl = kind ? marks(ch.hexes_by_kind[kind], "legal") : {};
        var units = placements.map(function (p) { return {hex: p.hex, face: p.kind}; });
        return {highlight: hl, units: units, onHex: function (hex) {
          if (!kind || placements.length >= ch.count || ch.hexes_by_kind[kind].indexOf(Number(hex)) === -1) return;
          placements.push({kind: kind, hex: Number(hex)});
          ctx.update();
        }};
      }
    };
  };

  /* §9.10–§9.11: the British QF guns, then the British searchlights, on British hexes. */
  tools.british_units = function (ctx) {
    var ch = ctx.templates.PlaceBritishGroundUnits.choices;
    var qf = [], lights = [];
    return {
      save: function () { return qf.length || lights.length ? {qf: qf, lights: lights} : null; },
      restore: function (draft) {
        var legal = function (hex) { return ch.hexes.indexOf(hex) !== -1; };
        qf = (draft.qf || []).filter(legal).slice(0, ch.qf);
        lights = (draft.lights || []).filter(legal).slice(0, ch.searchlights);
      },
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.fill(ctx.ui.britishUnits, {qf: ch.qf, sl: ch.searchlights})}));
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: ctx.ui.qfGun + ": " + qf.join(", ") + " (" + qf.length + "/" + ch.qf + ") · " +
          ctx.ui.britishLight + ": " + lights.join(", ") + " (" + lights.length + "/" + ch.searchlights + ")"}));
        box.appendChild(actions(ctx, qf.length === ch.qf && lights.length === ch.searchlights, function () {
          return {type: "PlaceBritishGroundUnits", qf: qf, searchlights: lights};
        }, [ctx.button(ctx.ui.clear, function () { qf = []; lights = []; ctx.update(); }, {"class": "secondary"})]));
      },
      board: function () {
        var full = qf.length === ch.qf && lights.length === ch.searchlights;
        var labels = {};
        qf.forEach(function (hex) { labels[hex] = "Q"; });
        lights.forEach(function (hex) { labels[hex] = (labels[hex] ? labels[hex] : "") + "S"; });
        return {highlight: full ? {} : marks(ch.hexes, "legal"), labels: labels, onHex: function (hex) {
          if (ch.hexes.indexOf(Number(hex)) === -1) return;
          if (qf.length < ch.qf) qf.push(Number(hex));
          else if (lights.length < ch.searchlights) lights.push(Number(hex));
          ctx.update();
        }};
      }
    };
  };

  /* §9.2: five city crests, the target among them (it stays marked). */
  tools.hand_crests = function (ctx) {
    var ch = ctx.templates.HandCrests.choices;
    var chosen = [ch.target];
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.ui.pickCrests}));
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: chosen.map(function (c) { return c + ctx.cityName(c); }).join(", ") +
          " (" + chosen.length + "/" + ch.count + ")"}));
        box.appendChild(actions(ctx, chosen.length === ch.count, function () { return {type: "HandCrests", cities: chosen.slice().sort(function (a, b) { return a - b; })}; },
          [ctx.button(ctx.ui.clear, function () { chosen = [ch.target]; ctx.update(); }, {"class": "secondary"})]));
      },
      board: function () {
        var hl = marks(ch.cities, "legal");
        chosen.forEach(function (c) { hl[String(c)] = "chosen"; });
        return {highlight: hl, onHex: function (hex) {
          var n = Number(hex), i = chosen.indexOf(n);
          if (ch.cities.indexOf(n) === -1 || n === ch.target) return;
          if (i !== -1) chosen.splice(i, 1);
          else if (chosen.length < ch.count) chosen.push(n);
          ctx.update();
        }};
      }
    };
  };

  /* §9.2: up to five units move to a hex their face may stand on; pick a unit, then its hex. */
  tools.reposition = function (ctx) {
    var ch = ctx.templates.RepositionUnits.choices;
    var moves = {}, selected = null, hexUnits = null;
    function unitName(tid) { var u = ch.units[tid]; return ctx.words.faceCodes[u.face] + " " + ctx.words.faces[u.face] + " " + tid; }
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.fill(ctx.ui.repositionPick, ch.max)}));
        if (hexUnits) {
          var row = ctx.h("div", {"class": "duel-chips"}, [ctx.fill(ctx.ui.hex, hexUnits.hex) + ": "]);
          hexUnits.tids.forEach(function (tid) {
            row.appendChild(ctx.button(unitName(tid), function () { selected = tid; ctx.update(); },
              {"class": "chip" + (selected === tid ? " selected" : ""), "data-tile": tid,
               disabled: !moves[tid] && Object.keys(moves).length >= ch.max}));
          });
          box.appendChild(row);
        }
        var list = ctx.h("ul", {"class": "duel-moves"});
        Object.keys(moves).forEach(function (tid) {
          list.appendChild(ctx.h("li", {}, [unitName(tid) + ": " + ch.units[tid].hex + " → " + moves[tid] + " ",
            ctx.button("✕", function () { delete moves[tid]; ctx.update(); }, {"class": "link"})]));
        });
        box.appendChild(list);
        box.appendChild(actions(ctx, true, function () {
          return {type: "RepositionUnits", moves: Object.keys(moves).map(function (tid) { return {tile: tid, hex: moves[tid]}; })};
        }));
      },
      board: function () {
        var hl = {}, labels = {};
        if (selected) hl = marks(ch.units[selected].hexes, "legal");
        else Object.keys(ch.units).forEach(function (tid) { hl[String(ch.units[tid].hex)] = "legal"; });
        ch.crests.forEach(function (c) { if (!hl[String(c)]) hl[String(c)] = "hint"; });
        Object.keys(moves).forEach(function (tid) { labels[String(moves[tid])] = "↓"; });
        return {highlight: hl, labels: labels, onHex: function (hex) {
          var n = Number(hex);
          if (selected && ch.units[selected].hexes.indexOf(n) !== -1 && n !== ch.units[selected].hex) {
            moves[selected] = n;
            selected = null;
          } else {
            var tids = Object.keys(ch.units).filter(function (tid) { return ch.units[tid].hex === n; });
            hexUnits = tids.length ? {hex: n, tids: tids} : null;
            selected = null;
          }
          ctx.update();
        }};
      }
    };
  };

  /* §9.4: the Wilde Sau tokens wait on German airfields. */
  tools.wild_sau = function (ctx) {
    var ch = ctx.templates.PlaceWildSau.choices;
    var chosen = [];
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.fill(ctx.ui.wildSauPlace, ch.count)}));
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: chosen.join(", ") + " (" + chosen.length + "/" + ch.count + ")"}));
        box.appendChild(actions(ctx, chosen.length === ch.count, function () { return {type: "PlaceWildSau", hexes: chosen}; },
          [ctx.button(ctx.ui.clear, function () { chosen = []; ctx.update(); }, {"class": "secondary"})]));
      },
      board: function () {
        var hl = chosen.length < ch.count ? marks(ch.hexes, "legal") : {};
        chosen.forEach(function (c) { hl[String(c)] = "chosen"; });
        return {highlight: hl, onHex: function (hex) {
          if (ch.hexes.indexOf(Number(hex)) === -1 || chosen.length >= ch.count) return;
          chosen.push(Number(hex));
          ctx.update();
        }};
      }
    };
  };

  /* §9.4 (C-40): a Window card goes before route card p; the British clicks the hexes move p enters. */
  tools.window = function (ctx) {
    var ch = ctx.templates.DeclareWindow.choices;
    var route = DuelRoute.planHexes(ctx.view.plan, ctx.geometry());
    var positions = [];
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.fill(ctx.ui.windowPick, ch.max)}));
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: positions.map(function (p) { return ctx.fill(ctx.ui.moveOf, p); }).join(", ")}));
        var row = ctx.h("p", {"class": "duel-actions"});
        row.appendChild(ctx.button(ctx.ui.windowUse, function () {
          ctx.send({type: "DeclareWindow", use: true, positions: positions.slice().sort(function (a, b) { return a - b; })});
        }, {"class": "primary", disabled: !positions.length}));
        row.appendChild(ctx.button(ctx.ui.windowNone, function () { ctx.send({type: "DeclareWindow", use: false}); }, {"class": "secondary"}));
        box.appendChild(row);
      },
      board: function () {
        var hl = {}, labels = {};
        route.slice(1).forEach(function (hex, i) { hl[hex] = positions.indexOf(i + 1) !== -1 ? "chosen" : "legal"; });
        positions.forEach(function (p) { labels[route[p]] = "W"; });
        return {highlight: hl, labels: labels, onHex: function (hex) {
          var move = route.indexOf(String(hex), 1);
          if (move < 1) return;
          var i = positions.indexOf(move);
          if (i !== -1) positions.splice(i, 1);
          else if (positions.length < ch.max) positions.push(move);
          ctx.update();
        }};
      }
    };
  };
})();
