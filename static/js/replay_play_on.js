/* "Play on from here" (templates/game/_replay_play_on.html): forks the step the replay shows;
   "Add this step to a study" names that step too. */
(function () {
  "use strict";
  var step = document.getElementById("play-on-step");
  if (!step) return;
  document.addEventListener("replay:rendered", function (event) {
    var seq = String(event.detail.step.event.seq);
    step.value = seq;
    var study = document.getElementById("study-add");
    if (study) study.href = study.href.replace(/step=\d+/, "step=" + seq);
  });
})();
