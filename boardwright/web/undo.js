// Undo and confirm on the match page (docs/web-client.md section 5). The server decides what
// can be taken back: `snapshot.undo` is how many of our steps it would take back now, and
// `snapshot.confirm` is true while our turn's last step waits for our confirmation. This module
// only shows the two buttons (#undo, #confirm: the status bar's slots, or the action area's)
// and sends {"type": "undo"} / {"type": "confirm"}; the answers (`undone`, `final`, updates)
// reach the page through connection.js like every other message.

const $ = (id) => document.getElementById(id);

/** Shows or hides the buttons for `snapshot`; both are disabled while a message of ours is on
 * its way (`busy`). */
export function renderUndo(snapshot, busy) {
  const undo = $("undo");
  const confirm = $("confirm");
  if (!undo || !confirm) return;
  const active = Boolean(snapshot) && snapshot.status === "active";
  const count = active ? snapshot.undo || 0 : 0;
  undo.hidden = count === 0;
  undo.disabled = busy;
  undo.dataset.count = String(count);
  document.body.dataset.undo = String(count);
  confirm.hidden = !(active && snapshot.confirm);
  confirm.disabled = busy;
}

/** Wires the buttons: `connection()` is the page's MatchConnection, `sent()` is told when a
 * message left (the page is busy until the answer). */
export function installUndo(connection, sent) {
  for (const [id, send] of [["undo", (c) => c.undo()], ["confirm", (c) => c.confirm()]]) {
    const button = $(id);
    if (!button) continue;
    button.addEventListener("click", () => {
      if (!button.hidden && !button.disabled && send(connection())) sent();
    });
  }
}
