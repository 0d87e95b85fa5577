/* Duel tools for the turns of phase 6 (issue 15; docs/rules/duel-in-the-dark.md §4.2–§4.4, §7.3–§7.5,
 * §9.4, §9.6, §9.9, §9.10): the Mosquito's move and drop, the fighters' moves (click the path;
 * altitude, landing, MW-50 and fuel-medal toggles; fuel before and after), the German extras
 * (medals, Wilde Sau, railway flak, ace gunners), the QF hits, and the Bomber's turn with its
 * medals and re-route. Only the moves listed by the engine are offered.
 */
(function () {
  "use strict";
  var tools = window.DuelTools = window.DuelTools || {};

  function marks(hexes, cls) {
    var out = {};
    hexes.forEach(function (hex) { out[String(hex)] = cls; });
    return out;
  }

  function unique(list) {
    return list.filter(function (x, i) { return list.indexOf(x) === i; });
  }

  function toggleRow(ctx, label, options, chosen, pick, attr) {
    var row = ctx.h("p", {"class": "duel-chips", role: "group", "aria-label": label}, [label + ": "]);
    options.forEach(function (o) {
      var extra = {"class": "chip" + (o.value === chosen ? " selected" : ""), "aria-pressed": String(o.value === chosen)};
      extra[attr] = String(o.value);
      row.appendChild(ctx.button(o.text, function () { pick(o.value); ctx.update(); }, extra));
    });
    return row;
  }

  /* §4.2: any hex within 2; the take-off needs an altitude; land only on LM. */
  tools.mosquito = function (ctx) {
    var moves = ctx.complete("MoveMosquito"), to = null;
    var m = ctx.view.mosquito || {};
    var altitude = m.state === "airborne" ? m.altitude : "HIGH";
    function at(hex) { return moves.filter(function (c) { return String(c.to) === String(hex); }); }
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.ui.mosquitoMove}));
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: ctx.fill(ctx.ui.tokensLeft, m.tokens_left)}));
        if (to !== null) {
          var here = at(to);
          var levels = here.filter(function (c) { return c.altitude; }).map(function (c) { return c.altitude; });
          if (levels.indexOf(altitude) === -1) altitude = levels[0] || null;
          box.appendChild(ctx.h("p", {"class": "duel-choice", text: ctx.ui.mosquitoAt + " → " + ctx.fill(ctx.ui.hex, to) + ctx.cityName(to)}));
          if (levels.length) {
            box.appendChild(toggleRow(ctx, ctx.ui.altitude, levels.map(function (a) { return {value: a, text: ctx.words.altitudes[a]}; }),
              altitude, function (a) { altitude = a; }, "data-altitude"));
            box.appendChild(ctx.h("p", {"class": "duel-actions"}, [ctx.button(ctx.ui.send, function () {
              ctx.send(here.filter(function (c) { return c.altitude === altitude; })[0]);
            }, {"class": "primary"})]));
          }
          here.filter(function (c) { return c.land; }).forEach(function (c) {
            box.appendChild(ctx.button(ctx.ui.mosquitoLand, function () { ctx.send(c); }, {"class": "secondary", "data-land": "1"}));
          });
        }
        ctx.complete("WaitMosquito").forEach(function (c) {
          box.appendChild(ctx.h("p", {}, [ctx.button(ctx.ui.wait, function () { ctx.send(c); }, {"class": "secondary"})]));
        });
      },
      board: function () {
        var hl = marks(unique(moves.map(function (c) { return String(c.to); })), "legal");
        if (to !== null) hl[String(to)] = "chosen";
        return {highlight: hl, onHex: function (hex) { if (at(hex).length) { to = hex; ctx.update(); } }};
      }
    };
  };

  /* §4.2.1 T1–T8, §7.5: bombs on the airfield or units here (1 + smoke screens each), target
   * markers over a city, some of the tokens medals; one drop per turn. */
  tools.mosquito_drop = function (ctx) {
    var t = ctx.templates.DropTokens, ch = t.choices;
    var bombs = {}, markers = 0, medals = 0;
    function total() {
      return Object.keys(bombs).reduce(function (n, k) { return n + bombs[k]; }, 0);
    }
    function command() {
      return {type: "DropTokens", markers: markers, medals: medals,
              bombs: Object.keys(bombs).map(function (k) { return {target: k, count: bombs[k]}; })};
    }
    function stepper(label, value, min, max, set, attr) {
      var extra = {"class": "secondary small"};
      extra[attr] = "-";
      var plus = {"class": "secondary small"};
      plus[attr] = "+";
      return ctx.h("span", {"class": "stepper"}, [label + " ",
        ctx.button("−", function () { set(Math.max(min, value - 1)); ctx.update(); }, Object.assign(extra, {disabled: value <= min})),
        ctx.h("output", {text: String(value)}),
        ctx.button("+", function () { set(Math.min(max, value + 1)); ctx.update(); }, Object.assign(plus, {disabled: value >= max}))]);
    }
    return {
      render: function (box) {
        var spent = total() + markers - medals;
        box.appendChild(ctx.h("p", {"class": "duel-counter", text: ctx.fill(ctx.ui.tokensLeft, ch.tokens_left - spent) +
          " · " + ctx.fill(ctx.ui.hex, ch.hex) + ctx.cityName(ch.hex)}));
        if (!ch.bombs_allowed) box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.bombsLowOnly}));
        var list = ctx.h("ul", {"class": "duel-targets"});
        if (ch.bombs_allowed) ch.targets.forEach(function (target) {
          var on = bombs[target.target] !== undefined;
          var name = target.target === "airfield" ? ctx.ui.airfield : ctx.words.faces[target.face] + " " + target.target;
          var li = ctx.h("li", {}, [ctx.h("label", {}, [
            ctx.h("input", {type: "checkbox", checked: on, "data-target": target.target}), " " + ctx.fill(ctx.ui.bombsOn, {target: name})])]);
          li.querySelector("input").addEventListener("change", function (e) {
            if (e.target.checked) bombs[target.target] = target.min; else delete bombs[target.target];
            ctx.update();
          });
          if (on && target.max > target.min) {
            li.appendChild(stepper("", bombs[target.target], target.min, target.max,
              function (v) { bombs[target.target] = v; }, "data-count-" + target.target));
          } else if (on) {
            li.appendChild(document.createTextNode(" × " + target.min));
          }
          list.appendChild(li);
        });
        box.appendChild(list);
        if (ch.markers_allowed) box.appendChild(ctx.h("p", {}, [stepper(ctx.ui.markers, markers, 0, ch.tokens_left, function (v) { markers = v; }, "data-markers")]));
        else box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.markersCityOnly}));
        // bombs on flak or searchlights beside a mirror leave the medals to the markers.
        var mirrored = ch.targets.some(function (t) { return bombs[t.target] !== undefined && (ch.medals_markers_only_on || []).indexOf(t.face) !== -1; });
        var medalsMax = Math.min(ch.medals_usable, Math.floor((total() + markers) / 2), mirrored ? markers : Infinity);
        if (medals > medalsMax) medals = medalsMax;
        if (ch.medals_usable) {
          box.appendChild(ctx.h("p", {}, [stepper(ctx.ui.medalsAsTokens, medals, 0, medalsMax,
            function (v) { medals = v; }, "data-medals")]));
        }
        var ok = total() + markers > 0 && spent <= ch.tokens_left && medals <= medalsMax;
        var row = ctx.h("p", {"class": "duel-actions"}, [ctx.button(ctx.ui.drop, function () { ctx.send(command()); }, {"class": "primary", disabled: !ok})]);
        ctx.complete("EndMosquitoTurn").forEach(function (c) { row.appendChild(ctx.button(ctx.ui.noDrop, function () { ctx.send(c); }, {"class": "secondary"})); });
        box.appendChild(row);
      },
      board: function () { return {highlight: marks([ch.hex], "chosen")}; }
    };
  };

  /* §4.3: a fighter, then its path on the board; the move's options and fuel are the engine's. */
  function fighterTool(ctx) {
    var t = ctx.templates.MoveFighter, fighters = t ? t.choices.fighters : {};
    var ids = Object.keys(fighters);
    var selected = ids[0] || null, path = null, first = null, opts = {};
    function moves() { return selected ? fighters[selected].moves : []; }
    function end(m) { return String(m.hexes.length ? m.hexes[m.hexes.length - 1] : fighters[selected].hex); }
    function key(m) { return m.hexes.join(">"); }
    function choose(hexes) {
      path = hexes;
      var here = matching();
      var f = fighters[selected];
      opts = {altitude: null, land: false, use_mw50: false, use_fuel_medal: false};
      var plain = here.filter(function (m) { return !m.command.use_mw50 && !m.command.use_fuel_medal; });
      var pool = plain.length ? plain : here;
      var levels = pool.filter(function (m) { return m.command.altitude; }).map(function (m) { return m.command.altitude; });
      opts.use_mw50 = !plain.length && pool[0] && !!pool[0].command.use_mw50;
      opts.use_fuel_medal = !plain.length && pool[0] && !!pool[0].command.use_fuel_medal;
      opts.altitude = levels.indexOf(f.altitude) !== -1 ? f.altitude : levels.indexOf("HIGH") !== -1 ? "HIGH" : levels[0] || null;
      opts.land = !levels.length;
    }
    function matching() {
      return moves().filter(function (m) { return key(m) === path.join(">"); });
    }
    function picked() {
      return matching().filter(function (m) {
        var c = m.command;
        return !!c.use_mw50 === !!opts.use_mw50 && !!c.use_fuel_medal === !!opts.use_fuel_medal &&
          (opts.land ? c.land : !c.land && c.altitude === opts.altitude);
      })[0] || null;
    }
    function clickHex(hex) {
      var all = moves();
      if (first !== null) {
        var two = all.filter(function (m) { return m.hexes.length === 2 && String(m.hexes[0]) === first && String(m.hexes[1]) === hex; });
        if (two.length) { choose(two[0].hexes.map(String)); first = null; return true; }
      }
      var direct = all.filter(function (m) { return end(m) === hex && m.hexes.length <= 1; });
      var starts = all.filter(function (m) { return m.hexes.length === 2 && String(m.hexes[0]) === hex; });
      var far = all.filter(function (m) { return m.hexes.length === 2 && String(m.hexes[1]) === hex; });
      first = starts.length ? hex : null;
      if (direct.length) { choose(direct[0].hexes.map(String)); return true; }
      if (far.length) { choose(far[0].hexes.map(String)); return true; }
      if (starts.length) { path = null; return true; }
      var own = ids.filter(function (fid) { return String(fighters[fid].hex) === hex; });
      if (own.length) { selected = own[0]; path = null; first = null; return true; }
      return false;
    }
    return {
      ids: ids,
      renderInto: function (box) {
        if (!ids.length) return;
        box.appendChild(ctx.h("p", {text: ctx.ui.pickFighter}));
        var chips = ctx.h("div", {"class": "duel-chips", role: "group"});
        ids.forEach(function (fid) {
          var f = fighters[fid];
          chips.appendChild(ctx.button(ctx.fighterLabel(fid) + " · " + ctx.fill(ctx.ui.hex, f.hex) + " · " + f.fuel + "/" + f.fuel_max,
            function () { selected = fid; path = null; first = null; ctx.update(); },
            {"class": "chip fighter-" + fid + (selected === fid ? " selected" : ""), "aria-pressed": String(selected === fid), "data-fighter": fid}));
        });
        box.appendChild(chips);
        if (!selected) return;
        var f = fighters[selected];
        box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.fighterHint}));
        if (f.may_land_here) {
          box.appendChild(ctx.h("p", {}, [ctx.button(ctx.ui.landHere, function () { ctx.send({type: "LandFighter", fighter: selected}); },
            {"class": "secondary", "data-land-here": selected})]));
        }
        if (!path) return;
        var here = matching();
        var where = path.length ? path.map(function (h) { return ctx.fill(ctx.ui.hex, h); }).join(" → ") :
          (f.state === "ground" ? ctx.ui.takeOffStay : ctx.ui.hover);
        box.appendChild(ctx.h("p", {"class": "duel-choice", text: ctx.fighterLabel(selected) + ": " + where}));
        var levels = unique(here.filter(function (m) { return m.command.altitude; }).map(function (m) { return m.command.altitude; }));
        var choice = [];
        levels.forEach(function (a) { choice.push({value: a, text: ctx.words.altitudes[a]}); });
        if (here.some(function (m) { return m.command.land; })) choice.push({value: "land", text: ctx.ui.land});
        box.appendChild(toggleRow(ctx, ctx.ui.altitude, choice, opts.land ? "land" : opts.altitude, function (v) {
          if (v === "land") opts.land = true; else { opts.land = false; opts.altitude = v; }
        }, "data-altitude"));
        if (here.some(function (m) { return m.command.use_mw50; })) {
          box.appendChild(toggleRow(ctx, ctx.ui.mw50, [{value: true, text: "✓"}, {value: false, text: "✗"}], !!opts.use_mw50,
            function (v) { opts.use_mw50 = v; }, "data-mw50"));
        }
        if (here.some(function (m) { return m.command.use_fuel_medal; })) {
          box.appendChild(toggleRow(ctx, ctx.ui.fuelMedal, [{value: true, text: "✓"}, {value: false, text: "✗"}], !!opts.use_fuel_medal,
            function (v) { opts.use_fuel_medal = v; }, "data-fuel-medal"));
        }
        var move = picked();
        if (move) {
          box.appendChild(ctx.h("p", {"class": "duel-counter", text: ctx.fill(ctx.ui.fuel, {now: f.fuel, after: move.fuel_after, max: f.fuel_max})}));
          if (move.engages_mosquito) box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.engages}));
        } else {
          box.appendChild(ctx.h("p", {"class": "warn", text: ctx.ui.noSuchMove}));
        }
        box.appendChild(ctx.h("p", {"class": "duel-actions"}, [ctx.button(ctx.ui.send, function () { ctx.send(move.command); },
          {"class": "primary", disabled: !move})]));
      },
      board: function () {
        if (!selected) return {highlight: {}};
        var all = moves(), hl = {};
        all.forEach(function (m) {
          if (m.hexes.length < 2 || first === null || String(m.hexes[0]) === first) hl[end(m)] = "legal";
          if (m.hexes.length === 2 && first === null) hl[String(m.hexes[0])] = hl[String(m.hexes[0])] || "via";
        });
        var labels = {};
        var from = String(fighters[selected].hex);
        if (path) path.forEach(function (hex, i) { hl[hex] = "chosen"; labels[hex] = String(i + 1); });
        if (first !== null) hl[first] = "chosen";
        hl[from] = hl[from] === "legal" ? "legal" : "origin";
        return {highlight: hl, labels: labels, path: path && path.length ? [from].concat(path) : [], pathClass: "fighter-path",
                onHex: function (hex) { if (clickHex(hex)) ctx.update(); }};
      }
    };
  }

  /* Complete commands of one kind as a "pick a piece, then a hex" sub-tool (Wilde Sau, railway flak). */
  function pieceMover(ctx, type, pieceKey, pieceName, prompt) {
    var list = ctx.complete(type), piece = null;
    var pieces = unique(list.map(function (c) { return c[pieceKey]; }));
    return {
      available: list.length > 0,
      renderInto: function (box) {
        box.appendChild(ctx.h("p", {text: prompt}));
        var chips = ctx.h("div", {"class": "duel-chips"});
        pieces.forEach(function (p) {
          chips.appendChild(ctx.button(pieceName(p), function () { piece = p; ctx.update(); },
            {"class": "chip" + (piece === p ? " selected" : ""), "data-piece": p}));
        });
        box.appendChild(chips);
      },
      board: function () {
        var hl = piece ? marks(list.filter(function (c) { return c[pieceKey] === piece; }).map(function (c) { return c.to; }), "legal") : {};
        return {highlight: hl, onHex: function (hex) {
          var c = list.filter(function (c) { return c[pieceKey] === piece && String(c.to) === hex; })[0];
          if (c) ctx.send(c);
        }};
      }
    };
  }

  /* §7.5 German medals: a bonus on a hex with airborne fighters (count), or a repair. */
  function medalTool(ctx) {
    var t = ctx.templates.UseMedal, count = 1;
    return {
      available: !!t,
      renderInto: function (box) {
        var ch = t.choices;
        box.appendChild(ctx.h("p", {text: ctx.ui.medalBonus}));
        box.appendChild(toggleRow(ctx, ctx.ui.count, Array.from({length: ch.usable}, function (_, i) { return {value: i + 1, text: String(i + 1)}; }),
          count, function (v) { count = v; }, "data-count"));
        var repairs = ctx.h("p", {"class": "duel-chips"}, [ctx.ui.medalRepair + ": "]);
        ch.repair_tiles.forEach(function (tid) {  // named as on the board: "flak t12, hex 24"
          var u = (ctx.view.tiles || {})[tid] || {};
          var name = (ctx.words.faces[u.face] || "") + " " + tid + (u.hex ? ", " + ctx.fill(ctx.ui.hex, u.hex) : "");
          repairs.appendChild(ctx.button(name.trim(), function () { ctx.send({type: "UseMedal", use: "repair", tile: tid}); }, {"class": "chip"}));
        });
        ch.repair_airfields.forEach(function (hex) {
          repairs.appendChild(ctx.button(ctx.fill(ctx.ui.hex, hex), function () { ctx.send({type: "UseMedal", use: "repair", airfield: hex}); }, {"class": "chip"}));
        });
        if (ch.repair_tiles.length || ch.repair_airfields.length) box.appendChild(repairs);
      },
      board: function () {
        return {highlight: marks(t.choices.bonus_hexes, "legal"), onHex: function (hex) {
          if (t.choices.bonus_hexes.indexOf(Number(hex)) !== -1) ctx.send({type: "UseMedal", use: "bonus", hex: Number(hex), count: count});
        }};
      }
    };
  }

  /* §9.9: a held ace medal on any hex outside Britain. */
  function aceTool(ctx) {
    var t = ctx.templates.PlaceAceMedal, grade = t ? t.choices.grades[0] : null;
    return {
      available: !!t,
      renderInto: function (box) {
        box.appendChild(toggleRow(ctx, ctx.ui.acePlace, t.choices.grades.map(function (g) { return {value: g, text: ctx.words.grades[g]}; }), grade,
          function (g) { grade = g; }, "data-grade"));
      },
      board: function () {
        return {highlight: marks(t.choices.hexes, "legal"), onHex: function (hex) {
          if (t.choices.hexes.indexOf(Number(hex)) !== -1) ctx.send({type: "PlaceAceMedal", grade: grade, hex: Number(hex)});
        }};
      }
    };
  }

  /* The German turn: the fighters, then (designated seat) the side-wide extras; one end button. */
  tools.german = function (ctx) {
    var subs = {fighters: fighterTool(ctx), medals: medalTool(ctx), ace: aceTool(ctx),
                wildsau: pieceMover(ctx, "MoveWildSau", "token", function (p) { return ctx.ui.wildSau + " " + p; }, ctx.ui.wildSauMove),
                railway: pieceMover(ctx, "MoveRailwayFlak", "tile", function (p) { return ctx.words.faces.railway_flak + " " + p; }, ctx.ui.railwayMove)};
    var names = {fighters: ctx.ui.fighters, medals: ctx.ui.medalBonus, ace: ctx.ui.acePlace, wildsau: ctx.ui.wildSauMove, railway: ctx.ui.railwayMove};
    var order = ["fighters", "medals", "wildsau", "railway", "ace"].filter(function (k) { return k === "fighters" ? subs.fighters.ids.length : subs[k].available; });
    var mode = order[0] || null;
    return {
      render: function (box) {
        if (order.length > 1) {
          box.appendChild(toggleRow(ctx, ctx.ui.doNow, order.map(function (k) { return {value: k, text: names[k]}; }), mode,
            function (k) { mode = k; }, "data-mode"));
        }
        if (mode) subs[mode].renderInto(box);
        ctx.complete("EndGermanTurn").forEach(function (c) {
          box.appendChild(ctx.h("p", {"class": "duel-actions end"}, [ctx.button(ctx.label(c), function () { ctx.send(c); }, {"class": "secondary", "data-end-turn": "1"})]));
        });
      },
      board: function () { return mode ? subs[mode].board() : null; }
    };
  };

  /* §9.10: the British chooses the fighter each QF gun hits. */
  tools.qf_fire = function (ctx) {
    var ch = ctx.templates.AllocateQFHits.choices, hits = {};
    Object.keys(ch.guns).forEach(function (qf) { hits[qf] = ch.guns[qf].fighters[0]; });
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {text: ctx.ui.qfPick}));
        Object.keys(ch.guns).forEach(function (qf) {
          box.appendChild(toggleRow(ctx, ctx.ui.qfGun + " " + qf + " (" + ctx.fill(ctx.ui.hex, ch.guns[qf].hex) + ")",
            ch.guns[qf].fighters.map(function (f) { return {value: f, text: ctx.fighterLabel(f)}; }), hits[qf],
            function (f) { hits[qf] = f; }, "data-qf-" + qf));
        });
        box.appendChild(ctx.h("p", {"class": "duel-actions"}, [ctx.button(ctx.ui.send, function () {
          ctx.send({type: "AllocateQFHits", hits: Object.keys(hits).map(function (qf) { return {qf: Number(qf), fighter: hits[qf]}; })});
        }, {"class": "primary"})]));
      },
      board: function () { return {highlight: marks(Object.keys(ch.guns).map(function (qf) { return ch.guns[qf].hex; }), "chosen")}; }
    };
  };

  /* §4.4: the next card (the altitude on the first), British medals on it (§7.5), a re-route (§7.3–§7.4). */
  tools.bomber = function (ctx) {
    var advances = ctx.complete("AdvanceBomber"), medal = ctx.templates.AdvanceBomber;
    var altitude = advances[0].altitude ? "HIGH" : null, sabotage = [], evasion = 0, rerouting = null;
    function command() {
      var c = {type: "AdvanceBomber"};
      if (altitude) c.altitude = altitude;
      if (sabotage.length) c.sabotage = sabotage;
      if (evasion) c.evasion = evasion;
      return c;
    }
    var self = {
      render: function (box) {
        if (rerouting) { rerouting.render(box); return; }
        var route = DuelRoute.planHexes(ctx.view.plan, ctx.geometry());
        var b = ctx.view.bomber || {};
        var next = route[(b.moves_done || 0) + 1];
        if (next) box.appendChild(ctx.h("p", {"class": "duel-choice", text: ctx.ui.bomberAt + ": " + ctx.fill(ctx.ui.hex, b.hex) + " → " + ctx.fill(ctx.ui.hex, next) + ctx.cityName(next)}));
        if (altitude) {
          box.appendChild(toggleRow(ctx, ctx.ui.advanceAltitude, ["LOW", "HIGH"].map(function (a) { return {value: a, text: ctx.words.altitudes[a]}; }),
            altitude, function (a) { altitude = a; }, "data-altitude"));
        }
        if (medal) {
          var ch = medal.choices;
          if (ch.sabotage_units.length) {
            var row = ctx.h("p", {"class": "duel-chips"}, [ctx.ui.sabotage + ": "]);
            ch.sabotage_units.forEach(function (u) {
              var on = sabotage.indexOf(u.tile) !== -1;
              row.appendChild(ctx.button(ctx.words.faces[u.face] + " " + u.tile, function () {
                if (on) sabotage.splice(sabotage.indexOf(u.tile), 1); else if (sabotage.length + evasion < ch.medals_usable) sabotage.push(u.tile);
                ctx.update();
              }, {"class": "chip" + (on ? " selected" : ""), "aria-pressed": String(on), "data-sabotage": u.tile}));
            });
            box.appendChild(row);
          }
          if (ch.evasion_allowed) {
            box.appendChild(toggleRow(ctx, ctx.ui.evasion, Array.from({length: ch.medals_usable - sabotage.length + 1}, function (_, i) {
              return {value: i, text: String(i)}; }), evasion, function (v) { evasion = v; }, "data-evasion"));
          }
        }
        var row2 = ctx.h("p", {"class": "duel-actions"}, [ctx.button(ctx.ui.advance, function () { ctx.send(command()); }, {"class": "primary", "data-advance": "1"})]);
        if (ctx.templates.ReRoute) {
          row2.appendChild(ctx.button(ctx.ui.reroute, function () {
            rerouting = DuelRoute.rerouter(ctx, function () { rerouting = null; ctx.update(); });
            ctx.update();
          }, {"class": "secondary", "data-reroute": "1"}));
        }
        box.appendChild(row2);
      },
      board: function () {
        if (rerouting) return rerouting.board();
        var route = DuelRoute.planHexes(ctx.view.plan, ctx.geometry());
        var next = route[((ctx.view.bomber || {}).moves_done || 0) + 1];
        return {highlight: next ? marks([next], "chosen") : {}};
      }
    };
    return self;
  };
})();
