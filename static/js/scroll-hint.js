/* Sideways-scrolling tables and brackets (.scroll, .bracket-scroll): when one is wider than the screen, show the
   hint just before it (.scroll-hint, hidden in the page: its text is translated there) and mark which edge hides
   more (classes more-left / more-right, which site.css fades). Checked on load, on resize and as it scrolls. */
(function () {
  "use strict";

  function update(box) {
    var hidden = box.scrollWidth - box.clientWidth;
    var overflowing = hidden > 1;
    box.classList.toggle("more-right", overflowing && box.scrollLeft < hidden - 1);
    box.classList.toggle("more-left", overflowing && box.scrollLeft > 1);
    var hint = box.previousElementSibling;
    if (hint && hint.classList.contains("scroll-hint")) {
      hint.hidden = !overflowing;
    }
  }

  function init() {
    var boxes = document.querySelectorAll(".scroll, .bracket-scroll");
    Array.prototype.forEach.call(boxes, function (box) {
      update(box);
      box.addEventListener("scroll", function () { update(box); }, { passive: true });
    });
    window.addEventListener("resize", function () {
      Array.prototype.forEach.call(boxes, update);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
