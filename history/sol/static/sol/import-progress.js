// The SoL import page: polls the import's status (GET /api/sol/import/<id>/) until it is over, moving the bar.
// It starts once the page has loaded: Django's JavaScript catalogue (gettext) is a deferred script after this one.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var box = document.getElementById("sol-import");
  if (!box) { return; }
  var bar = document.getElementById("sol-import-bar");
  var state = document.getElementById("sol-import-state");
  var message = document.getElementById("sol-import-message");
  var gettext = window.gettext || function (s) { return s; };
  var pgettext = window.pgettext || function (context, s) { return s; };
  var interpolate = window.interpolate || function (s, values) {
    return s.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
  };
  var labels = {
    waiting: gettext("Waiting"),
    running: gettext("Importing"),
    done: pgettext("import status", "Done"),
    failed: gettext("Failed")
  };

  function show(job) {
    bar.value = job.percent;
    bar.textContent = job.percent + "%";
    var text = labels[job.status] || job.status;
    if (job.total) {
      text += ": " + interpolate(gettext("%(done)s of %(total)s tournaments"), job, true);
    }
    state.textContent = text;
    message.textContent = job.message;
    if (job.status === "failed") {
      message.className = "errors";
      message.setAttribute("role", "alert");
    }
  }

  function poll() {
    fetch(box.dataset.statusUrl, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (job) {
        if (!job) { return; }
        show(job);
        if (job.status === "waiting" || job.status === "running") { window.setTimeout(poll, 1000); }
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }

  if (box.dataset.status === "waiting" || box.dataset.status === "running") { poll(); }
});
