/* The player's check-in button follows the clock: a page served from the cache was made before the reporting window
   opened (or closed), so this shows "I am at table N" once data-opens has come and hides it after data-deadline
   (exactly at the deadline is in time), as checkin.self_checkin.window decides. The server checks every tap again;
   without this script the page shows the state it was made in. Runs again after each live refresh. */
(function () {
  "use strict";
  function show(el, on) {
    if (el) {
      el.hidden = !on;
    }
  }
  function update() {
    var box = document.getElementById("self-checkin");
    if (!box || !box.querySelector(".window-late")) {
      return;
    }
    var now = Date.now();
    var opens = Date.parse(box.getAttribute("data-opens") || "");
    var deadline = Date.parse(box.getAttribute("data-deadline") || "");
    var late = !isNaN(deadline) && now > deadline;
    var open = !late && !isNaN(opens) && now >= opens;
    var early = !late && !open;
    show(box.querySelector(".self-checkin-form"), open);
    show(box.querySelector(".window-open"), open);
    show(box.querySelector(".window-early"), early && !box.classList.contains("state-late"));
    show(box.querySelector(".window-late"), late || box.classList.contains("state-late"));
  }
  if (window.selfCheckinClock) {
    return; // the live refresh brings the script tag again: one clock is enough
  }
  window.selfCheckinClock = window.setInterval(update, 5000);
  document.addEventListener("live:updated", update);
  update();
})();
