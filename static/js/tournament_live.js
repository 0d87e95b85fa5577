/* Tournament pages follow their tournament without a reload (issues 13, 16).
 *
 * watchStream() is the one place that learns that the tournament's event stream moved on: it
 * follows the tournament's Server-Sent Events (``data-stream-url``; through static/js/live.js
 * where the page has it, so the header's notifications come on the same stream), and only a
 * browser without EventSource polls the stream version every ``data-poll-ms``. */
"use strict";

function watchStream(node, onChange) {
  let seen = Number(node.dataset.version);
  const moved = async (latest) => {
    if (latest > seen) {
      seen = latest;
      await onChange(latest);
    }
  };
  if (window.EventSource) {
    const handlers = {version: (summary) => moved(summary.version)};
    if (window.NightduelLive) {
      NightduelLive.follow(node.dataset.streamUrl, handlers);
    } else {
      const source = new EventSource(node.dataset.streamUrl);
      source.addEventListener("version", (e) => handlers.version(JSON.parse(e.data)));
    }
    return;
  }
  let busy = false;
  async function check() {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(node.dataset.versionUrl, {headers: {Accept: "application/json"}, cache: "no-store"});
      if (response.ok) await moved((await response.json()).version);
    } catch (err) {
      // Offline for a moment: the next tick tries again.
    } finally {
      busy = false;
    }
  }
  setInterval(check, Number(node.dataset.pollMs));
  document.addEventListener("visibilitychange", check);
}

/* The tournament page and the embeddable view: swap in the new body. */
document.querySelectorAll("[data-live-body]").forEach((body) => {
  const status = document.querySelector("[data-live-status]");
  watchStream(body, async (latest) => {
    const response = await fetch(body.dataset.bodyUrl, {cache: "no-store"});
    if (!response.ok) return;
    body.innerHTML = await response.text();
    body.dataset.version = String(latest);
    if (status) status.textContent = status.dataset.updatedText;
  });
});

/* The pairing page holds forms a reload would clear: say that it changed, let the user reload. */
document.querySelectorAll("[data-live-notice]").forEach((notice) => {
  watchStream(notice, () => {
    notice.hidden = false;
  });
});

/* The table report pages: the region is read again from the page's own address and swapped in,
 * unless the user has started filling one of its forms — then a notice offers the latest. */
document.querySelectorAll("[data-live-region]").forEach((region) => {
  const status = document.querySelector("[data-live-status]");
  const notice = document.querySelector("[data-live-notice-text]");
  let typing = false;
  region.addEventListener("input", () => { typing = true; });
  region.addEventListener("change", () => { typing = true; });
  watchStream(region, async (latest) => {
    if (typing) {
      if (notice) notice.hidden = false;
      return;
    }
    const response = await fetch(window.location.href, {cache: "no-store"});
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById(region.id);
    if (!fresh) return;
    region.innerHTML = fresh.innerHTML;
    region.dataset.version = String(latest);
    if (status) status.textContent = status.dataset.updatedText;
  });
});
