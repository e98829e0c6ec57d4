/* A visible notice when a live region changes (live.js fires "live:updated"): the player sees at once that their
   round was drawn, their match called or moved, without reading the whole page again.

   Mark the region with data-live-notice="<id of the notice element>"; the notice (hidden in the page) is shown,
   the changed region is flashed, and the tab's title gets a "●" until the page is looked at again. */
(function () {
  "use strict";

  var MARK = "● ";
  var FLASH_MS = 4000;

  function clearTitle() {
    if (document.title.indexOf(MARK) === 0) {
      document.title = document.title.slice(MARK.length);
    }
  }

  document.addEventListener("live:updated", function (event) {
    var region = event.target;
    var id = region.getAttribute && region.getAttribute("data-live-notice");
    var notice = id ? document.getElementById(id) : null;
    if (!notice) {
      return;
    }
    notice.hidden = false;
    region.classList.add("live-changed");
    window.setTimeout(function () { region.classList.remove("live-changed"); }, FLASH_MS);
    if (document.title.indexOf(MARK) !== 0) {
      document.title = MARK + document.title;
    }
    if (navigator.vibrate) {
      navigator.vibrate(200);
    }
  });

  document.addEventListener("click", clearTitle);
  document.addEventListener("scroll", clearTitle, { passive: true });
  window.addEventListener("focus", clearTitle);
})();
