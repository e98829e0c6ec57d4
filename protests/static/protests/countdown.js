// Keeps every <time class="countdown" datetime="..."> ticking: "12 min left", "due now", "overdue by 3 min".
(function () {
  function text(seconds) {
    var minutes = Math.floor(Math.abs(seconds) / 60);
    if (seconds >= 60) return minutes + " min left";
    if (seconds >= 0) return seconds + " s left";
    return minutes ? "overdue by " + minutes + " min" : "due now";
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
