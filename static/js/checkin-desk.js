/* The check-in desk's speed: a search by player or table number and the filter "not reported yet" that act as one
   types, and every tap ("Mark A reported", "Both present", cancel, withdraw) posted with fetch, the match's row
   swapped for the one the server answers (checkin.views.row_response), so a desk checks a full hall in before the
   ECC 18 deadline without a page load per tap.

   Without this script the same forms post and the page comes back (the search is then a plain GET form); any
   answer this script does not understand (a log-in page, a 403, the network gone) falls back to that. */
(function () {
  "use strict";

  var ROW_HEADER = "X-Checkin-Row"; // checkin.views.ROW_HEADER
  var desk = document.querySelector(".checkin-desk");
  if (!desk || !window.fetch || !window.FormData) {
    return;
  }
  var tools = desk.querySelector(".desk-tools");
  var query = tools.querySelector("input[name=q]");
  var onlyOpen = tools.querySelector("input[name=open]");
  var region = desk.querySelector(".checkin");
  var deadline = tools.querySelector(".desk-deadline");
  var said = tools.querySelector(".desk-said");

  // The same folding as checkin.selectors.search_key: lower case, accents dropped.
  var FOLD = { "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i" };
  function fold(text) {
    return text.toLowerCase().replace(/[łøđßæœı]/g, function (c) { return FOLD[c]; })
      .normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  // As checkin.selectors.shown: digits look a table up, words a player (every word in a name).
  function shown(row, text, words) {
    if (onlyOpen.checked && row.getAttribute("data-open") !== "1") {
      return false;
    }
    if (!text) {
      return true;
    }
    if (/^[0-9]+$/.test(text)) {
      return row.getAttribute("data-table") === text.replace(/^0+/, "");
    }
    var names = row.getAttribute("data-search") || "";
    return words.every(function (word) { return names.indexOf(word) !== -1; });
  }

  function applySearch() {
    var text = fold(query.value.trim());
    var words = text.split(/\s+/).filter(Boolean);
    var count = 0;
    region.querySelectorAll(".checkin-match").forEach(function (row) {
      // A refusal stays on screen where it happened, whatever the search (as the server does).
      row.hidden = !shown(row, text, words) && !row.querySelector(".errors");
      count += row.hidden ? 0 : 1;
    });
    var none = region.querySelector(".no-match");
    if (none) {
      none.hidden = count > 0;
    }
  }

  // Keep the search in the address, so a reload (or the page after a plain post) shows the same tables.
  function rememberSearch() {
    var url = new URL(window.location.href);
    var text = query.value.trim();
    url.searchParams.delete("q");
    url.searchParams.delete("open");
    if (text) {
      url.searchParams.set("q", text);
    }
    if (onlyOpen.checked) {
      url.searchParams.set("open", "1");
    }
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }

  function searchChanged() {
    applySearch();
    rememberSearch();
  }

  // The live refresh brings the shared deadline in a <template>; the bar above the rows shows it.
  function syncDeadline() {
    var next = region.querySelector("template.desk-deadline-next");
    if (next && deadline && deadline.innerHTML !== next.innerHTML) {
      deadline.innerHTML = next.innerHTML;
    }
  }

  function plainSubmit(form, submitter) {
    form.setAttribute("data-plain", "1");
    if (form.requestSubmit) {
      form.requestSubmit(submitter || undefined);
    } else {
      form.submit();
    }
  }

  function swap(shownNow, fresh) {
    if (shownNow && fresh) {
      shownNow.replaceWith(fresh);
    }
  }

  function post(form, submitter) {
    var row = form.closest(".checkin-match");
    var data = new FormData(form);
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    var headers = { "X-Requested-With": "XMLHttpRequest" };
    headers[ROW_HEADER] = "1";
    row.classList.add("busy");
    row.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    // Not form.action: the forms hold an input named "action", which that property would give.
    var url = form.getAttribute("action") || window.location.href;
    fetch(url, { method: "POST", body: data, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        if (!response.headers.get(ROW_HEADER) || response.redirected) {
          throw new Error("not a row");
        }
        return response.text();
      })
      .then(function (html) {
        var answer = document.createElement("template");
        answer.innerHTML = html;
        // Said in the bar too: with "not reported yet" on, a table checked in leaves the list at once.
        var news = answer.content.querySelector(".row-message, .errors");
        // Found again by their ids: the live refresh may have replaced the list meanwhile.
        swap(document.getElementById(row.id), answer.content.querySelector(".checkin-match"));
        swap(region.querySelector(".desk-summary"), answer.content.querySelector(".desk-summary"));
        applySearch();
        if (said && news) {
          said.textContent = news.textContent.trim();
          said.classList.toggle("error", news.classList.contains("errors"));
        }
      })
      .catch(function () {
        row.classList.remove("busy");
        row.querySelectorAll("button").forEach(function (button) { button.disabled = false; });
        plainSubmit(form, submitter);
      });
  }

  region.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("desk-action") || form.getAttribute("data-plain")) {
      return;
    }
    event.preventDefault();
    post(form, event.submitter);
  });
  region.addEventListener("live:updated", function () {
    applySearch();
    syncDeadline();
  });
  query.addEventListener("input", searchChanged);
  onlyOpen.addEventListener("change", searchChanged);
  tools.addEventListener("submit", function (event) {
    event.preventDefault();
    searchChanged();
    query.blur(); // on a phone: put the keyboard away, the tables found are under it
  });
  tools.querySelector(".desk-search-button").hidden = true; // the search acts as one types
  applySearch();
})();
