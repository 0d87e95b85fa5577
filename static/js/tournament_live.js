/* Tournament pages follow their tournament without a reload (issue 13).
 *
 * watchStream() is the one place that learns that the tournament's event stream moved on: for
 * now it polls the stream version every few seconds (``data-poll-ms``; paused while the tab is
 * hidden); a push channel can replace it without touching the rest. */
"use strict";

function watchStream(versionUrl, version, everyMs, onChange) {
  let seen = version;
  let busy = false;
  async function check() {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(versionUrl, {headers: {Accept: "application/json"}, cache: "no-store"});
      if (response.ok) {
        const latest = (await response.json()).version;
        if (latest > seen) {
          seen = latest;
          await onChange(latest);
        }
      }
    } catch (err) {
      // Offline for a moment: the next tick tries again.
    } finally {
      busy = false;
    }
  }
  setInterval(check, everyMs);
  document.addEventListener("visibilitychange", check);
}

/* The tournament page and the embeddable view: swap in the new body. */
document.querySelectorAll("[data-live-body]").forEach((body) => {
  const status = document.querySelector("[data-live-status]");
  watchStream(body.dataset.versionUrl, Number(body.dataset.version), Number(body.dataset.pollMs), async (latest) => {
    const response = await fetch(body.dataset.bodyUrl, {cache: "no-store"});
    if (!response.ok) return;
    body.innerHTML = await response.text();
    body.dataset.version = String(latest);
    if (status) status.textContent = status.dataset.updatedText;
  });
});

/* The pairing page holds forms a reload would clear: say that it changed, let the user reload. */
document.querySelectorAll("[data-live-notice]").forEach((notice) => {
  watchStream(notice.dataset.versionUrl, Number(notice.dataset.version), Number(notice.dataset.pollMs), () => {
    notice.hidden = false;
  });
});
