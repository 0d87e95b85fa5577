// The organiser's and league admin's pages: small conveniences over forms that work without it.
// - [data-show-for="name=a,b;other=c"]: shown only while each named form control has one of its
//   values (format options, time-control fields, a game's setup, seeding previews);
// - inputs with data-player-lookup fill the <datalist> they name with matching usernames;
// - [data-copy] copies the input it names (the join link);
// - the manual seeding list moves players with its arrows in place (without a reload);
// - the withdraw form shows what withdrawing the chosen entrant will do.
// Every text shown comes from the page (data attributes), so it is translated with the page.
(function () {
  "use strict";

  function valueOf(name) {
    const controls = document.getElementsByName(name);
    for (const c of controls) {
      if ((c.type === "radio" || c.type === "checkbox")) { if (c.checked) return c.value; continue; }
      return c.value;
    }
    return "";
  }

  function applyShowFor() {
    document.querySelectorAll("[data-show-for]").forEach(function (el) {
      el.hidden = !el.dataset.showFor.split(";").every(function (condition) {
        const [name, values] = condition.split("=");
        return values.split(",").includes(valueOf(name));
      });
    });
  }

  function lookup(input) {
    const list = document.getElementById(input.getAttribute("list"));
    let timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      const q = input.value.trim();
      if (!q || !list) return;
      timer = setTimeout(function () {
        fetch(input.dataset.playerLookup + "?q=" + encodeURIComponent(q), {credentials: "same-origin"})
          .then(function (r) { return r.ok ? r.json() : []; })
          .then(function (players) {
            list.replaceChildren(...players.map(function (p) {
              const option = document.createElement("option");
              option.value = p.username;
              if (p.display_name) option.label = p.display_name;
              return option;
            }));
          })
          .catch(function () { /* suggestions are a convenience: typing the name still works */ });
      }, 150);
    });
  }

  function copy(button) {
    const input = document.getElementById(button.dataset.copy);
    const done = function () {
      const label = button.textContent;
      button.textContent = button.dataset.copied;
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    input.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  }

  function renumber(list) {
    Array.from(list.children).forEach(function (li, i) {
      li.querySelector(".seed-no").textContent = (i + 1) + ".";
      li.querySelectorAll("button[name='seed-move']").forEach(function (b) {
        b.value = i + ":" + b.value.split(":")[1];
      });
    });
  }

  function move(button) {
    const li = button.closest("li");
    const list = li.parentElement;
    if (button.value.endsWith(":up") && li.previousElementSibling) {
      list.insertBefore(li, li.previousElementSibling);
    } else if (button.value.endsWith(":down") && li.nextElementSibling) {
      list.insertBefore(li.nextElementSibling, li);
    }
    renumber(list);
    button.focus();
  }

  function showWithdrawPreview(select) {
    document.querySelectorAll("[data-preview-for]").forEach(function (li) {
      li.hidden = li.dataset.previewFor !== select.value;
    });
  }

  document.addEventListener("change", function (event) {
    applyShowFor();
    if (event.target.name === "withdraw-entrant") showWithdrawPreview(event.target);
  });
  document.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.copy) { event.preventDefault(); copy(button); }
    if (button.name === "seed-move") { event.preventDefault(); move(button); }
  });
  applyShowFor();
  document.querySelectorAll("input[data-player-lookup]").forEach(lookup);
  const withdraw = document.getElementsByName("withdraw-entrant")[0];
  if (withdraw) showWithdrawPreview(withdraw);
})();
