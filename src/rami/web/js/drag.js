// Dragging a card of the hand with any pointer (mouse, pen, finger): onto another card to
// reorder the hand, onto the discard pile, a meld on the table or the staging area.

const THRESHOLD = 8;
const TARGETS = "[data-hand], [data-meld], #discard-pile, .staging";

/**
 * Make the hand cards under ``root`` draggable; ``onDrop(from, target, event)`` receives the
 * index of the dragged card and the element it was dropped on.
 */
export function wirePointerDrag(root, onDrop) {
  for (const card of root.querySelectorAll("[data-hand]")) {
    card.addEventListener("pointerdown", (down) => {
      if (down.button !== 0) return;
      const from = Number(card.dataset.hand);
      let ghost = null;
      card.setPointerCapture(down.pointerId);
      const move = (event) => {
        const dx = event.clientX - down.clientX;
        const dy = event.clientY - down.clientY;
        if (!ghost && Math.hypot(dx, dy) < THRESHOLD) return;
        if (!ghost) {
          ghost = card.cloneNode(true);
          ghost.classList.add("dragging");
          ghost.removeAttribute("data-hand");
          ghost.setAttribute("aria-hidden", "true");
          const box = card.getBoundingClientRect();
          ghost.style.width = `${box.width}px`;
          ghost.style.height = `${box.height}px`;
          document.body.appendChild(ghost);
          card.classList.add("drag-source");
        }
        ghost.style.left = `${event.clientX}px`;
        ghost.style.top = `${event.clientY}px`;
      };
      const finish = (event) => {
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
}
