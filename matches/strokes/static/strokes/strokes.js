/* The stroke page: the stroke clock counts down from the rule set's seconds, restarted by each stroke (the page
   comes back after each; data-elapsed: the seconds already run when the server made it), and a form posts once:
   a second tap while the answer is on its way would be the next stroke recorded twice (the server refuses it too,
   by the stroke's number). */
(function () {
  "use strict";
  var clock = document.querySelector(".stroke-clock[data-seconds]");
  if (clock) {
    var seconds = Number(clock.getAttribute("data-seconds"));
    var started = Date.now() - Number(clock.getAttribute("data-elapsed")) * 1000;
    var shown = clock.querySelector(".big");
    var tick = function () {
      var left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      shown.textContent = String(left);
      clock.classList.toggle("low", left > 0 && left <= 5);
      clock.classList.toggle("out", left === 0);
    };
    tick();
    window.setInterval(tick, 250);
  }
  document.querySelectorAll("form[data-once]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.hasAttribute("data-sent")) {
        event.preventDefault();
        return;
      }
      form.setAttribute("data-sent", "");
    });
  });
  // Back to this page from the browser's history: its forms may post again (the server checks the number).
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      document.querySelectorAll("form[data-sent]").forEach(function (form) { form.removeAttribute("data-sent"); });
    }
  });
})();
