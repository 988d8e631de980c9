// Notices on every page for a logged-in player (GET /api/me/notices): a tournament of theirs
// about to start, their table in a round of one, a Daily Duplicate edition they have not begun,
// a friend's invitation to a table (accepted from the notice).
// Each is a polite status with its link and a Dismiss button; a dismissed notice is remembered
// on this device (localStorage "rami-notice:<key>") and not shown again.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { acceptInvitation } from "./friends.js";
import { t } from "./i18n.js";
import { currentAccount } from "./session.js";

/** How often the page asks for its notices (a page may set ``window.ramiNoticesPollMs``). */
export const NOTICES_POLL_MS = 20_000;
const DISMISSED = "rami-notice:";

let notices = [];
const gone = new Set(); // dismissed on this page (also when storage is refused)
let timer = null;
let started = false;

function pollMs() {
  const given = Number(window.ramiNoticesPollMs);
  return given > 0 ? given : NOTICES_POLL_MS;
}

function dismissed(key) {
  if (gone.has(key)) return true;
  try {
    return localStorage.getItem(DISMISSED + key) !== null;
  } catch {
    return false;
  }
}

function dismiss(key) {
  gone.add(key);
  try {
    localStorage.setItem(DISMISSED + key, String(Date.now()));
  } catch {
    // storage refused: hidden for this page only
  }
  redrawNotices();
}

/** A notice's link leads where the page is already, or the lobby's friends panel shows it
 * (invitations): not shown there. */
function here(notice) {
  const at = location.pathname + location.search;
  if (notice.kind === "invitation" && location.pathname === "/") return true;
  return notice.url === at || (notice.kind === "duplicate" && location.pathname === notice.url);
}

async function accept(notice) {
  const answer = await acceptInvitation(notice.invitation);
  if (!answer.ok) await refreshNotices(); // expired meanwhile: gone from the list
}

function words(notice) {
  if (notice.kind === "tournament_start") {
    return [t("The tournament {name} is about to start.", { name: notice.name }), t("Open the tournament")];
  }
  if (notice.kind === "tournament_table") {
    return [t("Round {round} of {name}: your table is ready.", { round: notice.round, name: notice.name }),
      t("Go to your table")];
  }
  if (notice.kind === "invitation") {
    return [t("{name} invites you to table {table}.", { name: notice.from, table: notice.table_id }), t("Accept")];
  }
  return [t("Today's Daily Duplicate is out."), t("Play the Daily Duplicate")];
}

function noticeView(notice) {
  const [text, link] = words(notice);
  return html`<div class="page-notice" role="status" aria-live="polite" data-kind=${notice.kind} data-key=${notice.key}>
    <span class="notice-text">${text}</span>
    ${notice.kind === "invitation"
      ? html`<button type="button" class="primary" @click=${() => accept(notice)}>${link}</button>`
      : html`<a class="button primary" href=${notice.url}>${link}</a>`}
    <button type="button" class="dismiss" aria-label=${t("Dismiss: {notice}", { notice: text })}
      @click=${() => dismiss(notice.key)}>${t("Dismiss")}</button></div>`;
}

function box() {
  let found = document.getElementById("notices");
  if (!found) {
    found = document.createElement("div");
    found.id = "notices";
    found.className = "notices";
    const header = document.querySelector("header.bar");
    if (header) header.after(found);
    else document.body.prepend(found);
  }
  return found;
}

/** Draw the notices again (after the language changed). */
export function redrawNotices() {
  const shown = notices.filter((n) => !dismissed(n.key) && !here(n));
  const where = box();
  render(shown.length ? shown.map(noticeView) : nothing, where);
  where.hidden = !shown.length;
  document.body.dataset.notices = String(shown.length);
}

/** Ask for the notices now (the next poll follows ``pollMs`` later). */
export async function refreshNotices() {
  clearTimeout(timer);
  if (await currentAccount()) {
    try {
      const response = await fetch("/api/me/notices", { credentials: "same-origin" });
      if (response.ok) notices = (await response.json()).notices || [];
      else if (response.status === 401) notices = [];
    } catch {
      // offline for a moment: the next poll asks again
    }
  } else {
    notices = [];
  }
  redrawNotices();
  document.body.dataset.noticesPolled = String(Number(document.body.dataset.noticesPolled || 0) + 1);
  timer = setTimeout(() => {
    if (document.visibilityState !== "hidden") refreshNotices();
    else timer = null;
  }, pollMs());
}

/** Start the notices of this page (once): polled while it is in view, asked again as soon as
 * it comes back into view. */
export function startNotices() {
  if (started) return;
  started = true;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshNotices();
  });
  window.addEventListener("focus", () => refreshNotices());
  refreshNotices();
}
