// Escaping for the pages that still assemble markup from strings (the lobby, account,
// leaderboard, profile and replay pages); the table's views are lit templates instead.

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
