// Keeps every <time class="countdown" datetime="..."> ticking: "12 min left", "due now", "overdue by 3 min".
// The words come from Django's JavaScript catalogue (gettext, ngettext, interpolate) when the page loads it; English
// otherwise. The catalogue loads async (base.html), maybe after this script: it is looked up at each call.
(function () {
  function gettext(s) { return window.gettext ? window.gettext(s) : s; }
  function ngettext(one, many, n) { return window.ngettext ? window.ngettext(one, many, n) : n === 1 ? one : many; }
  function interpolate(fmt, obj) {
    if (window.interpolate) return window.interpolate(fmt, obj, true);
    return fmt.replace(/%\(\w+\)s/g, function (match) { return String(obj[match.slice(2, -2)]); });
  }
  function text(seconds) {
    var minutes = Math.floor(Math.abs(seconds) / 60);
    // "min" and "s" are abbreviations: the same for one and many in English, not in every language.
    if (seconds >= 60) return interpolate(ngettext("%(n)s min left", "%(n)s min left", minutes), {n: minutes}, true);
    if (seconds >= 0) return interpolate(ngettext("%(n)s s left", "%(n)s s left", seconds), {n: seconds}, true);
    if (minutes) return interpolate(ngettext("overdue by %(n)s min", "overdue by %(n)s min", minutes), {n: minutes}, true);
    return gettext("due now");
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.countdown[datetime]").forEach(function (el) {
      var seconds = Math.floor((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      el.textContent = text(seconds);
      el.classList.toggle("overdue", seconds < 0);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
