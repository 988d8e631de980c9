// The lobby screen: create a table (rules, seats, bots, length, timer, public, rated) and go
// to it; the quick match and the live lists of tables come from lobbylive.js.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { errorText, levelName, presetName, t } from "./i18n.js";
import { showFriends } from "./friends.js";
import { showLobbyExtras } from "./lobbylive.js";
import { daysBody, longTimerOptions, timeoutRuleFields, watchTimer } from "./daysform.js";
import { showMyGames } from "./mygames.js";
import { request } from "./session.js";

const NAME_KEY = "rami-name";
const SEAT_COUNTS = [2, 3, 4, 5, 6];

function seatRows(count, bots) {
  const rows = [];
  for (let seat = 2; seat <= count; seat++) {
    rows.push(html`<label>${t("Seat {number}", { number: seat })} <select name=${`seat${seat}`}>
      <option value="">${t("A friend (invite link)")}</option>
      ${bots.map((level) => html`<option value=${level}>${t("Bot: {level}", { level: levelName(level) })}</option>`)}</select></label>`);
  }
  return rows;
}

const FORMAT = "format:";
const FORMAT_WORDS = { to201: "First to 201 points", rounds6: "Six rounds" };

function isFormat(value) {
  return value.startsWith(FORMAT);
}

/** The preset's shorter match formats (a rated table may choose them; the full match is "").*/
function formatOptions(preset) {
  return (preset.formats || []).filter((name) => name !== "full").map(
    (name) => html`<option value=${FORMAT + name}>${t(FORMAT_WORDS[name] || name)}</option>`);
}

/** Rated on: switch off what a rated table refuses (rule options, a number of rounds). */
export function followRated(form, root) {
  const rated = form.rated.checked;
  for (const option of form.rounds.querySelectorAll("option[data-unrated]")) option.disabled = rated;
  if (rated && form.rounds.selectedOptions[0] && form.rounds.selectedOptions[0].disabled) form.rounds.value = "";
  for (const field of form.querySelectorAll("[data-unrated-field]")) {
    field.disabled = rated;
    if (rated) field.value = "";
  }
  root.querySelector("#rated-rules").hidden = !rated;
}

function formView(meta, preset, seats, send) {
  return html`
    <section class="lobby card-panel">
      <h1>${t("Play Rami with friends and bots")}</h1>
      <form id="create" class="create" @submit=${send}>
        <label>${t("Your name")} <input name="name" required maxlength="24" autocomplete="nickname"></label>
        <label>${t("Game")} <select name="preset">${meta.presets.map(
          (p) => html`<option value=${p.name} ?selected=${p.name === preset.name}>${presetName(p.name)}</option>`)}</select></label>
        <p id="preset-summary" class="hint-text">${t(preset.summary)}</p>
        <label>${t("Seats")} <select name="seats">${SEAT_COUNTS.map((n) => html`<option ?disabled=${n < preset.min || n > preset.max}
          ?selected=${n === seats}>${n}</option>`)}</select></label>
        <fieldset id="seat-rows"><legend>${t("Who sits there")}</legend>${seatRows(seats, meta.bots)}</fieldset>
        <label>${t("Match length")} <select name="rounds">
          <option value="">${t("Until a total reaches the limit")}</option>
          ${formatOptions(preset)}
          <option value="1" data-unrated>${t("One round")}</option>
          <option value="3" data-unrated>${t("Three rounds")}</option>
          <option value="5" data-unrated>${t("Five rounds")}</option></select></label>
        <label>${t("Round length")} <select name="turn_limit" data-unrated-field>
          <option value="">${t("Up to 300 turns (reference)")}</option>
          <option value="60">${t("Up to 60 turns")}</option>
          <option value="12">${t("Up to 12 turns (a quick round)")}</option></select></label>
        <label>${t("Turn timer")} <select name="turn_timer">
          <option value="">${t("None")}</option><option value="30">30 s</option>
          <option value="60">60 s</option><option value="120">120 s</option>${longTimerOptions()}</select></label>
        ${timeoutRuleFields()}
        <label class="check"><input type="checkbox" name="public"> ${t("Public: listed in the lobby")}</label>
        <label class="check"><input type="checkbox" name="rated" disabled aria-describedby="rated-hint"> ${t("Rated: the result changes ratings")}</label>
        <p id="rated-hint" class="hint-text">${t("Log in to play rated games.")}</p>
        <p id="rated-rules" class="hint-text" hidden>${t("A rated table plays the game's own rules: the options it does not take are switched off.")}</p>
        <button type="submit" class="primary">${t("Create the table")}</button>
        <p id="create-error" class="error" role="alert"></p>
      </form>
    </section>
    <div id="lobby-live" class="lobby-live"></div>`;
}

async function create(event, root) {
  event.preventDefault();
  const form = event.currentTarget;
  const seats = Number(form.seats.value);
  const levels = [];
  for (let seat = 2; seat <= seats; seat++) levels.push(form[`seat${seat}`].value || null);
  const body = {
    name: form.name.value,
    preset: form.preset.value,
    seats,
    bots: levels.filter((l) => l !== null),
    rounds: form.rounds.value && !isFormat(form.rounds.value) ? Number(form.rounds.value) : null,
    turn_timer: form.turn_timer.value ? Number(form.turn_timer.value) : null,
    options: form.turn_limit.value ? { turn_limit: Number(form.turn_limit.value) } : {},
  };
  Object.assign(body, daysBody(form));
  if (isFormat(form.rounds.value)) body.format = form.rounds.value.slice(FORMAT.length);
  if (form.public.checked) body.public = true;
  if (form.rated.checked) body.rated = true;
  localStorage.setItem(NAME_KEY, body.name);
  const answer = await request("POST", "/api/tables", body);
  const data = answer.data || {};
  if (!answer.ok) {
    root.querySelector("#create-error").textContent = errorText(data.code, data.message);
    return;
  }
  localStorage.setItem(`rami-token-${data.table}`, data.token);
  location.href = `/t/${data.table}`;
}

export function showLobby(app, meta) {
  const root = document.createElement("div"); // drawn afresh (a new language: a new screen)
  app.replaceChildren(root);
  let preset = meta.presets[0];
  let seats = preset.min;
  let form = null;
  const draw = () => {
    render(formView(meta, preset, seats, (event) => create(event, root)), root);
    if (form) followRated(form, root);
  };
  draw();
  form = root.querySelector("#create");
  form.rated.addEventListener("change", () => followRated(form, root));
  form.name.value = localStorage.getItem(NAME_KEY) || "";
  form.preset.addEventListener("change", () => {
    preset = meta.presets.find((p) => p.name === form.preset.value);
    seats = Math.min(Math.max(Number(form.seats.value), preset.min), preset.max);
    draw();
    form.seats.value = String(seats);
  });
  form.seats.addEventListener("change", () => {
    seats = Number(form.seats.value);
    draw();
    form.seats.value = String(seats);
  });
  watchTimer(form);
  showLobbyExtras(root, meta, form);
  showMyGames(root);
  showFriends(root);
}
