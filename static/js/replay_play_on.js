/* "Play on from here" (templates/game/_replay_play_on.html): forks the step the replay shows. */
(function () {
  "use strict";
  var step = document.getElementById("play-on-step");
  if (!step) return;
  document.addEventListener("replay:rendered", function (event) {
    step.value = String(event.detail.step.event.seq);
  });
})();
