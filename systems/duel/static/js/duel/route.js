/* The British route planner (issue 15; docs/rules/duel-in-the-dark.md §3.4 R1–R11, §7.3–§7.4 re-routes).
 *
 * The British clicks the take-off airfields, the target, then the route hex by hex: each click
 * is one compass card (red out to the target, green home), shown as it grows with the cards
 * used of the budget, the heading and the turns the next card may make. A step the rules forbid
 * (a turn sharper than one notch, a card beyond the budget, no card of that colour left, off the
 * board) is refused here with the reason, before anything is sent; the engine checks it again.
 */
(function () {
  "use strict";
  var DIRS = ["E", "NE", "NW", "W", "SW", "SE"];
  var tools = window.DuelTools = window.DuelTools || {};

  function notches(a, b) {
    var d = Math.abs(DIRS.indexOf(a) - DIRS.indexOf(b));
    return Math.min(d, 6 - d);
  }

  function step(g, hex, dir) {
    var n = ((g.byId[String(hex)] || {}).neighbours || {})[dir];
    return n === undefined ? null : String(n);
  }

  function directionTo(g, from, to) {
    var nb = (g.byId[String(from)] || {}).neighbours || {};
    return DIRS.filter(function (d) { return String(nb[d]) === String(to); })[0] || null;
  }

  /* A committed plan's hexes: the take-off airfield, then the hex each card enters. */
  function planHexes(plan, g) {
    if (!plan || !plan.route) return [];
    var hexes = [String(plan.takeoff_bomber)], at = String(plan.takeoff_bomber);
    plan.route.forEach(function (c) { at = step(g, at, c.dir) || at; hexes.push(at); });
    return hexes;
  }

  /* One route being drawn: cards from ``start`` under the rules' numbers. */
  function Leg(opts) {
    this.start = String(opts.start);
    this.heading = opts.heading || null;   // the heading before the first card (null = free)
    this.budget = opts.budget;
    this.inventory = opts.inventory || null;
    this.returning = !!opts.returning;     // already bombed: green cards only
    this.target = opts.target === undefined ? null : String(opts.target);
    this.cards = [];                       // {dir, colour, hex}
  }
  Leg.prototype.at = function () { return this.cards.length ? this.cards[this.cards.length - 1].hex : this.start; };
  Leg.prototype.bombed = function () {
    return this.returning || this.cards.some(function (c) { return c.colour === "red"; }) &&
      this.cards.filter(function (c) { return c.colour === "red"; }).slice(-1)[0].hex === this.target;
  };
  Leg.prototype.colour = function () { return this.bombed() ? "green" : "red"; };
  /* The heading the next card must stay within one notch of, or null when it is free (R4, R6). */
  Leg.prototype.constraint = function () {
    if (!this.cards.length) return this.heading;
    var lastCard = this.cards[this.cards.length - 1];
    if (lastCard.colour === "red" && lastCard.hex === this.target) return null;
    return lastCard.dir;
  };
  Leg.prototype.used = function (colour, dir) {
    return this.cards.filter(function (c) { return c.colour === colour && c.dir === dir; }).length;
  };
  /* Why a card in ``dir`` may not come next (a sentence), or null if it may. */
  Leg.prototype.refusal = function (g, dir, ui, fill) {
    var colour = this.colour(), heading = this.constraint();
    if (this.cards.length >= this.budget) return fill(ui.tooLong, this.budget);
    if (heading && notches(heading, dir) > 1) {
      return fill(ui.tooSharp, {from: heading, allowed: DIRS.filter(function (d) { return notches(heading, d) <= 1; }).join(", ")});
    }
    if (!step(g, this.at(), dir)) return ui.notAdjacent;
    var inv = this.inventory && this.inventory[colour];
    if (inv && this.used(colour, dir) >= (inv[dir] || 0)) return fill(ui.inventory, {colour: ui[colour], dir: dir});
    return null;
  };
  Leg.prototype.next = function (g, ui, fill) {
    var self = this;
    return DIRS.filter(function (d) { return !self.refusal(g, d, ui, fill); }).map(function (d) { return step(g, self.at(), d); });
  };
  Leg.prototype.add = function (g, hex, ui, fill) {
    var dir = directionTo(g, this.at(), hex);
    if (!dir) return ui.notAdjacent;
    var why = this.refusal(g, dir, ui, fill);
    if (why) return why;
    this.cards.push({dir: dir, colour: this.colour(), hex: String(hex)});
    return null;
  };
  Leg.prototype.hexes = function () { return [this.start].concat(this.cards.map(function (c) { return c.hex; })); };
  Leg.prototype.route = function () { return this.cards.map(function (c) { return {dir: c.dir, colour: c.colour}; }); };

  /* The planner's words and card strip, shared by CommitRoute and ReRoute. */
  function legStatus(ctx, leg, problem) {
    var g = ctx.geometry();
    var box = ctx.h("div", {"class": "duel-route-status"});
    box.appendChild(ctx.h("p", {"class": "duel-counter", text: ctx.fill(ctx.ui.cards, {used: leg.cards.length, max: leg.budget})}));
    var heading = leg.constraint();
    var allowed = leg.next(g, ctx.ui, ctx.fill);
    box.appendChild(ctx.h("p", {"class": "hint", text: heading ? ctx.fill(ctx.ui.heading, {heading: heading,
      next: DIRS.filter(function (d) { return notches(heading, d) <= 1; }).join(", ")}) : ctx.ui.anyHeading}));
    box.appendChild(ctx.h("p", {"class": "hint", text: ctx.ui.turnRule}));
    var strip = ctx.h("ol", {"class": "card-strip"});
    leg.cards.forEach(function (c) {
      strip.appendChild(ctx.h("li", {"class": "card " + c.colour, title: ctx.words.directions[c.dir], text: c.dir}));
    });
    box.appendChild(strip);
    if (problem) box.appendChild(ctx.h("p", {"class": "warn", role: "alert", text: problem}));
    if (!allowed.length && !problem) box.appendChild(ctx.h("p", {"class": "warn", text: ctx.fill(ctx.ui.tooLong, leg.budget)}));
    return box;
  }

  /* Phase 3 (§3.4): TB, TM, target, the route card by card to a British airfield (LB), then LM. */
  function planner(ctx) {
    var t = ctx.templates.CommitRoute, ch = t.choices;
    var airfields = ch.airfields.map(String), targets = ch.targets.map(String);
    var plan, leg, problem = null;
    function reset() {
      plan = {tb: null, tm: null, target: targets.length === 1 ? targets[0] : null, lb: null, lm: null};
      leg = null;
      problem = null;
    }
    reset();
    function startLeg() {
      leg = new Leg({start: plan.tb, budget: ch.max_cards, inventory: ch.compass_inventory, target: plan.target});
    }
    function stage() {
      if (!plan.tb) return "tb";
      if (!plan.tm) return "tm";
      if (!plan.target) return "target";
      if (!plan.lb) return "route";
      if (!plan.lm) return "lm";
      return "done";
    }
    function canLand() {
      return leg && leg.bombed() && leg.cards.length && leg.cards[leg.cards.length - 1].colour === "green" &&
        airfields.indexOf(leg.at()) !== -1;
    }
    function undo() {
      problem = null;
      if (plan.lm) plan.lm = null;
      else if (plan.lb) plan.lb = null;
      else if (leg && leg.cards.length) leg.cards.pop();
      else if (plan.target && targets.length > 1) { plan.target = null; leg = null; }
      else if (plan.tm) plan.tm = null;
      else plan.tb = null;
    }
    function command() {
      return {type: "CommitRoute", takeoff_bomber: +plan.tb, takeoff_mosquito: +plan.tm, target: +plan.target,
              landing_bomber: +plan.lb, landing_mosquito: +plan.lm, route: leg.route()};
    }
    function load(c) {
      plan = {tb: String(c.takeoff_bomber), tm: String(c.takeoff_mosquito), target: String(c.target),
              lb: String(c.landing_bomber), lm: String(c.landing_mosquito)};
      startLeg();
      var g = ctx.geometry();
      c.route.forEach(function (card) { leg.cards.push({dir: card.dir, colour: card.colour, hex: step(g, leg.at(), card.dir)}); });
      problem = null;
    }
    var prompts = {tb: "takeoffBomber", tm: "takeoffMosquito", target: "target", lm: "landingMosquito", done: "routeDone"};
    return {
      save: function () {
        if (!plan.tb) return null;
        return {plan: plan, cards: leg ? leg.cards.map(function (c) { return {dir: c.dir, colour: c.colour}; }) : []};
      },
      restore: function (draft) {
        var saved = draft.plan || {}, g = ctx.geometry();
        var ok = function (hex, list) { return hex === null || hex === undefined || list.indexOf(String(hex)) !== -1; };
        if (!ok(saved.tb, airfields) || !ok(saved.tm, airfields) || !ok(saved.target, targets) ||
            !ok(saved.lb, airfields) || !ok(saved.lm, airfields)) return;
        plan = {tb: saved.tb || null, tm: saved.tm || null, target: saved.target || plan.target, lb: saved.lb || null,
                lm: saved.lm || null};
        if (!plan.target) return;
        startLeg();
        // Card by card through the same checks as a click: a card the rules refuse ends the draft there.
        (draft.cards || []).every(function (card) {
          var next = step(g, leg.at(), card.dir);
          return next !== null && !leg.add(g, next, ctx.ui, ctx.fill);
        });
        if (plan.lb && plan.lb !== leg.at()) { plan.lb = null; plan.lm = null; }
      },
      render: function (box) {
        var s = stage();
        box.appendChild(ctx.h("p", {"class": "duel-prompt", text: s === "route" ? (leg.bombed() ? ctx.ui.routeBack : ctx.ui.routeOut) : ctx.ui[prompts[s]]}));
        var facts = ctx.h("dl", {"class": "facts duel-plan"});
        [[ctx.ui.planBomber, plan.tb ? ctx.fill(plan.lb ? ctx.ui.fromTo : ctx.ui.fromOnly, {takeoff: plan.tb, landing: plan.lb}) : "—"],
         [ctx.ui.planMosquito, plan.tm ? ctx.fill(plan.lm ? ctx.ui.fromTo : ctx.ui.fromOnly, {takeoff: plan.tm, landing: plan.lm}) : "—"],
         [ctx.ui.planTarget, plan.target ? plan.target + ctx.cityName(plan.target) : "—"]].forEach(function (f) {
          facts.appendChild(ctx.h("dt", {text: f[0]}));
          facts.appendChild(ctx.h("dd", {text: f[1]}));
        });
        box.appendChild(facts);
        if (leg) box.appendChild(legStatus(ctx, leg, problem));
        var row = ctx.h("p", {"class": "duel-actions"});
        if (s === "route" && canLand()) {
          row.appendChild(ctx.button(ctx.fill(ctx.ui.landAt, leg.at()), function () { plan.lb = leg.at(); problem = null; ctx.update(); }, {"class": "primary"}));
        }
        if (s === "done") row.appendChild(ctx.button(ctx.ui.send, function () { ctx.send(command()); }, {"class": "primary"}));
        row.appendChild(ctx.button(ctx.ui.undo, function () { undo(); ctx.update(); }, {"class": "secondary", disabled: !plan.tb}));
        row.appendChild(ctx.button(ctx.ui.clear, function () { reset(); ctx.update(); }, {"class": "secondary"}));
        ctx.complete("RedrawTargetCrest").forEach(function (c) {
          row.appendChild(ctx.button(ctx.label(c), function () { ctx.send(c); }, {"class": "secondary"}));
        });
        box.appendChild(row);
        var plans = ctx.complete("CommitRoute");
        if (plans.length) {
          var more = ctx.h("details", {"class": "duel-suggestions"}, [ctx.h("summary", {text: ctx.ui.suggested})]);
          plans.forEach(function (c) { more.appendChild(ctx.button(ctx.label(c), function () { load(c); ctx.update(); }, {"class": "secondary"})); });
          box.appendChild(more);
        }
      },
      board: function () {
        var s = stage(), hl = {}, g = ctx.geometry(), labels = {};
        var pick = {tb: airfields, tm: airfields.filter(function (a) { return a !== plan.tb; }), target: targets,
                    lm: airfields.filter(function (a) { return a !== plan.lb; })}[s];
        (pick || []).forEach(function (hex) { hl[hex] = "legal"; });
        if (s === "route") leg.next(g, ctx.ui, ctx.fill).forEach(function (hex) { hl[hex] = "legal"; });
        [plan.tb, plan.tm, plan.target, plan.lb, plan.lm].forEach(function (hex) { if (hex && !hl[hex]) hl[hex] = "chosen"; });
        if (leg) leg.cards.forEach(function (c, i) { labels[c.hex] = String(i + 1); });
        return {highlight: hl, labels: labels, path: leg ? leg.hexes() : [], pathClass: "planning", hideRoute: true,
          onHex: function (hex) {
            problem = null;
            if (pick && pick.indexOf(hex) !== -1) {
              plan[s] = hex;
              if (s === "target" || (s === "tm" && plan.target)) startLeg();
            } else if (s === "route") {
              problem = leg.add(g, hex, ctx.ui, ctx.fill);
            }
            ctx.update();
          }};
      }
    };
  }

  /* Phase 3: with the random-crest rule (§9.2) the target crest is drawn first; then plan. */
  tools.planning = function (ctx) {
    if (!ctx.templates.CommitRoute) return tools.buttons(ctx);
    return planner(ctx);
  };

  /* §7.3, §7.4: new cards from where the Bomber is, within the remaining budget. */
  function rerouter(ctx, onCancel) {
    var ch = ctx.templates.ReRoute.choices;
    var target = String(ch.target), leg, problem = null, lb = null;
    var landings = ch.landing_airfields.map(String);
    function startLeg() {
      leg = new Leg({start: ch.from, heading: ch.heading, budget: ch.budget, inventory: ch.compass_inventory,
                     returning: ch.returning, target: target});
      lb = null;
    }
    startLeg();
    function canLand() {
      return leg.bombed() && leg.cards.length && leg.cards[leg.cards.length - 1].colour === "green" && landings.indexOf(leg.at()) !== -1;
    }
    return {
      render: function (box) {
        box.appendChild(ctx.h("p", {"class": "duel-prompt", text: ctx.fill(ctx.ui.rerouteHint, ch.budget)}));
        if (!ch.returning && ch.targets.length > 1) {
          var choice = ctx.h("select", {id: "duel-reroute-target"});
          ch.targets.forEach(function (c) {
            choice.appendChild(ctx.h("option", {value: String(c), selected: String(c) === target, text: c + ctx.cityName(c)}));
          });
          choice.addEventListener("change", function () { target = choice.value; startLeg(); ctx.update(); });
          box.appendChild(ctx.h("p", {}, [ctx.h("label", {"for": "duel-reroute-target", text: ctx.ui.planTarget + " "}), choice]));
        }
        box.appendChild(legStatus(ctx, leg, problem));
        var row = ctx.h("p", {"class": "duel-actions"});
        if (canLand() && !lb) row.appendChild(ctx.button(ctx.fill(ctx.ui.landAt, leg.at()), function () { lb = leg.at(); ctx.update(); }, {"class": "primary"}));
        if (lb) {
          row.appendChild(ctx.button(ctx.ui.send, function () {
            ctx.send({type: "ReRoute", route: leg.route(), target: +target, landing_bomber: +lb});
          }, {"class": "primary"}));
        }
        row.appendChild(ctx.button(ctx.ui.undo, function () { if (lb) lb = null; else leg.cards.pop(); problem = null; ctx.update(); }, {"class": "secondary"}));
        row.appendChild(ctx.button(ctx.ui.cancel, onCancel, {"class": "secondary"}));
        box.appendChild(row);
      },
      board: function () {
        var g = ctx.geometry(), hl = {}, labels = {};
        if (!lb) leg.next(g, ctx.ui, ctx.fill).forEach(function (hex) { hl[hex] = "legal"; });
        hl[target] = hl[target] || "chosen";
        leg.cards.forEach(function (c, i) { labels[c.hex] = String(i + 1); });
        return {highlight: hl, labels: labels, path: leg.hexes(), pathClass: "planning", hideRoute: true, onHex: function (hex) {
          problem = lb ? null : leg.add(g, hex, ctx.ui, ctx.fill);
          ctx.update();
        }};
      }
    };
  }

  window.DuelRoute = {planHexes: planHexes, rerouter: rerouter, notches: notches, step: step, directionTo: directionTo};
})();
