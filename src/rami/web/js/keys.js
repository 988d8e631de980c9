// Keyboard play: arrows move along the hand, Space selects, letters act.

export const SHORTCUTS = [
  ["←/→", "move"],
  ["Space", "select"],
  ["S", "draw from the stock"],
  ["D", "take the discard"],
  ["M", "meld"],
  ["O", "open"],
  ["B", "take back"],
  ["L", "lay off on the next target"],
  ["X", "discard"],
  ["H", "hint"],
];

function moveFocus(board, step) {
  const cards = [...board.root.querySelectorAll("[data-hand]")];
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const next = at < 0 ? 0 : (at + step + cards.length) % cards.length;
  cards[next].focus();
}

export function handleKey(board, event) {
  if (!board.game || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
  if (target && target.tagName === "SUMMARY" && event.key === " ") return;
  const key = event.key.toLowerCase();
  const focusedCard = target && target.dataset && target.dataset.hand !== undefined;
  const actions = {
    arrowright: () => moveFocus(board, 1),
    arrowleft: () => moveFocus(board, -1),
    " ": () => focusedCard && board.toggle(Number(target.dataset.hand)),
    s: () => board.act("draw stock"),
    d: () => board.act("draw discard"),
    m: () => board.meldSelected(),
    o: () => board.act("open"),
    b: () => board.act("takeback"),
    x: () => board.discardSelected(),
    h: () => board.send({ type: "hint" }),
    escape: () => board.closeResults(),
    l: () => {
      const targets = Object.keys(board.targets());
      if (targets.length) board.playOn(Number(targets[0]), "high");
    },
  };
  const run = actions[key];
  if (!run) return;
  if (key === " " && !focusedCard) return;
  event.preventDefault();
  run();
}
