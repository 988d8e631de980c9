// The rating families, as GET /api/leaderboard?preset= names them, and a rating as shown: the
// server's Elo-like number (1500 for a new player), marked when it is provisional.

import { t } from "./i18n.js";

export const FAMILIES = [
  "rami51",
  "rami40",
];

/** The shown number of a rating (the API's ``rating`` field). */
export function rating(value) {
  return String(Math.round(Number(value)));
}

/** A rating entry ({rating, provisional}) in words: "1562" or "1562 (provisional)". */
export function ratingText(entry) {
  const number = rating(entry.rating);
  return entry.provisional ? t("{rating} (provisional)", { rating: number }) : number;
}

/** A rating change with its sign: "+62", "−14", "±0". */
export function changeText(change) {
  const value = Math.round(Number(change));
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${-value}`;
  return "±0";
}
