// Quick match: ask for a seat at the next table of a preset and size (POST /api/quickmatch),
// wait while GET /api/quickmatch/<ticket> says "waiting", go to the table once "matched";
// Cancel sends DELETE. The ticket is kept for the tab, so a reload keeps waiting.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { errorText, levelName, presetName, t } from "./i18n.js";
import { request } from "./session.js";

export const QUICK_POLL_MS = 2000;
const TICKET_KEY = "rami-quickmatch";
const CHOICE_KEY = "rami-quickmatch-choice";
const WAITS = [15, 30, 60];
const FORMAT_WORDS = { full: "Full match", to201: "First to 201 points", rounds6: "Six rounds" };

let poller = null;

function refusal(data) {
  return data ? errorText(data.code, data.message) : errorText("rami_error", "That did not work: try again.");
}

function stop() {
  if (poller) clearTimeout(poller);
  poller = null;
}

const heading = () => html`<h2 id="quick-title">${t("Quick match")}</h2>`;

function formView(meta, choice, status, events) {
  const preset = meta.presets.find((p) => p.name === choice.preset) || meta.presets[0];
  const counts = [];
  for (let n = preset.min; n <= preset.max; n++) counts.push(n);
  const players = Math.min(Math.max(choice.players, preset.min), preset.max);
  const bots = choice.bots_after !== null;
  const formats = preset.formats && preset.formats.length ? preset.formats : ["full"];
  const format = formats.includes(choice.format) ? choice.format : formats[0];
  const level = meta.bots.includes(choice.bot_level) ? choice.bot_level : "medium";
  return html`${heading()}<p id="quick-status" role="status" tabindex="-1">${status}</p>
    <form id="quickmatch" class="create" @submit=${events.submit} @change=${events.change}>
      <label>${t("Game")} <select name="preset">${meta.presets.map(
        (p) => html`<option value=${p.name} ?selected=${p.name === preset.name}>${presetName(p.name)}</option>`)}</select></label>
      <label>${t("Players")} <select name="players">${counts.map(
        (n) => html`<option ?selected=${n === players}>${n}</option>`)}</select></label>
      <label>${t("Match length")} <select name="format">${formats.map(
        (name) => html`<option value=${name} ?selected=${name === format}>${t(FORMAT_WORDS[name] || name)}</option>`)}</select></label>
      <label class="check"><input type="checkbox" name="bots" .checked=${bots}> ${t("Fill the empty seats with bots")}</label>
      <label>${t("Wait for players")} <select name="bots_after" ?disabled=${!bots}>${WAITS.map(
        (s) => html`<option value=${s} ?selected=${s === (choice.bots_after || 30)}>${s} s</option>`)}</select></label>
      <label>${t("Bot level")} <select name="bot_level" ?disabled=${!bots}>${meta.bots.map(
        (name) => html`<option value=${name} ?selected=${name === level}>${levelName(name)}</option>`)}</select></label>
      <button type="submit" class="primary">${t("Find a match")}</button>
      <p id="quick-error" class="error" role="alert"></p>
    </form>`;
}

/** The form's choice now (the waits stay as chosen while "bots" is off). */
function formChoice(form, last) {
  return {
    preset: form.preset.value,
    players: Number(form.players.value),
    bots_after: form.bots.checked ? Number(form.bots_after.value) || last || 30 : null,
    format: form.format.value || "full",
    bot_level: form.bot_level.value || "medium",
  };
}

export function showQuickMatch(panel, meta, account, status = "") {
  stop();
  if (!account) {
    render(html`${heading()}<p class="hint-text"><a href="/account">${t("Log in to use quick match.")}</a></p>`, panel);
    return;
  }
  const saved = sessionStorage.getItem(TICKET_KEY);
  if (saved) {
    waiting(panel, meta, account, JSON.parse(saved), false);
    return;
  }
  const stored = JSON.parse(sessionStorage.getItem(CHOICE_KEY) || "null");
  let choice = stored && meta.presets.some((p) => p.name === stored.preset)
    ? stored
    : { preset: meta.presets[0].name, players: 2, bots_after: 30, format: "full", bot_level: "medium" };
  const events = {
    change: (event) => {
      choice = formChoice(event.currentTarget, choice.bots_after);
      draw();
    },
    submit: async (event) => {
      event.preventDefault();
      const body = formChoice(event.currentTarget, choice.bots_after);
      sessionStorage.setItem(CHOICE_KEY, JSON.stringify(body));
      const answer = await request("POST", "/api/quickmatch", body);
      if (!answer.ok) {
        panel.querySelector("#quick-error").textContent = refusal(answer.data);
        return;
      }
      arrived(panel, meta, account, answer.data, true);
    },
  };
  const draw = () => {
    render(formView(meta, choice, status, events), panel);
    const form = panel.querySelector("#quickmatch");
    const preset = meta.presets.find((p) => p.name === choice.preset) || meta.presets[0];
    form.preset.value = preset.name; // what the user picked stays picked, whatever lit last set
    form.players.value = String(Math.min(Math.max(choice.players, preset.min), preset.max));
    if (choice.bots_after !== null) form.bots_after.value = String(choice.bots_after);
    if ([...form.format.options].some((o) => o.value === choice.format)) form.format.value = choice.format;
    if (choice.bot_level) form.bot_level.value = choice.bot_level;
  };
  draw();
}

/** Act on a quick match answer: go to the table, or wait. */
function arrived(panel, meta, account, ticket, focus) {
  if (ticket.status === "matched") {
    stop();
    sessionStorage.removeItem(TICKET_KEY);
    render(html`${heading()}<p id="quick-status" role="status">${t("Match found: going to the table…")}</p>`, panel);
    location.href = `/t/${encodeURIComponent(ticket.table)}`;
    return;
  }
  sessionStorage.setItem(TICKET_KEY, JSON.stringify(ticket));
  waiting(panel, meta, account, ticket, focus);
}

function waiting(panel, meta, account, ticket, focus) {
  stop();
  const url = `/api/quickmatch/${encodeURIComponent(ticket.ticket)}`;
  const cancel = async () => {
    stop();
    const answer = await request("DELETE", url);
    if (!answer.ok && answer.status !== 404) {
      panel.querySelector("#quick-error").textContent = refusal(answer.data);
      return;
    }
    sessionStorage.removeItem(TICKET_KEY);
    showQuickMatch(panel, meta, account, t("Quick match cancelled."));
    panel.querySelector("#quickmatch button[type=submit]").focus();
  };
  render(html`${heading()}
    <div id="quick-waiting" class="waiting">
      <p id="quick-status" role="status"><span class="spinner" aria-hidden="true"></span>${t("Looking for players…")}</p>
      ${ticket.bots_after
        ? html`<p class="hint-text">${t("Bots take the empty seats after {seconds} s.", { seconds: ticket.bots_after })}</p>`
        : nothing}
      <button type="button" id="quick-cancel" @click=${cancel}>${t("Cancel")}</button>
      <p id="quick-error" class="error" role="alert"></p>
    </div>`, panel);
  if (focus) panel.querySelector("#quick-cancel").focus();
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
