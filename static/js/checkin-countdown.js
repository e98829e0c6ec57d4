/* Countdowns to each reporting deadline, corrected for the difference between this device's clock and the
   server's (data-now: the server's time when the page was made). Each tick reads the rows again, so rows replaced
   by the live refresh count down too. */
(function () {
  "use strict";
  var desk = document.querySelector(".checkin");
  var offset = Date.parse(desk.getAttribute("data-now")) - Date.now();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function span(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m >= 60 ? Math.floor(m / 60) + " h " + pad(m % 60) + " min" : m + ":" + pad(s);
  }
  function tick() {
    var now = Date.now() + offset;
    desk.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("data-deadline")) - now) / 1000);
      el.textContent = left >= 0 ? span(left) + " left" : "passed " + span(-left) + " ago";
      el.classList.toggle("passed", left < 0);
    });
  }
  desk.addEventListener("live:updated", tick);
  tick();
  window.setInterval(tick, 1000);
})();
