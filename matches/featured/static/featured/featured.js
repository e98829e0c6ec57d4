/* The featured screens: live.js replaces the scoreboard as boards are entered. When it starts showing another match
   (a featured table's next match), or its match ends, the page reloads, for that match's round clock or none. */
(function () {
  "use strict";
  document.addEventListener("live:updated", function (event) {
    var board = event.target.querySelector("[data-shows]");
    var shows = board ? board.getAttribute("data-shows") : "";
    if (shows !== document.body.getAttribute("data-shows")) {
      window.location.reload();
    }
  });
})();
