/* The desk's results grid (scoring/round_results.html): Enter saves the row's games through the round's results
   API and moves to the next row still to enter; the answer says, on the row, what was saved or why it was refused
   (the rule set's words, naming the law). Typing on while a row is being saved is fine: rows are sent one by one,
   and a row being saved is read-only until its answer comes, so what it shows is what was sent: an edit made
   meanwhile can neither be overwritten by the saved result nor sent twice.

   The page renders the rows read-only: until this script has run (a slow connection), Enter could not save a
   row nor move on, and the next result typed would run into it. The grid is ready once the cursor is in its first
   open row. */
(function () {
  "use strict";
  // Django's JavaScript catalogue, or English when the page does not load it. Looked up when a word is needed:
  // the catalogue's script comes after this one in the page, so it has not run yet when this one starts.
  function _(s) { return window.gettext ? window.gettext(s) : s; }
  function ngettext(one, many, n) { return window.ngettext ? window.ngettext(one, many, n) : n === 1 ? one : many; }
  function fill(fmt, values) {
    return window.interpolate ? window.interpolate(fmt, values) : fmt.replace("%s", values[0]);
  }
  var grid = document.querySelector("form.results-grid");
  if (!grid) return;
  var url = grid.getAttribute("data-url");
  var token = grid.querySelector("[name=csrfmiddlewaretoken]").value;
  var queue = Promise.resolve();
  var left = document.querySelector(".grid-left");

  function inputs() { return Array.prototype.slice.call(grid.querySelectorAll("tr.open input")); }

  function next(input) {
    var all = inputs();
    var at = all.indexOf(input);
    return all.slice(at + 1).concat(all.slice(0, at)).find(function (other) { return other.value === ""; });
  }

  function show(row, text, refused) {
    var state = row.querySelector(".row-state");
    state.textContent = text;
    row.classList.toggle("refused", refused);
    var input = row.querySelector("input");
    if (input) input.setAttribute("aria-invalid", refused ? "true" : "false");
  }

  function save(input) {
    var row = input.closest("tr");
    var games = input.value.trim();
    if (!games || input.readOnly) return; // nothing typed, or already on its way
    input.readOnly = true;
    show(row, _("Saving…"), false);
    // One row after the other; a row that failed never stops the ones after it.
    queue = queue.catch(function () {}).then(function () {
      return fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": token, "Accept": "application/json" },
        body: JSON.stringify([{ match: Number(row.getAttribute("data-match")), games: games }])
      }).then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body }; });
      }).then(function (answer) {
        var outcome = Array.isArray(answer.body) ? answer.body[0] : answer.body;
        if (answer.ok && outcome.saved) {
          row.classList.remove("open");
          row.classList.add("done");
          show(row, _("Saved"), false);
          input.replaceWith(document.createTextNode(outcome.result));
          var count = grid.querySelectorAll("tr.open").length;
          if (left) left.textContent = fill(ngettext("%s match to enter.", "%s matches to enter.", count), [count]);
        } else {
          input.readOnly = false;
          var errors = (outcome && (outcome.errors || outcome)) || {};
          var message = Object.keys(errors).map(function (key) { return [].concat(errors[key]).join(" "); }).join(" ");
          show(row, message || _("Not saved: try again."), true);
        }
      }).catch(function () {
        input.readOnly = false;
        show(row, _("Not saved: the connection failed. Press Enter to try again."), true);
      });
    });
  }

  grid.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
    event.preventDefault();
    var input = event.target;
    var following = next(input);
    save(input);
    if (following) following.focus();
  });

  // The first open row, unless the secretary already put the cursor in a row while the page was loading: they
  // start where they chose.
  var open = inputs();
  open.forEach(function (input) { input.readOnly = false; }); // the page renders them read-only until now
  var first = open[0];
  if (first && !grid.contains(document.activeElement)) first.focus();
})();
