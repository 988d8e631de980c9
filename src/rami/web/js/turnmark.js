// Whose turn it is, where the player sees it with the page in another tab: the document title
// ("● Your turn — Rami") and the favicon (a yellow mark on the icon) while it is their turn.

import { t } from "./i18n.js";

const PLAIN_ICON = "/static/icons/icon.svg";
const TURN_ICON = "/static/icons/icon-turn.svg";

let marked = null;

function favicon() {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    link.type = "image/svg+xml";
    document.head.append(link);
  }
  return link;
}

/** Mark the title and the favicon while it is the player's turn (``mine``), unmark after. */
export function markTurn(mine) {
  document.title = mine ? `● ${t("Your turn")} — Rami` : "Rami";
  if (marked === mine) return;
  marked = mine;
  favicon().href = mine ? TURN_ICON : PLAIN_ICON;
  document.documentElement.dataset.turn = mine ? "mine" : "";
}
