// The side column's tabs (players, log, chat, moves) on a phone or an upright tablet: an ARIA
// tablist whose arrow keys move between tabs. On wider screens the tablist is hidden by the
// stylesheet and every panel shows; the chosen tab is only a `data-tab` on the column.

export function installTabs(side) {
  const tabs = [...side.querySelectorAll('[role="tab"]')];
  function select(tab, focus = false) {
    side.dataset.tab = tab.dataset.tab;
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute("aria-selected", String(on));
      other.tabIndex = on ? 0 : -1;
    }
    if (focus) tab.focus();
  }
  for (const tab of tabs) {
    tab.addEventListener("click", () => select(tab));
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      select(tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length], true);
    });
  }
  return { select: (name) => select(tabs.find((tab) => tab.dataset.tab === name) || tabs[0]) };
}
