/* Countdowns to each reporting deadline, corrected for the difference between this device's clock and the
   server's (data-now: the server's time when the page was made). Each tick reads the rows again, so rows replaced
   by the live refresh count down too. */
(function () {
  "use strict";
  // Django's JavaScript catalogue (its gettext and interpolate), or English when the page does not load it. The
  // catalogue loads async (base.html), maybe after this script: it is looked up at each call.
  function _(s) { return window.gettext ? window.gettext(s) : s; }
  function interpolate(fmt, obj) {
    if (window.interpolate) return window.interpolate(fmt, obj, true);
    return fmt.replace(/%\((\w+)\)s/g, function (match, name) { return String(obj[name]); });
  }
  // The whole desk: its bar (the deadline the tables share) and its rows.
  var desk = document.querySelector(".checkin-desk");
  var offset = Date.parse(desk.getAttribute("data-now")) - Date.now();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function span(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    if (m >= 60) {
      return interpolate(_("%(hours)s h %(minutes)s min"), { hours: Math.floor(m / 60), minutes: pad(m % 60) }, true);
    }
    return m + ":" + pad(s);
  }
  function tick() {
    var now = Date.now() + offset;
    desk.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("data-deadline")) - now) / 1000);
      el.textContent = left >= 0
        ? interpolate(_("%(time)s left"), { time: span(left) }, true)
        : interpolate(_("passed %(time)s ago"), { time: span(-left) }, true);
      el.classList.toggle("passed", left < 0);
    });
  }
  desk.addEventListener("live:updated", tick);
  tick();
  window.setInterval(tick, 1000);
})();
