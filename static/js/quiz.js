// The player's quiz on his phone: a countdown from the server's seconds left (not the phone's
// clock), each pick saved to the API as it is made, and handing in when the time is up. The
// server keeps the deadline; this only shows it.
(function () {
  const form = document.getElementById("quiz-form");
  const box = document.getElementById("countdown");
  if (!form || !box) return;
  const value = document.getElementById("countdown-value");
  const saveState = document.getElementById("save-state");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const end = Date.now() + Number(box.dataset.secondsLeft) * 1000;
  let handedIn = false;

  function show() {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    value.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    box.classList.toggle("low", left <= 30);
    if (left === 0 && !handedIn) {
      handedIn = true;
      value.textContent = box.dataset.timeUp;
      form.submit();
    }
  }

  form.addEventListener("change", async (event) => {
    const input = event.target;
    if (input.type !== "radio") return;
    const response = await fetch(form.dataset.answerUrl, {
      method: "PUT", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify({position: Number(input.name.slice(1)), choice: Number(input.value)}),
    });
    saveState.textContent = response.ok ? form.dataset.saved : form.dataset.notSaved;
  });
  form.addEventListener("submit", () => { handedIn = true; });
  show();
  setInterval(show, 500);
})();
