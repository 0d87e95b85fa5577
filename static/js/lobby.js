// The lobby and a waiting challenge, kept current without a reload (the pages work without it).
// They follow their Server-Sent Events stream (static/js/live.js); only a browser without
// EventSource polls every few seconds while the page is visible.
// - [data-refresh="url"][data-stream="stream url"]: the element's content is re-read from url
//   whenever the lobby changes (the open seeks list: a joined seek disappears, a new one appears);
// - [data-follow-challenge="api url"][data-stream="stream url"][data-accepted="sides"]: once the
//   challenge has a game the page opens it; when it closes or another seat accepts, it reloads.
(function () {
  "use strict";
  var EVERY_MS = 4000;
  var live = !!(window.EventSource && window.NightduelLive);

  function refresh(el) {
    fetch(el.dataset.refresh, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null && html !== el.innerHTML) el.innerHTML = html; })
      .catch(function () { /* the next message or tick tries again */ });
  }

  function sides(list) { return list.filter(Boolean).sort().join(" "); }

  function show(el, challenge) {
    if (challenge.game_url) {
      window.location.assign(challenge.game_url);
    } else if (challenge.status !== "open" || sides(challenge.accepted) !== sides(el.dataset.accepted.split(" "))) {
      window.location.reload();
    }
  }

  function poll(el) {
    fetch(el.dataset.followChallenge, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (c) { if (c && c.game) window.location.assign(c.game_url); })
      .catch(function () { /* the next tick tries again */ });
  }

  if (live) {
    document.querySelectorAll("[data-refresh][data-stream]").forEach(function (el) {
      NightduelLive.follow(el.dataset.stream, {}).addEventListener("lobby", function () { refresh(el); });
    });
    document.querySelectorAll("[data-follow-challenge][data-stream]").forEach(function (el) {
      NightduelLive.follow(el.dataset.stream, {}).addEventListener("challenge", function (e) {
        show(el, JSON.parse(e.data));
      });
    });
    return;
  }

  function tick() {
    if (document.hidden) return;
    document.querySelectorAll("[data-refresh]").forEach(refresh);
    document.querySelectorAll("[data-follow-challenge]").forEach(poll);
  }

  setInterval(tick, EVERY_MS);
  document.addEventListener("visibilitychange", tick);
})();
