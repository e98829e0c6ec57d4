/* Live regions: parts of a page that update themselves without a reload.

   Mark any element with
     data-live-url="/path/?fragment=1"   where to fetch the region's new HTML
     data-live-interval="15"             seconds between checks (at least 0.5; 15 when left out): a page read
                                         at leisure takes 15 or more; a featured table's screens, which follow
                                         each board within a second, take 0.5 (its answers are cached, mostly 204)
     data-live-version="..."             optional: the version the page was rendered with

   Every interval the script GETs the URL with the header "X-Live-Version: <version shown>". The server answers
   204 when nothing changed, or 200 with the new HTML of the region and its version in the X-Live-Version header
   (players.views.live_fragment does this). The region is replaced only when the version changed (or,
   from a server that sends no version, when the HTML did), and then fires a bubbling "live:updated" event.
   It is never replaced while someone fills a form inside it: while a field there has the focus, or holds what
   was not drawn (a reason typed, a box ticked: a phone's browser often leaves the focus elsewhere after a tap).
   The update waits, and comes at the first check after the form is sent or back as drawn. Polling stops while the tab is hidden and resumes, with an
   immediate check, when it is shown or focused again. */
(function () {
  "use strict";

  var DEFAULT_SECONDS = 15;
  var MIN_SECONDS = 0.5;
  var regions = [];

  function Region(element) {
    var seconds = parseFloat(element.getAttribute("data-live-interval"));
    this.element = element;
    this.url = element.getAttribute("data-live-url");
    this.delay = Math.max(MIN_SECONDS, isNaN(seconds) ? DEFAULT_SECONDS : seconds) * 1000;
    this.version = element.getAttribute("data-live-version") || "";
    this.lastHtml = null;
    this.timer = null;
    this.busy = false;
  }

  Region.prototype.start = function () {
    var region = this;
    if (this.timer === null) {
      this.timer = window.setInterval(function () { region.check(); }, this.delay);
    }
  };

  Region.prototype.stop = function () {
    if (this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
    }
  };

  Region.prototype.check = function () {
    var region = this;
    if (this.busy || document.hidden) {
      return;
    }
    this.busy = true;
    var headers = { "X-Requested-With": "XMLHttpRequest" };
    if (this.version) {
      headers["X-Live-Version"] = this.version;
    }
    fetch(this.url, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200) {
          return null; // 204: unchanged; an error: keep what is shown and try again next time
        }
        var version = response.headers.get("X-Live-Version") || "";
        return response.text().then(function (html) { return { html: html, version: version }; });
      })
      .then(function (update) {
        if (update) {
          region.apply(update);
        }
      })
      .catch(function () { /* offline for a moment: the next check tries again */ })
      .then(function () { region.busy = false; });
  };

  Region.prototype.apply = function (update) {
    var changed = update.version ? update.version !== this.version : update.html !== this.lastHtml;
    if (!changed || this.isBeingEdited()) {
      return;
    }
    this.element.innerHTML = update.html;
    this.version = update.version;
    this.lastHtml = update.html;
    if (update.version) {
      this.element.setAttribute("data-live-version", update.version);
    }
    this.element.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
  };

  Region.prototype.isBeingEdited = function () {
    var active = document.activeElement;
    if (active && this.element.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) {
      return true;
    }
    return Array.prototype.some.call(this.element.querySelectorAll("input, select, textarea"), changedSinceDrawn);
  };

  // Whether a field holds other than what the page drew (its default), i.e. what a redraw would throw away.
  function changedSinceDrawn(field) {
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      var options = Array.prototype.slice.call(field.options);
      var drawn = options.filter(function (option) { return option.defaultSelected; });
      if (!field.multiple) {
        // A list of one choice shows the last option marked selected, else the first.
        drawn = [drawn.length ? drawn[drawn.length - 1] : options[0]];
      }
      return options.some(function (option) { return option.selected !== (drawn.indexOf(option) !== -1); });
    }
    return field.value !== field.defaultValue;
  }

  function resume() {
    if (document.hidden) {
      return;
    }
    regions.forEach(function (region) {
      region.check();
      region.start();
    });
  }

  function pause() {
    regions.forEach(function (region) { region.stop(); });
  }

  function init() {
    if (!window.fetch) {
      return; // very old browser: the page still works, it just does not update itself
    }
    var elements = document.querySelectorAll("[data-live-url]");
    for (var i = 0; i < elements.length; i += 1) {
      regions.push(new Region(elements[i]));
    }
    if (!regions.length) {
      return;
    }
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) {
        pause();
      } else {
        resume();
      }
    });
    window.addEventListener("focus", resume);
    if (!document.hidden) {
      regions.forEach(function (region) { region.start(); });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
