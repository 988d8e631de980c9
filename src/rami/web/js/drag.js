// Dragging a card of the hand with any pointer (mouse, pen, finger): onto another card to
// reorder the hand, onto the discard pile, a meld on the table or the staging area. Near the
// top or bottom edge of the melds' area the melds scroll, so every meld can be reached.

const THRESHOLD = 8;
const EDGE = 36;
const STEP = 12;
const TARGETS = "[data-hand], [data-meld], #discard-pile, .staging";

/** Scroll the melds' area when the pointer is near one of its edges; true when it moved. */
function scrollMelds(root, x, y) {
  const melds = root.querySelector(".melds");
  if (!melds || melds.scrollHeight <= melds.clientHeight) return false;
  const box = melds.getBoundingClientRect();
  if (x < box.left || x > box.right || y < box.top - EDGE || y > box.bottom + EDGE) return false;
  const before = melds.scrollTop;
  if (y < box.top + EDGE) melds.scrollTop -= STEP;
  else if (y > box.bottom - EDGE) melds.scrollTop += STEP;
  return melds.scrollTop !== before;
}

/**
 * Make the hand cards under ``root`` draggable (one listener on ``root``, so cards drawn
 * later are draggable too); ``onDrop(from, target, event)`` receives the index of the dragged
 * card and the element it was dropped on.
 */
export function wirePointerDrag(root, onDrop) {
  root.addEventListener("pointerdown", (down) => {
    const card = down.target.closest && down.target.closest("[data-hand]");
    if (!card || down.button !== 0) return;
    const from = Number(card.dataset.hand);
    let ghost = null;
    let held = null;
    card.setPointerCapture(down.pointerId);
    const keepScrolling = (x, y) => {
      clearInterval(held);
      held = scrollMelds(root, x, y) ? setInterval(() => scrollMelds(root, x, y) || clearInterval(held), 40) : null;
    };
    const move = (event) => {
      const dx = event.clientX - down.clientX;
      const dy = event.clientY - down.clientY;
      if (!ghost && Math.hypot(dx, dy) < THRESHOLD) return;
      if (!ghost) {
        ghost = card.cloneNode(true);
        ghost.classList.add("dragging");
        ghost.removeAttribute("data-hand");
        ghost.removeAttribute("id");
        ghost.setAttribute("aria-hidden", "true");
        const box = card.getBoundingClientRect();
        ghost.style.width = `${box.width}px`;
        ghost.style.height = `${box.height}px`;
        document.body.appendChild(ghost);
        card.classList.add("drag-source");
      }
      ghost.style.left = `${event.clientX}px`;
      ghost.style.top = `${event.clientY}px`;
      keepScrolling(event.clientX, event.clientY);
    };
    const finish = (event) => {
      clearInterval(held);
      card.removeEventListener("pointermove", move);
      card.removeEventListener("pointerup", finish);
      card.removeEventListener("pointercancel", finish);
      if (!ghost) return;
      ghost.remove();
      card.classList.remove("drag-source");
      // the click that follows a drag is not a selection
      const swallow = (click) => click.stopImmediatePropagation();
      card.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => card.removeEventListener("click", swallow, { capture: true }), 0);
      if (event.type === "pointercancel") return;
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const target = under && under.closest(TARGETS);
      if (target) onDrop(from, target, event);
    };
    card.addEventListener("pointermove", move);
    card.addEventListener("pointerup", finish);
    card.addEventListener("pointercancel", finish);
  });
}
