/* The hall display (hall/display.html): the round clocks, large, counting down to the next bell from the stored
   times (corrected for the difference between the server's clock and this screen's); a bell rung at each of the
   law's signals (ECC 39-41: the start, the first bell, the second bell); the views by turns; the secretary's
   announcement across the screen.

   The page asks the state URL every few seconds (clocks, views chosen, seconds per view, announcement, server
   time); the views themselves are a live region (js/live.js) that "live:updated" tells us about.

   Browsers play no sound before a person touches the page: unless this one may already, it asks once ("Tap to
   allow sound"). Each bell rings once on this screen, even across a reload (remembered in localStorage), and only
   within GRACE_MS of its time: a screen switched on later stays silent about bells long gone. */
(function () {
  "use strict";

  var GRACE_MS = 20000;
  var TICK_MS = 250;
  var RUNG_KEY = "hall-bells";
  var KEEP_RUNG_MS = 24 * 3600 * 1000;

  var body = document.body;
  var words = document.querySelector("[data-words]").dataset;
  var clocksBox = document.querySelector("[data-clocks]");
  var clockTemplate = document.querySelector("[data-clock-template]");
  var viewsBox = document.querySelector("[data-views]");
  var viewName = document.querySelector("[data-view-name]");
  var timeOfDay = document.querySelector("[data-time-of-day]");
  var banner = document.querySelector("[data-announcement]");
  var overlay = document.querySelector("[data-allow-sound]");

  var offset = 0; // server time minus this screen's time, in ms
  var state = null;
  var soundAllowed = false;
  var shownViews = null; // the keys the secretary chose; null until the first state
  var rotationMs = (parseInt(body.dataset.rotation, 10) || 15) * 1000;
  var current = null; // the key of the view on the screen
  var turnTimer = null;

  function now() { return Date.now() + offset; }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function mmss(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return pad(Math.floor(s / 60)) + ":" + pad(s % 60);
  }

  function hhmm(time) {
    var d = new Date(time);
    return pad(d.getHours()) + ":" + pad(d.getMinutes());
  }

  function fill(format, values) {
    return format.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  // ---------------------------------------------------------------- sound

  function bellAudio(kind) { return document.querySelector('audio[data-bell="' + kind + '"]'); }

  function rungBells() {
    try { return JSON.parse(window.localStorage.getItem(RUNG_KEY)) || {}; } catch (e) { return {}; }
  }

  function remember(key) {
    var rung = rungBells(), t = Date.now();
    Object.keys(rung).forEach(function (k) { if (t - rung[k] > KEEP_RUNG_MS) delete rung[k]; });
    rung[key] = t;
    try { window.localStorage.setItem(RUNG_KEY, JSON.stringify(rung)); } catch (e) { /* private mode: rings per load */ }
  }

  function ring(kind, key, clockElement) {
    var audio = bellAudio(kind);
    remember(key);
    if (clockElement) {
      clockElement.classList.remove("ringing");
      void clockElement.offsetWidth; // restart the animation
      clockElement.classList.add("ringing");
    }
    if (!audio) return;
    audio.muted = false;
    audio.currentTime = 0;
    var playing = audio.play();
    if (playing && playing.catch) {
      playing.catch(function (error) {
        if (error && error.name === "NotAllowedError") {
          soundAllowed = false;
          overlay.hidden = false;
        }
      });
    }
  }

  function allowSound() {
    // Inside the tap: each bell is started muted and stopped, so browsers that ask for a gesture per element
    // (Safari) let it play later too.
    document.querySelectorAll("audio[data-bell]").forEach(function (audio) {
      audio.muted = true;
      var started = audio.play();
      var stop = function () { audio.pause(); audio.currentTime = 0; audio.muted = false; };
      if (started && started.then) started.then(stop, stop); else stop();
    });
    soundAllowed = true;
    overlay.hidden = true;
  }

  function soundNeedsTap() {
    // An audio context made before any gesture starts "suspended" where the browser wants a tap first.
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return true;
    try {
      var context = new Context();
      var running = context.state === "running";
      context.close();
      return !running;
    } catch (e) {
      return true;
    }
  }

  // ---------------------------------------------------------------- clocks and bells

  function bellsOf(clock) {
    // A plain countdown (no time limit) has one end: rung as the second bell.
    var bells = [{ kind: "start", at: Date.parse(clock.started_at) }];
    if (clock.time_limit) bells.push({ kind: "first", at: Date.parse(clock.first_bell_at) });
    bells.push({ kind: "second", at: Date.parse(clock.second_bell_at) });
    return bells;
  }

  function drawClocks() {
    var clocks = (state && state.clocks) || [];
    clocksBox.hidden = !clocks.length;
    clocksBox.classList.toggle("several", clocks.length > 1);
    var elements = clocksBox.querySelectorAll(".hall-clock");
    if (elements.length !== clocks.length || clocks.some(function (c, i) { return elements[i].dataset.clock !== String(c.id); })) {
      clocksBox.textContent = "";
      clocks.forEach(function (clock) {
        var element = clockTemplate.content.firstElementChild.cloneNode(true);
        element.dataset.clock = String(clock.id);
        clocksBox.appendChild(element);
      });
      elements = clocksBox.querySelectorAll(".hall-clock");
    }
    clocks.forEach(function (clock, i) { drawClock(clock, elements[i]); });
  }

  function drawClock(clock, element) {
    var t = now();
    var start = Date.parse(clock.started_at), first = Date.parse(clock.first_bell_at);
    var second = Date.parse(clock.second_bell_at);
    var phase, label, left;
    if (t < start) {
      phase = "none"; label = words.notStarted; left = first - start;
    } else if (t < first) {
      phase = "running"; label = clock.time_limit ? words.running : words.left; left = first - t;
    } else if (t < second) {
      phase = "first_bell"; label = words.firstBell; left = second - t;
    } else {
      phase = "second_bell"; label = clock.time_limit ? words.secondBell : words.timeUp; left = 0;
    }
    element.classList.remove("phase-none", "phase-running", "phase-first_bell", "phase-second_bell");
    element.classList.add("phase-" + phase);
    element.querySelector("[data-round]").textContent = clock.event + " · " + clock.round;
    element.querySelector("[data-time]").textContent = mmss(left);
    element.querySelector("[data-label]").textContent = label;
    element.querySelector("[data-bells]").textContent = clock.time_limit
      ? fill(words.bells, { first: hhmm(first), second: hhmm(second) })
      : fill(words.ends, { end: hhmm(second) });
    if (soundAllowed) ringDue(clock, element, t);
  }

  function ringDue(clock, element, t) {
    var rung = rungBells();
    bellsOf(clock).forEach(function (bell) {
      var key = "c" + clock.id + ":" + bell.kind + ":" + bell.at;
      if (t >= bell.at && t - bell.at <= GRACE_MS && !rung[key]) {
        ring(bell.kind, key, element);
        rung[key] = Date.now();
      }
    });
  }

  // ---------------------------------------------------------------- views by turns

  function views() {
    return Array.prototype.filter.call(viewsBox.querySelectorAll("[data-hall-view]"), function (view) {
      var key = view.dataset.hallView;
      return key === "empty" || shownViews === null || shownViews.indexOf(key) !== -1;
    });
  }

  function show(view) {
    viewsBox.querySelectorAll("[data-hall-view]").forEach(function (other) { other.hidden = other !== view; });
    current = view ? view.dataset.hallView : null;
    body.dataset.view = current || "";
    viewName.textContent = view ? view.dataset.label : "";
    if (view) scrollThrough(view);
  }

  function scrollThrough(view) {
    // A view taller than the screen glides up during its turn, after a pause to read its top.
    var inner = view.querySelector("[data-scroll]");
    if (!inner) return;
    inner.classList.remove("scrolling");
    inner.style.transitionDuration = "0s";
    inner.style.transform = "translateY(0)";
    var overflow = inner.scrollHeight - view.clientHeight;
    if (overflow <= 0) return;
    var pause = Math.min(2000, rotationMs / 5);
    window.setTimeout(function () {
      if (view.hidden) return;
      inner.classList.add("scrolling");
      inner.style.transitionDuration = Math.max(1, (rotationMs - 2 * pause) / 1000) + "s";
      inner.style.transform = "translateY(-" + (overflow + 16) + "px)";
    }, pause);
  }

  function turn() {
    var list = views();
    if (!list.length) { show(null); return; }
    var keys = list.map(function (v) { return v.dataset.hallView; });
    var next = list[(keys.indexOf(current) + 1) % list.length];
    show(next);
  }

  function restartTurns() {
    if (turnTimer !== null) window.clearInterval(turnTimer);
    turnTimer = window.setInterval(turn, rotationMs);
  }

  function keepCurrent() {
    // The views were replaced (live.js) or the choice changed: the same view stays if it still may.
    var list = views();
    var same = list.filter(function (v) { return v.dataset.hallView === current; })[0];
    if (same) {
      viewsBox.querySelectorAll("[data-hall-view]").forEach(function (other) { other.hidden = other !== same; });
      viewName.textContent = same.dataset.label;
    } else {
      show(list[0] || null);
    }
  }

  // ---------------------------------------------------------------- state from the server

  function apply(next) {
    state = next;
    var seconds = next.rotation_seconds * 1000;
    var chosen = next.views.join(",");
    var changed = shownViews === null || chosen !== shownViews.join(",");
    shownViews = next.views.slice();
    if (seconds && seconds !== rotationMs) {
      rotationMs = seconds;
      restartTurns();
    }
    if (changed) keepCurrent();
    showAnnouncement();
    drawClocks();
  }

  function showAnnouncement() {
    var text = state && state.announcement;
    var until = state && state.announcement_until ? Date.parse(state.announcement_until) : null;
    var on = !!text && (until === null || now() < until);
    if (banner.textContent !== (on ? text : "")) banner.textContent = on ? text : "";
    banner.hidden = !on;
  }

  function poll() {
    var sent = Date.now();
    fetch(body.dataset.stateUrl, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (next) {
        if (!next) return;
        var received = Date.now();
        // The server read its clock about halfway through the request.
        offset = Date.parse(next.now) - (sent + received) / 2;
        apply(next);
      })
      .catch(function () { /* the network is down a moment: the clocks run on, the next poll catches up */ });
  }

  function tick() {
    timeOfDay.textContent = hhmm(now());
    if (state) {
      drawClocks();
      showAnnouncement();
    }
  }

  function start() {
    overlay.addEventListener("click", allowSound);
    if (soundNeedsTap()) {
      overlay.hidden = false;
    } else {
      soundAllowed = true;
    }
    viewsBox.addEventListener("live:updated", keepCurrent);
    show(views()[0] || null);
    restartTurns();
    poll();
    window.setInterval(poll, (parseFloat(body.dataset.stateInterval) || 3) * 1000);
    tick();
    window.setInterval(tick, TICK_MS);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
