// The lobby's live part: the quick match box and the lists of open public tables (join) and
// of games being played (watch), refreshed every few seconds from GET /api/lobby.

import { presetName, t } from "./i18n.js";
import { escapeHtml } from "./escape.js";
import { showQuickMatch } from "./quickmatch.js";
import { currentAccount } from "./session.js";

export const LOBBY_POLL_MS = 3000;

let poller = null;

function names(players) {
  return players.map((name) => escapeHtml(name)).join(", ");
}

function openItem(entry) {
  const id = escapeHtml(entry.table);
  const details = [
    t("{taken} of {seats} seats taken", { taken: entry.taken, seats: entry.seats }),
    entry.turn_seconds ? t("{seconds} s per turn", { seconds: entry.turn_seconds }) : "",
  ].filter(Boolean);
  return `<li data-table="${id}">
      <span class="what"><strong>${escapeHtml(presetName(entry.preset))}</strong>
        ${entry.rated ? `<span class="tag">${t("rated")}</span>` : ""}</span>
      <span class="who">${names(entry.players)}</span>
      <span class="more">${details.join(" · ")}</span>
      <a class="button primary" href="/t/${encodeURIComponent(entry.table)}" aria-label="${escapeHtml(t("Join table {id}", { id: entry.table }))}">${t("Join")}</a>
    </li>`;
}

function liveItem(entry) {
  const id = escapeHtml(entry.table);
  return `<li data-table="${id}">
      <span class="what"><strong>${escapeHtml(presetName(entry.preset))}</strong>
        ${entry.rated ? `<span class="tag">${t("rated")}</span>` : ""}</span>
      <span class="who">${names(entry.players)}</span>
      <span class="more">${t("Round {number}", { number: entry.round })}</span>
      <a class="button" href="/t/${encodeURIComponent(entry.table)}" aria-label="${escapeHtml(t("Watch table {id}", { id: entry.table }))}">${t("Watch")}</a>
    </li>`;
}

function listHtml(entries, item, empty) {
  if (!entries.length) return `<p class="hint-text">${t(empty)}</p>`;
  return `<ul class="table-list">${entries.map(item).join("")}</ul>`;
}

function render(box, lobby) {
  box.querySelector("#open-tables").innerHTML = listHtml(lobby.open, openItem, "No open table right now.");
  box.querySelector("#live-tables").innerHTML = listHtml(
    lobby.live,
    liveItem,
    "No game is being played right now.",
  );
}

/** Poll the lobby while the page shows it; re-draw a list only when its entries change. */
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
            render(box, { open: lobby.open || [], live: lobby.live || [] });
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

/** Fill the lobby's live part and adapt the create form to the account (name, rated). */
export async function showLobbyExtras(root, meta, form) {
  const box = root.querySelector("#lobby-live");
  root.classList.add("lobby-page");
  box.innerHTML = `
    <section class="card-panel" id="quick-match" aria-labelledby="quick-title"></section>
    <section class="card-panel" aria-labelledby="open-title">
      <h2 id="open-title">${t("Open tables")}</h2>
      <div id="open-tables"><p class="hint-text">${t("Loading…")}</p></div>
    </section>
    <section class="card-panel" aria-labelledby="live-title">
      <h2 id="live-title">${t("Games being played")}</h2>
      <div id="live-tables"><p class="hint-text">${t("Loading…")}</p></div>
    </section>`;
  follow(box);
  const account = await currentAccount();
  if (account) {
    form.rated.disabled = false;
    form.rated.removeAttribute("aria-describedby");
    root.querySelector("#rated-hint").hidden = true;
    if (!form.name.value) form.name.value = account.name;
  }
  showQuickMatch(box.querySelector("#quick-match"), meta, account);
}
