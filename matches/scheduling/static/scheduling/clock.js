// Round clocks (ECC 39-41): counts down to the first bell, then to the second bell, from the stored bell times.
// Each [data-round-clock] element carries the bell times and the server's time when the page was made; with a
// data-url it asks the clock API at once and every 30 seconds, so a clock started (or a bell changed) shows
// without a reload and a page served from the cache corrects its server time.
(function () {
  if (window.roundClocksStarted) return;
  window.roundClocksStarted = true;

  // Django's JavaScript catalogue, when the page has loaded it (looked up at each call, so a catalogue loaded after
  // this script still counts); English otherwise.
  function _(s) { return window.gettext ? window.gettext(s) : s; }
  function interpolate(fmt, obj) {
    if (window.interpolate) return window.interpolate(fmt, obj, true);
    return fmt.replace(/%\(\w+\)s/g, function (match) { return String(obj[match.slice(2, -2)]); });
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function text(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    return pad(Math.floor(s / 60)) + ":" + pad(s % 60);
  }

  function hhmm(iso) {
    var d = new Date(iso);
    return pad(d.getHours()) + ":" + pad(d.getMinutes());
  }

  function setup(el) {
    var offset = Date.parse(el.dataset.serverNow) - Date.now();  // server time minus this device's time
    var label = el.querySelector(".clock-label"), time = el.querySelector(".clock-time");

    function show() {
      if (!el.dataset.firstBell) return;
      var now = Date.now() + offset;
      var first = Date.parse(el.dataset.firstBell), second = Date.parse(el.dataset.secondBell);
      var bells = second > first;
      var phase = now < first ? "running" : now < second ? "first_bell" : "second_bell";
      el.className = "round-clock phase-" + phase;
      if (phase === "running") {
        label.textContent = bells ? _("Time to the first bell") : _("Time left");
        time.textContent = text((first - now) / 1000);
      } else if (phase === "first_bell") {
        label.textContent = _("First bell rang: no new board; time to the second bell");
        time.textContent = text((second - now) / 1000);
      } else {
        label.textContent = bells ? _("Second bell: play stops") : _("Time is up");
        time.textContent = "00:00";
      }
    }

    function poll() {
      fetch(el.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (!state || !state.first_bell_at) return;
          offset = Date.parse(state.now) - Date.now();
          el.dataset.firstBell = state.first_bell_at;
          el.dataset.secondBell = state.second_bell_at;
          el.querySelector(".clock-bells").textContent = state.time_limit
            ? interpolate(_("First bell %(first)s · second bell %(second)s"),
                          { first: hhmm(state.first_bell_at), second: hhmm(state.second_bell_at) })
            : interpolate(_("Ends %(end)s"), { end: hhmm(state.second_bell_at) });
          show();
        })
        .catch(function () {});
    }

    show();
    setInterval(show, 1000);
    if (el.dataset.url) {
      poll();  // at once: the page may come from the server's page cache, with an older data-server-now
      setInterval(poll, 30000);
    }
  }

  function start() { document.querySelectorAll("[data-round-clock]").forEach(setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
