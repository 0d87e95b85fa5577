/* The home page follows the viewer's games live (issue 26): when their notifications change (a
 * turn came back, a game ended) or the tab is shown again, the lists of running games are
 * fetched again from the server (?fragment=games, one renderer) and swapped in, so a game moves
 * to "Your move" and the counts change without a reload. */
(function () {
  "use strict";
  var box = document.getElementById("home-games");
  if (!box || !window.NightduelLive) return;
  var count = document.getElementById("notification-count");
  var rendered = count ? parseInt(count.dataset.unread || "0", 10) : null;  // what the page was rendered with
  var first = true;
  var pending = null;

  function reload() {
    pending = null;
    fetch(window.location.pathname + "?fragment=games", {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) box.innerHTML = html; })
      .catch(function () { /* the next notification or visit tries again */ });
  }

  function soon() {
    if (!pending) pending = window.setTimeout(reload, 300);  // several messages at once: one fetch
  }

  NightduelLive.onNotifications(function (summary) {
    // Every stream opens with the summary: unchanged since the page was rendered, the lists are fresh.
    var fresh = first && summary.unread === rendered;
    first = false;
    if (!fresh) soon();
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) soon(); });
})();
