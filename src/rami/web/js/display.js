// How the player sees the cards: large cards, high contrast, a four-colour deck, a left-handed
// layout. Chosen in the header's display panel; kept on this device (localStorage) for everyone
// and with the account (/api/me/preferences) when logged in. Classes on the body apply them.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { keepTurnAlerts, setSetting, setting } from "./alerts.js";
import { errorText, t } from "./i18n.js";
import { currentAccount, request } from "./session.js";

export const DISPLAY_KEY = "rami-display";

/** Each choice: its preference, the value when ticked and when not, the body class, its words. */
const CHOICES = [
  { name: "card_size", on: "large", off: "medium", label: "Large cards" },
  { name: "theme", on: "high-contrast", off: "standard", css: "high-contrast", label: "High contrast" },
  { name: "deck", on: "four-colour", off: "two-colour", css: "four-colour", label: "Four-colour deck" },
  { name: "hand", on: "left", off: "right", css: "left-handed", label: "Left-handed layout" },
];

let account = null;
let status = { text: "", error: false };

/** The preferences kept on this device (the card size is the table's "larger cards" setting). */
export function devicePreferences() {
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(DISPLAY_KEY) || "{}") || {};
  } catch {
    kept = {};
  }
  const prefs = { card_size: setting("large") ? "large" : "medium" };
  for (const choice of CHOICES.slice(1)) {
    prefs[choice.name] = kept[choice.name] === choice.on ? choice.on : choice.off;
  }
  return prefs;
}

/** Show ``prefs`` on the page and keep them on this device. */
export function applyPreferences(prefs) {
  const kept = {};
  for (const choice of CHOICES) {
    const on = prefs[choice.name] === choice.on;
    if (choice.css) {
      document.body.classList.toggle(choice.css, on);
      kept[choice.name] = on ? choice.on : choice.off;
    }
  }
  localStorage.setItem(DISPLAY_KEY, JSON.stringify(kept));
  keepTurnAlerts(prefs); // the account's sound, vibration and notifications, when they came
  if (("card_size" in prefs) && (prefs.card_size === "large") !== setting("large")) {
    setSetting("large", prefs.card_size === "large");
  }
  document.body.classList.toggle("large-cards", setting("large"));
  const colour = document.querySelector('meta[name="theme-color"]');
  if (colour) colour.content = prefs.theme === "high-contrast" ? "#000000" : "#1d6b45";
}

async function choose(choice, on) {
  const change = { [choice.name]: on ? choice.on : choice.off };
  applyPreferences({ ...devicePreferences(), ...change });
  account = await currentAccount(); // logged in or out since the page opened
  if (!account) {
    status = { text: t("Kept on this device."), error: false };
  } else {
    const answer = await request("PUT", "/api/me/preferences", change);
    if (answer.ok) {
      applyPreferences(answer.data);
      status = { text: t("Kept with your account."), error: false };
    } else {
      const data = answer.data || {};
      status = { text: errorText(data.code || "bad_preferences", data.message || ""), error: true };
    }
  }
  draw();
}

function panelView() {
  const prefs = devicePreferences();
  const box = (choice) => html`<label><input type="checkbox" id=${`display-${choice.name}`}
      .checked=${prefs[choice.name] === choice.on} @change=${(e) => choose(choice, e.currentTarget.checked)}>
    ${t(choice.label)}</label>`;
  return html`<details class="display" id="display"><summary><span aria-hidden="true">Aa</span><span
      class="sr-only">${t("Display")}</span></summary>
    <div class="display-panel"><fieldset><legend>${t("Display")}</legend>${CHOICES.map(box)}</fieldset>
      <p id="display-status" class=${status.error ? "error" : ""} aria-live="polite">${status.text}</p></div></details>`;
}

function draw() {
  const slot = document.getElementById("display-slot");
  if (slot) render(panelView(), slot);
}

/** Put the display panel into the header and apply the preferences: this device's at once,
 * the account's as soon as they are known. Call again after the language changes. */
export async function startDisplay() {
  applyPreferences(devicePreferences());
  let slot = document.getElementById("display-slot");
  const tools = document.querySelector(".bar .tools");
  if (!slot && tools) {
    slot = document.createElement("span");
    slot.id = "display-slot";
    tools.insertBefore(slot, tools.querySelector(".lang"));
  }
  draw();
  account = await currentAccount();
  if (account) {
    try {
      const response = await fetch("/api/me/preferences", { credentials: "same-origin" });
      if (response.ok) applyPreferences(await response.json());
    } catch {
      // offline: this device's preferences until the next page
    }
  }
  draw();
}

/** Draw the panel again (its words after the language changed). */
export function redrawDisplay() {
  draw();
}
