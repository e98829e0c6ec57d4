/* The stroke page: the stroke clock counts down from the rule set's seconds, restarted by each stroke (data-elapsed:
   the seconds already run when the server made the page); a form posts once (a second tap while the answer is on
   its way would record the next stroke twice: the server refuses it too, by the stroke's number); and a tap is
   posted in the background and the page's main part swapped for the answer, the board's state on top as after a
   plain post, without the whole page loading again. Without this script every tap is a plain form post. */
(function () {
  "use strict";
  var ticking = null;

  function startClock() {
    window.clearInterval(ticking);
    var clock = document.querySelector(".stroke-clock[data-seconds]");
    if (!clock) {
      return;
    }
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
    ticking = window.setInterval(tick, 250);
  }

  // The answer's main part in place of this one; a page without one (an error page) is shown whole.
  function show(response, html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    if (!fresh) {
      window.location.assign(response.url);
      return;
    }
    document.querySelector("main").replaceWith(fresh);
    if (response.redirected) {  // a tap done: the address the plain post would show, the board's state on top
      window.history.replaceState(null, "", response.url + "#board-state");
    }
    var state = document.getElementById("board-state");
    if (state) {
      state.scrollIntoView({ block: "start" });
    }
    bind();
  }

  function post(form, event) {
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
    }
    // Not form.action: the forms' "action" field (which tap) shadows it. They post to the page itself.
    var address = form.getAttribute("action") || window.location.pathname + window.location.search;
    window.fetch(address, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) { show(response, html); });
      })
      .catch(function () {  // no answer: the tap may be sent again (the server checks its number)
        form.removeAttribute("data-sent");
      });
  }

  function bind() {
    startClock();
    document.querySelectorAll("form[data-once]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (form.hasAttribute("data-sent")) {
          event.preventDefault();
          return;
        }
        form.setAttribute("data-sent", "");
        if (window.fetch && window.DOMParser && "submitter" in event) {
          event.preventDefault();
          post(form, event);
        }
      });
    });
  }

  bind();
  // Back to this page from the browser's history: its forms may post again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      document.querySelectorAll("form[data-sent]").forEach(function (form) { form.removeAttribute("data-sent"); });
    }
  });
})();
