// A refusal in the player's words: the facts its message needs, taken from the move the page
// sent and the state it shows (the server sends only a code and English words).

import { cardName, errorText, seatName } from "./i18n.js";

/** The fields a refusal message may use, for the move ``sent`` on ``snap``. */
export function refusalFields(snap, sent) {
  const fields = {};
  const game = snap && snap.game;
  if (!game) return fields;
  const [verb, card, at] = (sent || "").split(" ");
  if (["discard", "layoff", "swap"].includes(verb) && card) fields.card = cardName(card);
  if (at && at.startsWith("@")) {
    const index = Number(at.slice(1));
    fields.meld = index + 1;
    const meld = game.table[index];
    if (meld) {
      const stands = meld.cards.map((c, k) => (c === "JK" ? meld.represents[k] : null)).filter(Boolean);
      if (stands.length) fields.stands = stands.map(cardName).join(" / ");
    }
  }
  const taken = game.taken || game.discard[game.discard.length - 1];
  if (taken) fields.taken = cardName(taken);
  fields.points = game.opening ? game.opening.points : 0;
  fields.needed = game.opening ? game.opening.needed : snap.table.opening_points;
  const current = snap.table.seats[game.current];
  if (current) fields.player = seatName(current, game.current);
  return fields;
}

/** The words of refusal ``code`` (server text ``message``) for the move ``sent``. */
export function refusalText(snap, sent, code, message) {
  const game = snap && snap.game;
  const variant = code === "too_many_jokers" && game ? game.jokers_per_meld : null;
  return errorText(code, message, refusalFields(snap, sent), variant);
}
