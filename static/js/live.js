/* Live pages (issue 16): a page follows its game or tournament over Server-Sent Events instead
 * of polling, and every signed-in page tells its user what is new — the unread count in the
 * header, the tab title ("(2) Your move — …"), a badge on the favicon, and a browser
 * notification when the tab is hidden and the user allowed them.
 *
 * NightduelLive.follow(url, handlers) opens one stream: "stored-event" and "version" messages go
 * to the page's handlers; "notifications" messages (the unread summary, sent on every stream
 * of a signed-in viewer) update the header. EventSource reconnects by itself with
 * Last-Event-ID, so the server resumes after the last event seen. A page that follows nothing
 * may ask for the notifications alone (<body data-notification-stream="…">).
 */
var NightduelLive = (function () {
  "use strict";
  var words = (function () {
    var node = document.getElementById("live-words");
    return node ? JSON.parse(node.textContent) : {};
  })();
  var baseTitle = document.title;
  var unread = 0;
  var yourMove = false;
  var streams = 0;
  var announced = null;  // ids of the notifications already seen by this page
  var listeners = [];    // the page's own handlers of each unread summary (NightduelLive.onNotifications)
  var icon = document.querySelector('link[rel="icon"]');
  var plainIcon = icon ? icon.href : null;
  var iconImage = null;

  function showTitle() {
    document.title = (unread ? "(" + (unread > 99 ? "99+" : unread) + ") " : "") +
      (yourMove && words.your_move ? words.your_move + " — " : "") + baseTitle;
  }

  /* The favicon with a red dot and the count, drawn on a canvas from the site's icon. */
  function showBadge() {
    if (!icon || !plainIcon) return;
    var count = unread + (yourMove ? 1 : 0);
    if (!count) { icon.href = plainIcon; return; }
    var draw = function () {
      var canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      var ctx = canvas.getContext("2d");
      ctx.drawImage(iconImage, 0, 0, 64, 64);
      ctx.fillStyle = "#d92b2b";
      ctx.beginPath();
      ctx.arc(46, 46, 18, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.font = "bold 24px sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(count > 9 ? "9+" : String(count), 46, 47);
      icon.href = canvas.toDataURL("image/png");
      icon.type = "image/png";
    };
    if (iconImage && iconImage.complete) { draw(); return; }
    iconImage = new Image();
    iconImage.onload = draw;
    iconImage.src = plainIcon;
  }

  function showCount() {
    var badge = document.getElementById("notification-count");
    if (!badge) return;
    badge.textContent = unread > 99 ? "99+" : String(unread);
    badge.hidden = !unread;
  }

  function notifyBrowser(note) {
    if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
    var shown = new Notification(words.site || "Nightduel", {body: note.text, tag: "nightduel-" + note.id});
    shown.onclick = function () { window.focus(); if (note.url) window.location.href = note.url; };
  }

  /* The unread summary {unread, latest: [{id, text, url}, …]} from any stream. */
  function notifications(summary) {
    unread = summary.unread;
    var fresh = (summary.latest || []).filter(function (n) { return announced && !announced[n.id]; });
    announced = announced || {};
    (summary.latest || []).forEach(function (n) { announced[n.id] = true; });
    fresh.forEach(notifyBrowser);
    showCount();
    showTitle();
    showBadge();
    listeners.forEach(function (listener) { listener(summary); });
  }

  function follow(url, handlers) {
    if (!window.EventSource) return null;
    handlers = handlers || {};
    streams += 1;
    var source = new EventSource(url, {withCredentials: true});
    source.addEventListener("stored-event", function (e) { if (handlers.event) handlers.event(JSON.parse(e.data)); });
    source.addEventListener("version", function (e) { if (handlers.version) handlers.version(JSON.parse(e.data)); });
    source.addEventListener("notifications", function (e) { notifications(JSON.parse(e.data)); });
    source.addEventListener("open", function () { if (handlers.open) handlers.open(); });
    source.addEventListener("error", function () { if (handlers.error) handlers.error(source); });
    window.addEventListener("pagehide", function () { source.close(); });
    return source;
  }

  function setYourMove(flag) {
    yourMove = !!flag;
    showTitle();
    showBadge();
  }

  /* The header's "Enable notifications" button: shown while the browser has not been asked. */
  var ask = document.getElementById("enable-notifications");
  if (ask && "Notification" in window && Notification.permission === "default") {
    ask.hidden = false;
    ask.addEventListener("click", function () {
      Notification.requestPermission().then(function () { ask.hidden = true; });
    });
  }
  var count = document.getElementById("notification-count");
  unread = count ? parseInt(count.dataset.unread || "0", 10) : 0;
  showTitle();
  showBadge();

  document.addEventListener("DOMContentLoaded", function () {
    var url = document.body.dataset.notificationStream;
    if (url && !streams) follow(url, {});
  });

  return {follow: follow, yourMove: setYourMove,
          onNotifications: function (listener) { listeners.push(listener); }};
})();
