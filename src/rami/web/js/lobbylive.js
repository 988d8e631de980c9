// The lobby's live part: the quick match box and the lists of open public tables (join) and
// of games being played (watch), refreshed every few seconds from GET /api/lobby.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { levelName, presetName, t } from "./i18n.js";
import { showQuickMatch } from "./quickmatch.js";
import { currentAccount } from "./session.js";

export const LOBBY_POLL_MS = 3000;

let poller = null;

const BOT_NAME = /^Bot (\d+) \((\w+)\)$/;

/** A listed player's name; a bot seat's name, which the server writes "Bot 2 (medium)", in the
 * page's language. */
function listedName(name) {
  const bot = BOT_NAME.exec(name);
  return bot ? t("Bot {number} ({level})", { number: bot[1], level: levelName(bot[2]) }) : name;
}

function itemView(entry, kind) {
  const open = kind === "open";
  const details = open
    ? [
        t("{taken} of {seats} seats taken", { taken: entry.taken, seats: entry.seats }),
        entry.turn_seconds ? t("{seconds} s per turn", { seconds: entry.turn_seconds }) : "",
      ].filter(Boolean).join(" · ")
    : t("Round {number}", { number: entry.round });
  const label = open ? t("Join table {id}", { id: entry.table }) : t("Watch table {id}", { id: entry.table });
  return html`<li data-table=${entry.table}>
      <span class="what"><strong>${presetName(entry.preset)}</strong>
        ${entry.rated ? html`<span class="tag">${t("rated")}</span>` : nothing}</span>
      <span class="who">${entry.players.map(listedName).join(", ")}</span>
      <span class="more">${details}</span>
      <a class="button ${open ? "primary" : ""}" href=${`/t/${encodeURIComponent(entry.table)}`} aria-label=${label}
        >${open ? t("Join") : t("Watch")}</a>
    </li>`;
}

function listView(entries, kind, empty) {
  if (entries === null) return html`<p class="hint-text">${t("Loading…")}</p>`;
  if (!entries.length) return html`<p class="hint-text">${t(empty)}</p>`;
  return html`<ul class="table-list">${entries.map((entry) => itemView(entry, kind))}</ul>`;
}

function draw(box, lobby) {
  render(listView(lobby.open, "open", "No open table right now."), box.querySelector("#open-tables"));
  render(listView(lobby.live, "live", "No game is being played right now."), box.querySelector("#live-tables"));
}

/** Poll the lobby while the page shows it; re-draw the lists only when their entries change. */
function follow(box) {
  if (poller) clearTimeout(poller);
  let last = null;
  const tick = async () => {
    if (!box.isConnected) return;
    if (document.visibilityState !== "hidden") {
      try {
        const response = await fetch("/api/lobby");
        if (response.ok) {
          const lobby = await response.json();
          const text = JSON.stringify(lobby);
          if (text !== last && box.isConnected) {
            last = text;
            draw(box, { open: lobby.open || [], live: lobby.live || [] });
          }
        }
      } catch {
        // offline for a moment: the next tick tries again
      }
    }
    poller = setTimeout(tick, LOBBY_POLL_MS);
  };
  tick();
}

/** A logged-in player plays under the account's name: the field shows it and cannot be
 * changed (the server seats the account's name whatever is typed). */
export function accountName(input, account) {
  input.value = account.name;
  input.readOnly = true;
  input.setAttribute("aria-readonly", "true");
  const note = document.createElement("span");
  note.className = "hint-text account-name-note";
  note.id = `${input.form ? input.form.id : "name"}-account-note`;
  note.textContent = t("You play under your account's name.");
  input.setAttribute("aria-describedby", note.id);
  input.closest("label").after(note);
}

/** Fill the lobby's live part and adapt the create form to the account (name, rated). */
export async function showLobbyExtras(root, meta, form) {
  const box = root.querySelector("#lobby-live");
  root.classList.add("lobby-page");
  render(html`
    <section class="card-panel" id="quick-match" aria-labelledby="quick-title"></section>
    <section class="card-panel" aria-labelledby="open-title">
      <h2 id="open-title">${t("Open tables")}</h2>
      <div id="open-tables"></div>
    </section>
    <section class="card-panel" aria-labelledby="live-title">
      <h2 id="live-title">${t("Games being played")}</h2>
      <div id="live-tables"></div>
    </section>`, box);
  draw(box, { open: null, live: null });
  follow(box);
  const account = await currentAccount();
  if (account) {
    form.rated.disabled = false;
    form.rated.removeAttribute("aria-describedby");
    root.querySelector("#rated-hint").hidden = true;
    accountName(form.name, account);
  }
  showQuickMatch(box.querySelector("#quick-match"), meta, account);
}
