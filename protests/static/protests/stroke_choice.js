// The protest form's stroke choice: choosing a stroke fills in its game and board; a game and board typed in leave
// only that board's strokes to choose, and the choice is hidden when the board was not kept stroke by stroke.
// Without the script every kept board's strokes are listed, grouped by board, and the form checks the board.
(function () {
  var select = document.getElementById("id_stroke_no");
  var game = document.getElementById("id_game_no");
  var board = document.getElementById("id_board_no");
  if (!select || !game || !board) return;
  var row = select.closest("p") || select.parentNode;

  function sync() {
    var typed = game.value && board.value;
    var prefix = game.value + "-" + board.value + "-";
    var any = false;
    select.querySelectorAll("optgroup").forEach(function (group) {
      var first = group.querySelector("option");
      var shown = !typed || (first && first.value.indexOf(prefix) === 0);
      group.hidden = group.disabled = !shown;
      any = any || shown;
    });
    var chosen = select.selectedOptions[0];
    if (chosen && chosen.parentNode.disabled) select.value = "";
    // A refusal on the field stays in sight. (The form's rows are flex boxes: `hidden` alone would not hide one.)
    row.style.display = !any && select.getAttribute("aria-invalid") !== "true" ? "none" : "";
  }

  select.addEventListener("change", function () {
    var parts = select.value.split("-");
    if (parts.length !== 3) return;
    game.value = parts[0];
    board.value = parts[1];
    sync();
  });
  game.addEventListener("input", sync);
  board.addEventListener("input", sync);
  sync();
})();
