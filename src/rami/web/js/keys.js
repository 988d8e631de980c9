// Keyboard play: arrows move along the hand, Space selects, letters act. L chooses where the
// selected card goes: each press shows the next meld and end it may go to, Enter plays it.

import { t } from "./i18n.js";
import { endWords } from "./meldsview.js";

export const SHORTCUTS = [
  ["←/→", "move"],
  ["Space", "select"],
  ["S", "draw from the stock"],
  ["D", "take the discard"],
  ["M", "meld"],
  ["O", "open"],
  ["B", "take back"],
  ["L", "choose a meld to lay off on"],
  ["Enter", "lay off there"],
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

/** Every place the selected card may go: [{meld, end}] (end null: the meld has one way). */
function layoffPlaces(board) {
  const places = [];
  const targets = board.targets();
  for (const index of Object.keys(targets).map(Number).sort((a, b) => a - b)) {
    const ends = [...new Set(targets[index].map((o) => o.end || null))];
    for (const end of ends) places.push({ meld: index, end });
  }
  return places;
}

/** L: show the next place for the selected card; with none the rules allow, send the move to
 * the first meld so that the server says why not. */
export function chooseLayoff(board) {
  const cards = board.selectedCards();
  if (cards.length !== 1) {
    board.say(t("Select one card to lay off."));
    return;
  }
  if (!board.game.table.length) {
    board.say(t("No meld on the table yet."));
    return;
  }
  const places = layoffPlaces(board);
  if (!places.length) {
    board.playOn(0, null);
    return;
  }
  const now = board.layoffChoice;
  const at = now ? places.findIndex((p) => p.meld === now.meld && p.end === now.end) : -1;
  const place = places[(at + 1) % places.length];
  board.layoffChoice = place;
  const where = place.end
    ? t("meld {number}, {end}", { number: place.meld + 1, end: endWords(place.end) })
    : t("meld {number}", { number: place.meld + 1 });
  board.setNotice("info", t("Lay off on {place}: Enter plays it, L shows the next place.", { place: where }), "layoff_choice");
  board.layoffChoice = place;
  board.render();
}

export function handleKey(board, event) {
  if (!board.game || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
  if (target && target.tagName === "SUMMARY" && event.key === " ") return;
  const key = event.key.toLowerCase();
  const focusedCard = target && target.dataset && target.dataset.hand !== undefined;
  const choice = board.layoffChoice;
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
    h: () => board.askHint(),
    escape: () => {
      if (choice) {
        board.fresh();
        board.render();
      } else board.closeResults();
    },
    l: () => chooseLayoff(board),
    enter: () => board.playOn(choice.meld, choice.end),
  };
  const run = actions[key];
  if (!run) return;
  if (key === " " && !focusedCard) return;
  if (key === "enter" && !choice) return;
  event.preventDefault();
  run();
}
