// The lobby: create a table (rules, seats, bots, length, timer, public, rated) and go to it;
// the quick match and the live lists of tables come from lobbylive.js.

import { escapeHtml } from "./escape.js";
import { errorText, presetName, t } from "./i18n.js";
import { showLobbyExtras } from "./lobbylive.js";
import { request } from "./session.js";

const NAME_KEY = "rami-name";

function seatRows(count, bots) {
  const rows = [];
  for (let seat = 2; seat <= count; seat++) {
    const options = [`<option value="">${t("A friend (invite link)")}</option>`]
      .concat(bots.map((level) => `<option value="${level}">${t("Bot: {level}", { level })}</option>`))
      .join("");
    rows.push(
      `<label>${t("Seat {number}", { number: seat })} <select name="seat${seat}">${options}</select></label>`,
    );
  }
  return rows.join("");
}

export function showLobby(root, meta) {
  const presets = meta.presets
    .map((p) => `<option value="${p.name}">${escapeHtml(presetName(p.name))}</option>`)
    .join("");
  root.innerHTML = `
    <section class="lobby card-panel">
      <h1>${t("Play Rami with friends and bots")}</h1>
      <form id="create" class="create">
        <label>${t("Your name")} <input name="name" required maxlength="24" autocomplete="nickname"></label>
        <label>${t("Game")} <select name="preset">${presets}</select></label>
        <p id="preset-summary" class="hint-text"></p>
        <label>${t("Seats")} <select name="seats">${[2, 3, 4, 5, 6]
          .map((n) => `<option>${n}</option>`)
          .join("")}</select></label>
        <fieldset id="seat-rows"><legend>${t("Who sits there")}</legend></fieldset>
        <label>${t("Match length")} <select name="rounds">
          <option value="">${t("Until a total reaches the limit")}</option>
          <option value="1">${t("One round")}</option>
          <option value="3">${t("Three rounds")}</option>
          <option value="5">${t("Five rounds")}</option></select></label>
        <label>${t("Round length")} <select name="turn_limit">
          <option value="">${t("Up to 300 turns (reference)")}</option>
          <option value="60">${t("Up to 60 turns")}</option>
          <option value="12">${t("Up to 12 turns (a quick round)")}</option></select></label>
        <label>${t("Turn timer")} <select name="turn_timer">
          <option value="">${t("None")}</option><option value="30">30 s</option>
          <option value="60">60 s</option><option value="120">120 s</option></select></label>
        <label class="check"><input type="checkbox" name="public"> ${t("Public: listed in the lobby")}</label>
        <label class="check"><input type="checkbox" name="rated" disabled aria-describedby="rated-hint"> ${t("Rated: the result changes ratings")}</label>
        <p id="rated-hint" class="hint-text">${t("Log in to play rated games.")}</p>
        <button type="submit" class="primary">${t("Create the table")}</button>
        <p id="create-error" class="error" role="alert"></p>
      </form>
    </section>
    <div id="lobby-live" class="lobby-live"></div>`;
  const form = root.querySelector("#create");
  form.name.value = localStorage.getItem(NAME_KEY) || "";
  const refresh = () => {
    const preset = meta.presets.find((p) => p.name === form.preset.value);
    root.querySelector("#preset-summary").textContent = t(preset.summary);
    const seats = form.seats;
    for (const option of seats.options) {
      option.disabled = Number(option.value) < preset.min || Number(option.value) > preset.max;
    }
    if (seats.selectedOptions[0].disabled) seats.value = String(preset.min);
    const keep = {};
    for (const select of root.querySelectorAll("#seat-rows select")) keep[select.name] = select.value;
    const fieldset = root.querySelector("#seat-rows");
    fieldset.innerHTML = `<legend>${t("Who sits there")}</legend>` + seatRows(Number(seats.value), meta.bots);
    for (const select of fieldset.querySelectorAll("select")) {
      if (keep[select.name] !== undefined) select.value = keep[select.name];
    }
  };
  form.preset.addEventListener("change", refresh);
  form.seats.addEventListener("change", refresh);
  refresh();
  showLobbyExtras(root, meta, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = Number(form.seats.value);
    const levels = [];
    for (let seat = 2; seat <= seats; seat++) levels.push(form[`seat${seat}`].value || null);
    const bots = levels.filter((l) => l !== null);
    const body = {
      name: form.name.value,
      preset: form.preset.value,
      seats,
      bots,
      rounds: form.rounds.value ? Number(form.rounds.value) : null,
      turn_timer: form.turn_timer.value ? Number(form.turn_timer.value) : null,
      options: form.turn_limit.value ? { turn_limit: Number(form.turn_limit.value) } : {},
    };
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
  });
}
