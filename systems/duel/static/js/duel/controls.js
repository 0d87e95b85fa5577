/* Duel in the Dark controls (issue 15): every command composed by clicking the board.
 *
 * The engine's legal actions (in the panel's #view-data) say what may be picked: complete
 * commands, and templates whose choices list the legal hexes, faces, fuel costs and card budget
 * (systems/duel/rules/templates.py). One tool per step of the night (setup.js, route.js, turns.js
 * register them in DuelTools) turns clicks into one command; it is sent through the page's own
 * form (.action-form: play.js posts it to the API; without play.js the server form takes it),
 * so the rules are checked in one place. The panel is re-rendered by play.js after every move:
 * a mutation observer then rebuilds the tool, keeping a half-made command while the position
 * stands (a refused command loses nothing), and in the tab's sessionStorage over a reload.
 */
(function () {
  "use strict";
  var words = JSON.parse(document.getElementById("duel-words").textContent);
  var ui = words.ui;
  var fill = DuelBoard.fill;
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var root = document.getElementById("duel-controls");
  var toolBox = document.getElementById("duel-tool");
  var titleBox = document.getElementById("duel-step");
  var headBox = document.getElementById("duel-controls-h");
  var errorBox = document.getElementById("duel-error");
  var vehicle = root.querySelector("form.duel-vehicle");
  var raw = root.querySelector(".duel-raw");
  var current = {key: null, tool: null};
  var sending = false;


  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "onclick") node.addEventListener("click", attrs[k]);
      else if (k === "text") node.textContent = attrs[k];
      else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c !== null && c !== undefined && c !== false) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function button(label, onclick, extra) {
    var attrs = {type: "button", onclick: onclick, text: label};
    Object.keys(extra || {}).forEach(function (k) { attrs[k] = extra[k]; });
    if (sending) attrs.disabled = true;
    return h("button", attrs);
  }

  /* JSON with sorted keys: two commands are the same when their canonical texts are. */
  function canonical(value) {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (k) { return JSON.stringify(k) + ":" + canonical(value[k]); }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  function readView() {
    var node = document.getElementById("view-data");
    return node ? JSON.parse(node.textContent) || {} : {};
  }

  function panel() { return document.getElementById("play-panel"); }

  function sideName(side) {
    if (/^german\d$/.test(side)) return words.sides.german + " " + side.slice(6);
    return words.sides[side] || side;
  }

  function fighterLabel(view, fid) {
    var f = (view.fighters || {})[fid] || {};
    return DuelBoard.fighterName(fid, f.type);
  }

  /* A complete command in words (the buttons of the simple steps and the suggestions). */
  function label(view, c) {
    switch (c.type) {
      case "DrawWeather": return ui.drawWeather;
      case "DeployBritish": return ui.deploy;
      case "DrawTargetCrest": return ui.drawCrest;
      case "RedrawTargetCrest": return ui.redrawCrest;
      case "FireGoldAce": return c.fire ? ui.goldFire : ui.goldHold;
      case "WaitMosquito": return ui.wait;
      case "EndMosquitoTurn": return ui.noDrop;
      case "EndGermanTurn": return page.viewing_as === "german" ? ui.endTurn : ui.endSeatTurn;
      case "LandFighter": return ui.landHere + ": " + fighterLabel(view, c.fighter);
      case "AdvanceBomber": return c.altitude ? fill(ui.advanceAt, {altitude: words.altitudes[c.altitude]}) : ui.advance;
      case "CommitRoute": return fill(ui.planCards, {target: fill(ui.hex, c.target) + cityName(c.target), n: c.route.length});
      default: return (words.commands || {})[c.type] || c.type;
    }
  }

  function cityName(hex) {
    var b = DuelBoard.board(), g = b ? DuelBoard.geometry(b) : null;
    var city = g && g.byId[String(hex)] && g.byId[String(hex)].city;
    return city ? " (" + city.name + ")" : "";
  }

  /* Send through the page's form: play.js posts it to the API with CSRF; its answer re-renders the panel. */
  function send(command) {
    var legal = current.ctx.legal;
    var text = canonical(command);
    var index = legal.findIndex(function (a) { return !a.template && canonical(a) === text; });
    if (index === -1) index = legal.findIndex(function (a) { return a.template && a.type === command.type; });
    vehicle.querySelector("[name=action]").value = index;
    vehicle.querySelector("[name=expected_version]").value = panel() ? panel().dataset.version : "";
    vehicle.querySelector("[data-composed]").value = JSON.stringify(command);
    vehicle.dataset.command = JSON.stringify({type: command.type});
    vehicle.dataset.label = label(current.ctx.view, command);  // "Done: fighters placed."
    errorBox.hidden = true;
    sending = true;
    render();
    vehicle.requestSubmit();
    // The page re-renders the panel after every answer; should none come, the tool wakes again.
    window.setTimeout(function () { if (sending) { sending = false; render(); } }, 15000);
  }

  function makeContext(view) {
    var legal = view.legal_actions || [];
    var templates = {};
    legal.forEach(function (a) { if (a.template) templates[a.type] = a; });
    var ctx = {
      view: view, legal: legal, templates: templates, words: words, ui: ui, fill: fill, h: h, button: button,
      side: page.viewing_as, sideName: sideName, label: function (c) { return label(view, c); },
      fighterLabel: function (fid) { return fighterLabel(view, fid); }, cityName: cityName,
      complete: function (type) { return legal.filter(function (a) { return !a.template && (!type || a.type === type); }); },
      send: send, update: function () { render(); },
      geometry: function () { return DuelBoard.geometry(DuelBoard.board()); },
      same: function (a, b) { return canonical(a) === canonical(b); }
    };
    return ctx;
  }

  function pickTool(ctx) {
    var step = ctx.view.step;
    var make = (window.DuelTools || {})[step] || window.DuelTools.buttons;
    return make(ctx);
  }

  /* The draft: what a tool holds but has not sent (placed units, route cards) is kept in this
   * tab's sessionStorage under the game, seat, version and step, so a reload restores it; a
   * draft of a position that has passed is dropped. Leaving with a draft asks first. */
  var DRAFTS = "nightduel-draft:" + page.game_id + ":" + page.viewing_as + ":";  // one seat's drafts

  function draftKey() { return DRAFTS + current.key; }

  function storage() {
    try { return window.sessionStorage; } catch (e) { return null; }  // storage may be switched off
  }

  function unsent() { return current.tool && current.tool.save ? current.tool.save() : null; }

  function keepDraft() {
    var store = storage(), draft = unsent();
    if (!store || !current.tool || !current.tool.save) return;
    if (draft) store.setItem(draftKey(), JSON.stringify(draft));
    else store.removeItem(draftKey());
  }

  function restoreDraft() {
    var store = storage();
    if (!store) return false;
    for (var i = store.length - 1; i >= 0; i--) {
      var k = store.key(i);
      if (k && k.indexOf(DRAFTS) === 0 && k !== draftKey()) store.removeItem(k);  // a position gone by
    }
    var saved = store.getItem(draftKey());
    if (!saved || !current.tool || !current.tool.restore) return false;
    try { current.tool.restore(JSON.parse(saved)); } catch (e) { store.removeItem(draftKey()); return false; }
    return !!unsent();
  }

  window.addEventListener("beforeunload", function (event) {
    if (sending || !unsent()) return;
    event.preventDefault();
    event.returnValue = "";  // the browser asks whether to leave (its own words)
  });

  /* Rebuild the tool when the position changed; keep it (and what it holds) otherwise. */
  function refresh() {
    var view = readView();
    var version = panel() ? panel().dataset.version : "";
    var key = [version, view.step, page.viewing_as].join("|");
    sending = false;
    if (key !== current.key) {
      var ctx = makeContext(view);
      current = {key: key, ctx: ctx, tool: ctx.legal.length ? pickTool(ctx) : null};
      current.restored = restoreDraft();
      fillRaw(ctx);
    }
    render();
  }

  function status() { return panel() ? panel().dataset.status : page.status; }

  /* The heading says whose move it is for this viewer ("Your move" only when it is). */
  function heading(toMove) {
    var over = status() !== "running" || !toMove.length;
    headBox.textContent = current.tool ? ui.headYourMove : over ? ui.headOver :
      page.your_sides.length ? ui.headWaiting : ui.headWatching;
    root.classList.toggle("your-move", !!current.tool);
  }

  function render() {
    var view = current.ctx.view;
    var toMove = view.to_move || [];
    heading(toMove);
    titleBox.textContent = words.steps[view.step] || view.step || "";
    toolBox.textContent = "";
    if (current.tool) {
      keepDraft();
      if (current.restored && unsent()) toolBox.appendChild(h("p", {"class": "duel-restored", role: "status", text: ui.draftRestored}));
      current.tool.render(toolBox);
      DuelBoard.interaction = current.tool.board ? current.tool.board() : null;
    } else {
      DuelBoard.interaction = null;
      var waiting = status() !== "running" || !toMove.length ? ui.ended :
        page.your_sides.length ? fill(ui.waiting, toMove.map(sideName).join(", ")) : ui.watching;
      toolBox.appendChild(h("p", {"class": "duel-wait", text: waiting}));
    }
    raw.hidden = !current.tool;
    seats(toMove);
    DuelBoard.redraw();
  }

  /* A player holding several seats (3–5 players) switches between them here. */
  function seats(toMove) {
    var box = document.getElementById("duel-seats");
    if (!box || page.your_sides.length < 2) return;
    box.textContent = "";
    box.appendChild(document.createTextNode(ui.actAs + ": "));
    page.your_sides.forEach(function (side) {
      var a = h("a", {href: "?side=" + encodeURIComponent(side), text: sideName(side) + (toMove.indexOf(side) !== -1 ? " •" : "")});
      if (side === page.viewing_as) a.setAttribute("aria-current", "true");
      box.appendChild(a);
      box.appendChild(document.createTextNode(" "));
    });
  }

  function fillRaw(ctx) {
    var area = raw.querySelector("textarea");
    var example = ctx.legal.map(function (a) { return a.template ? a.example : a; }).filter(Boolean)[0];
    area.value = example ? JSON.stringify(example) : "";
  }

  raw.querySelector("button").addEventListener("click", function () {
    var command;
    try { command = JSON.parse(raw.querySelector("textarea").value); } catch (e) { command = null; }
    if (!command || typeof command !== "object" || typeof command.type !== "string") {
      errorBox.textContent = ui.rawInvalid;
      errorBox.hidden = false;
      return;
    }
    send(command);
  });

  /* The page's error line (play.js) is repeated next to the controls, where the player looks. */
  var pageError = document.getElementById("play-error");
  if (pageError) {
    new MutationObserver(function () {
      errorBox.textContent = pageError.textContent;
      errorBox.hidden = pageError.hidden || !pageError.textContent;
      if (!errorBox.hidden) { sending = false; render(); }
    }).observe(pageError, {attributes: true, childList: true, characterData: true, subtree: true});
  }

  window.DuelTools = window.DuelTools || {};
  /* The fallback tool: every complete command as a button in words. */
  window.DuelTools.buttons = function (ctx) {
    return {
      render: function (box) {
        ctx.complete().forEach(function (c) {
          box.appendChild(button(ctx.label(c), function () { ctx.send(c); }));
        });
      }
    };
  };

  var observed = panel() ? panel().parentNode : null;
  if (observed) new MutationObserver(function (records) {
    if (records.some(function (r) { return Array.prototype.some.call(r.addedNodes, function (n) { return n.id === "play-panel"; }); })) refresh();
  }).observe(observed, {childList: true});
  refresh();
  // Only now that the controls run does the generic list of moves give way to them.
  document.documentElement.classList.add("duel-clicking");
  root.hidden = false;
})();
