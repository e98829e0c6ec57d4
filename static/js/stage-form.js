// The stage form shows only the chosen kind's options (stages.models.Stage.KIND_SETTINGS); without scripts, every
// option is shown and the other kinds' are ignored. A field with an error always stays in view.
(function () {
  const form = document.querySelector("form.stage-form");
  if (!form) return;
  const kind = form.querySelector("[name=kind]");
  function show() {
    form.querySelectorAll("[data-kinds]").forEach(function (field) {
      const applies = field.dataset.kinds.split(" ").includes(kind.value);
      field.hidden = !applies && !field.classList.contains("has-error");
    });
  }
  kind.addEventListener("change", show);
  show();
})();
