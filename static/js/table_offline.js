/* The table report page without a connection (tournament/table_offline.py, README "Club day").
 *
 * A report, confirmation or dispute sent while the phone is offline is kept in localStorage with
 * its own Idempotency-Key and shown as waiting to send; it is sent by itself when the connection
 * returns (the online event, the page's next opening, and a retry every few seconds). The server
 * counts a resend under the same key once. A send the server refuses (the opponent reported
 * first, the round closed) is kept and shown in words until the player dismisses it. */
"use strict";
(function () {
  const box = document.querySelector("[data-outbox]");
  if (!box) return;
  const words = JSON.parse(document.getElementById("offline-words").textContent);
  const STORE = "nightduel-table-outbox";
  const RETRY_MS = 5000;
  const here = location.pathname;

  if ("serviceWorker" in navigator && box.dataset.worker) {
    navigator.serviceWorker.register(box.dataset.worker, {scope: box.dataset.scope}).catch(() => {});
  }

  const load = () => {
    try {
      return JSON.parse(localStorage.getItem(STORE)) || [];
    } catch (e) {
      return [];
    }
  };
  const save = (items) => localStorage.setItem(STORE, JSON.stringify(items));
  const say = (text, what) => text.replace("%(what)s", what);

  function newKey() {  // crypto.randomUUID needs HTTPS; a hall's laptop may serve plain HTTP
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function line(text, kind) {
    const p = document.createElement("p");
    p.className = "message " + kind;
    p.textContent = text;
    box.append(p);
    return p;
  }

  // What was sent before this page was opened is said on it once, then forgotten by the phone.
  const justSent = load().filter((item) => item.sent && item.url === here);
  save(load().filter((item) => !(item.sent && item.url === here)));

  function show() {
    box.replaceChildren();
    if (!navigator.onLine) line(words.offline, "offline-note");
    for (const item of justSent) line(say(words.sent, item.what), "success");
    for (const item of load().filter((i) => i.url === here)) {
      if (item.refused) {
        const p = line(say(words.refused, item.what).replace("%(why)s", item.refused), "error");
        const ok = document.createElement("button");
        ok.type = "button";
        ok.className = "secondary";
        ok.textContent = words.dismiss;
        ok.addEventListener("click", () => {
          save(load().filter((i) => i.key !== item.key));
          show();
        });
        p.append(" ", ok);
      } else if (!item.sent) {
        line(say(words.waiting, item.what), "waiting");
      }
    }
    box.hidden = !box.firstChild;
  }

  async function refusal(response) {
    if (response.redirected) return words.logged_out;  // to the login page: the session ended
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const said = page.querySelector(".refusal");
    if (said) return said.textContent.trim();
    const errors = Array.from(page.querySelectorAll(".errorlist li"), (li) => li.textContent.trim());
    return words.not_saved.replace("%(why)s", errors.join(" ") ||
                                   words.refused_status.replace("%(status)s", response.status));
  }

  let sending = false;
  async function send() {
    if (sending) return;
    sending = true;
    let answered = false;
    try {
      for (const item of load().filter((i) => !i.refused && !i.sent)) {
        let response;
        try {
          response = await fetch(item.url, {
            method: "POST", body: item.body, credentials: "same-origin",
            headers: {"Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key},
          });
        } catch (e) {
          break;  // still no connection: the next try sends it
        }
        if (response.status >= 500) break;
        // Saved: the page answers with a redirect back to itself.
        const saved = response.ok && response.redirected && new URL(response.url).pathname === item.url;
        const outcome = saved ? {sent: true} : {refused: await refusal(response)};
        save(load().map((i) => (i.key === item.key ? {...i, ...outcome} : i)));
        answered = true;
      }
    } finally {
      sending = false;
    }
    if (answered) location.reload();  // the page as it stands now, with what was said kept above
    else show();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("[data-keep-offline]") || navigator.onLine) return;
    event.preventDefault();
    const by = event.submitter;
    const body = new URLSearchParams(new FormData(form, by));
    const key = newKey();
    body.set("idempotency_key", key);
    save([...load(), {key, url: here, body: body.toString(), what: (by && by.dataset.what) || form.dataset.what}]);
    show();
  });
  window.addEventListener("online", send);
  window.addEventListener("offline", show);
  setInterval(() => {
    if (load().some((i) => !i.refused && !i.sent)) send();
  }, RETRY_MS);
  show();
  send();
})();
