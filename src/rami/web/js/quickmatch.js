// Quick match: ask for a seat at the next table of a preset and size (POST /api/quickmatch),
// wait while GET /api/quickmatch/<ticket> says "waiting", go to the table once "matched";
// Cancel sends DELETE. The ticket is kept for the tab, so a reload keeps waiting.

import { errorText, presetName, t } from "./i18n.js";
import { escapeHtml } from "./escape.js";
import { request } from "./session.js";

export const QUICK_POLL_MS = 2000;
const TICKET_KEY = "rami-quickmatch";
const CHOICE_KEY = "rami-quickmatch-choice";
const WAITS = [15, 30, 60];

let poller = null;

function refusal(data) {
  return data ? errorText(data.code, data.message) : errorText("rami_error", "That did not work: try again.");
}

function formHtml(meta) {
  const presets = meta.presets
    .map((p) => `<option value="${p.name}">${escapeHtml(presetName(p.name))}</option>`)
    .join("");
  const waits = WAITS.map((s) => `<option value="${s}"${s === 30 ? " selected" : ""}>${s} s</option>`).join("");
  return `
    <form id="quickmatch" class="create">
      <label>${t("Game")} <select name="preset">${presets}</select></label>
      <label>${t("Players")} <select name="players"></select></label>
      <label class="check"><input type="checkbox" name="bots" checked> ${t("Fill the empty seats with bots")}</label>
      <label>${t("Wait for players")} <select name="bots_after">${waits}</select></label>
      <button type="submit" class="primary">${t("Find a match")}</button>
      <p id="quick-error" class="error" role="alert"></p>
    </form>`;
}

function stop() {
  if (poller) clearTimeout(poller);
  poller = null;
}

export function showQuickMatch(panel, meta, account, status = "") {
  stop();
  const heading = `<h2 id="quick-title">${t("Quick match")}</h2>`;
  if (!account) {
    panel.innerHTML = `${heading}<p class="hint-text"><a href="/account">${t("Log in to use quick match.")}</a></p>`;
    return;
  }
  const saved = sessionStorage.getItem(TICKET_KEY);
  if (saved) {
    waiting(panel, meta, account, JSON.parse(saved), false);
    return;
  }
  panel.innerHTML = `${heading}<p id="quick-status" role="status" tabindex="-1">${escapeHtml(status)}</p>${formHtml(meta)}`;
  const form = panel.querySelector("#quickmatch");
  const choice = JSON.parse(sessionStorage.getItem(CHOICE_KEY) || "null");
  if (choice && meta.presets.some((p) => p.name === choice.preset)) form.preset.value = choice.preset;
  if (choice) {
    form.bots.checked = choice.bots_after !== null;
    form.bots_after.disabled = !form.bots.checked;
    if (choice.bots_after !== null) form.bots_after.value = String(choice.bots_after);
  }
  const sizes = () => {
    const preset = meta.presets.find((p) => p.name === form.preset.value);
    const keep = Number(form.players.value) || (choice && choice.players) || 2;
    const counts = [];
    for (let n = preset.min; n <= preset.max; n++) counts.push(n);
    form.players.innerHTML = counts.map((n) => `<option>${n}</option>`).join("");
    form.players.value = String(Math.min(Math.max(keep, preset.min), preset.max));
  };
  form.preset.addEventListener("change", sizes);
  sizes();
  form.bots.addEventListener("change", () => (form.bots_after.disabled = !form.bots.checked));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      preset: form.preset.value,
      players: Number(form.players.value),
      bots_after: form.bots.checked ? Number(form.bots_after.value) : null,
    };
    sessionStorage.setItem(CHOICE_KEY, JSON.stringify(body));
    const answer = await request("POST", "/api/quickmatch", body);
    if (!answer.ok) {
      panel.querySelector("#quick-error").textContent = refusal(answer.data);
      return;
    }
    arrived(panel, meta, account, answer.data, true);
  });
}

/** Act on a quick match answer: go to the table, or wait. */
function arrived(panel, meta, account, ticket, focus) {
  if (ticket.status === "matched") {
    stop();
    sessionStorage.removeItem(TICKET_KEY);
    panel.innerHTML = `<h2 id="quick-title">${t("Quick match")}</h2>
      <p id="quick-status" role="status">${t("Match found: going to the table…")}</p>`;
    location.href = `/t/${encodeURIComponent(ticket.table)}`;
    return;
  }
  sessionStorage.setItem(TICKET_KEY, JSON.stringify(ticket));
  waiting(panel, meta, account, ticket, focus);
}

function waiting(panel, meta, account, ticket, focus) {
  stop();
  const bots = ticket.bots_after
    ? `<p class="hint-text">${t("Bots take the empty seats after {seconds} s.", { seconds: ticket.bots_after })}</p>`
    : "";
  panel.innerHTML = `<h2 id="quick-title">${t("Quick match")}</h2>
    <div id="quick-waiting" class="waiting">
      <p id="quick-status" role="status"><span class="spinner" aria-hidden="true"></span>${t("Looking for players…")}</p>
      ${bots}
      <button type="button" id="quick-cancel">${t("Cancel")}</button>
      <p id="quick-error" class="error" role="alert"></p>
    </div>`;
  const cancel = panel.querySelector("#quick-cancel");
  if (focus) cancel.focus();
  const url = `/api/quickmatch/${encodeURIComponent(ticket.ticket)}`;
  cancel.addEventListener("click", async () => {
    stop();
    const answer = await request("DELETE", url);
    if (!answer.ok && answer.status !== 404) {
      panel.querySelector("#quick-error").textContent = refusal(answer.data);
      return;
    }
    sessionStorage.removeItem(TICKET_KEY);
    showQuickMatch(panel, meta, account, t("Quick match cancelled."));
    panel.querySelector("#quickmatch button[type=submit]").focus();
  });
  const tick = async () => {
    if (!panel.isConnected) return;
    try {
      const answer = await request("GET", url);
      if (answer.ok && answer.data.status === "matched") {
        arrived(panel, meta, account, answer.data, false);
        return;
      }
      if (answer.status === 404) {
        sessionStorage.removeItem(TICKET_KEY);
        showQuickMatch(panel, meta, account);
        panel.querySelector("#quick-error").textContent = refusal(answer.data);
        return;
      }
    } catch {
      // offline for a moment: try again
    }
    poller = setTimeout(tick, QUICK_POLL_MS);
  };
  poller = setTimeout(tick, QUICK_POLL_MS);
}
