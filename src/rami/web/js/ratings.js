// The rating families, as GET /api/leaderboard?preset= names them, and a rating as shown.

export const FAMILIES = [
  "rami51",
  "rami40",
];

export function rating(value) {
  return Number(value).toFixed(1);
}
