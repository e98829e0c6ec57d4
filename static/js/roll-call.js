/* The roll call desk's speed (tournaments.rollcall_views): the search filters the list as one types, and each tap
   posts with fetch; the entry's row and the counts are swapped for the ones the server answers (ROW_HEADER), so a
   phone marks a hall without a page load per tap. Without this script the same forms post and the page comes
   back; any answer this script does not understand falls back to that. */
(function () {
  "use strict";

  var ROW_HEADER = "X-Roll-Call-Row"; // rollcall_views.ROW_HEADER
  var desk = document.querySelector(".roll-call-desk");
  if (!desk || !window.fetch || !window.FormData) {
    return;
  }
  var list = desk.querySelector(".roll-call");
  var search = desk.querySelector(".roll-search input[name=q]");

  function filter() {
    var text = search.value.trim().toLowerCase();
    list.querySelectorAll(".roll-line").forEach(function (row) {
      row.hidden = text !== "" && row.getAttribute("data-name").indexOf(text) === -1;
    });
  }
  search.addEventListener("input", filter);

  list.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter || form.querySelector("button");
    var data = new FormData(form);
    data.set("action", button.value);
    event.preventDefault();
    button.disabled = true;
    var headers = {};
    headers[ROW_HEADER] = "1";
    fetch(form.action, { method: "POST", body: data, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok || response.headers.get(ROW_HEADER) !== "1") {
          throw new Error("fallback");
        }
        return response.text();
      })
      .then(function (html) {
        var answer = document.createElement("div");
        answer.innerHTML = html;
        var row = answer.querySelector(".roll-line");
        var counts = answer.querySelector(".roll-counts");
        form.closest(".roll-line").replaceWith(row);
        desk.querySelector(".roll-counts").replaceWith(counts);
        filter();
      })
      .catch(function () {
        var action = document.createElement("input");
        action.type = "hidden";
        action.name = "action";
        action.value = button.value;
        form.appendChild(action);
        form.submit();
      });
  });
})();
