// What the others do, shown as movement: a card travelling from the stock or the pile to a
// hand, from a hand to the pile or to a meld, a new meld appearing. Nothing moves when the
// player asks the system for reduced motion.

import { render } from "../vendor/lit-html/lit-html.js";
import { cardBack, cardFace } from "./cards.js";
import { letters } from "./i18n.js";

const DURATION = 450;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** A card (``card`` null: its back) flying from element ``from`` to element ``to``. */
function fly(from, to, card) {
  const a = centre(from);
  const b = centre(to);
  const ghost = document.createElement("span");
  ghost.className = "card small flying";
  ghost.setAttribute("aria-hidden", "true");
  render(card ? cardFace(card, letters()) : cardBack(), ghost);
  ghost.style.left = `${a.x}px`;
  ghost.style.top = `${a.y}px`;
  document.body.appendChild(ghost);
  const moves = [
    { transform: "translate(-50%, -50%)" },
    { transform: `translate(calc(${b.x - a.x}px - 50%), calc(${b.y - a.y}px - 50%))` },
  ];
  const run = ghost.animate(moves, { duration: DURATION, easing: "ease-in-out" });
  run.onfinish = () => ghost.remove();
  run.oncancel = () => ghost.remove();
}

function flash(el, name) {
  el.classList.add(name);
  setTimeout(() => el.classList.remove(name), DURATION * 2);
}

/**
 * Show the log entries ``entries`` (other seats' moves) on the board in ``root``; returns what
 * was shown, as ``{kind, seat}`` (empty under reduced motion).
 */
export function animateMoves(root, entries, tableBefore) {
  if (reducedMotion()) return [];
  const shown = [];
  for (const entry of entries) {
    const seat = root.querySelector(`[data-seat="${entry.seat}"]`);
    if (!seat) continue;
    const [verb, card, at] = entry.action.split(" ");
    const stock = root.querySelector("#stock");
    const pile = root.querySelector("#discard-pile");
    let kind = null;
    if (verb === "draw" && card === "stock" && stock) {
      fly(stock, seat, null);
      kind = "draw-stock";
    } else if (verb === "draw" && pile) {
      fly(pile, seat, entry.card);
      kind = "draw-discard";
    } else if (verb === "discard" && pile) {
      fly(seat, pile, card);
      kind = "discard";
    } else if ((verb === "layoff" || verb === "swap") && at) {
      const meld = root.querySelector(`[data-meld="${at.slice(1)}"]`);
      if (meld) {
        fly(seat, meld, card);
        flash(meld, "grew");
        kind = verb;
      }
    } else if (verb === "open" || verb === "meld") {
      const melds = [...root.querySelectorAll("[data-meld]")].slice(tableBefore);
      for (const meld of melds) flash(meld, "appear");
      if (melds.length) kind = "meld";
    }
    if (kind) shown.push({ kind, seat: entry.seat });
  }
  return shown;
}

/** Show the moves of the others between snapshots ``was`` and ``game`` (nothing across a new
 * round); returns what was shown. */
export function animateNewMoves(root, was, game, seat) {
  if (!was || !game || was.round !== game.round || game.log_count <= was.log_count) return [];
  const fresh = game.log.slice(-(game.log_count - was.log_count)).filter((e) => e.seat !== seat);
  return animateMoves(root, fresh, was.table.length);
}
