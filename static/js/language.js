// The footer's language switcher: choosing a language sends the form (its button stays for
// browsers without JavaScript).
(function () {
  "use strict";
  const select = document.getElementById("language-select");
  if (!select) return;
  select.addEventListener("change", function () { select.form.submit(); });
})();
