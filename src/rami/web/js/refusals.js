// A refusal in the player's words: the one catalog's words (the page's ``errors`` strings,
// rami.i18n.refusals) filled with the facts the server sent with the refusal.

import { cardName, errorText, seatName } from "./i18n.js";

// Codes that name no reason of their own when they come as a misfit's reason.
const NOT_A_REASON = new Set(["layoff_does_not_fit", "too_many_jokers"]);

/** The facts of a refusal as its words show them: cards named, meld and seat from 1. */
export function refusalFields(facts) {
  const fields = {};
  if (facts.card) fields.card = cardName(facts.card);
  if (facts.cards) fields.cards = facts.cards.map(cardName).join(", ");
  if (facts.stands) fields.stands = facts.stands.map(cardName).join(" / ");
  if (Number.isInteger(facts.meld)) fields.meld = facts.meld + 1;
  if (Number.isInteger(facts.seat)) fields.seat = facts.seat + 1;
  for (const name of ["points", "needed", "player"]) {
    if (name in facts) fields[name] = facts[name];
  }
  return fields;
}

function misfitText(facts, fields) {
  const key = facts.reason === "mixed_meld" ? `mixed_meld.${facts.kind}` : facts.reason;
  const misfit = key ? errorText(`layoff_does_not_fit.${key}`, "", fields) : "";
  if (misfit) return misfit;
  const plain = errorText("layoff_does_not_fit.facts", "", fields);
  const why = facts.reason && !NOT_A_REASON.has(facts.reason) ? errorText(facts.reason, "") : "";
  return plain && why ? `${plain} ${why}` : plain;
}

/** The words of refusal ``code`` with its ``facts`` (server text ``message`` if the page has
 * none for the code). */
export function refusalText(code, message, facts = {}) {
  const fields = refusalFields(facts);
  if (code === "too_many_jokers" && facts.count > 1) {
    return errorText(code, message, fields, facts.count);
  }
  const said = code === "layoff_does_not_fit" ? misfitText(facts, fields) : "";
  return said || errorText(`${code}.facts`, "", fields) || errorText(code, message, fields);
}
