// Telling the player it is their turn: the tab title and favicon always (turnmark.js), a short
// beep, a vibration and a browser notification when they asked for them (all off until switched
// on; kept in localStorage, and with the account when logged in: /api/me/preferences).

import { t } from "./i18n.js";
import { markTurn } from "./turnmark.js";
import { currentAccount, request } from "./session.js";

export const SETTINGS = {
  sound: "rami-sound",
  notify: "rami-notify",
  vibrate: "rami-vibrate",
  large: "rami-large-cards",
};

/** The settings the account keeps as its preferences of the same name ("on"/"off"). */
export const TURN_ALERTS = ["sound", "vibrate", "notify"];

export function setting(name) {
  return localStorage.getItem(SETTINGS[name]) === "1";
}

export function setSetting(name, on) {
  localStorage.setItem(SETTINGS[name], on ? "1" : "0");
  if (name === "large") applyCardSize();
}

/** Keep the account's turn alerts (its preferences) on this device. */
export function keepTurnAlerts(prefs) {
  for (const name of TURN_ALERTS) {
    if (name in prefs) localStorage.setItem(SETTINGS[name], prefs[name] === "on" ? "1" : "0");
  }
}

/** Switch a turn alert on or off here, and with the account when logged in; answers the
 * account's preferences after the change (null: a guest, or not saved). */
export async function chooseTurnAlert(name, on) {
  setSetting(name, on);
  if (!(await currentAccount())) return null;
  const answer = await request("PUT", "/api/me/preferences", { [name]: on ? "on" : "off" });
  if (!answer.ok) return null;
  keepTurnAlerts(answer.data);
  return answer.data;
}

/** Bigger cards when the player asked for them (a class on the page). */
export function applyCardSize() {
  document.body.classList.toggle("large-cards", setting("large"));
}

let audio = null;

/** A short two-note beep (WebAudio, no sound file). */
export function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  audio = audio || new Context();
  const now = audio.currentTime;
  for (const [at, pitch] of [[0, 660], [0.14, 880]]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + at);
    tone.stop(now + at + 0.13);
  }
  return true;
}

/** Ask for the browser's permission to notify (when the player switches notifications on). */
export async function askToNotify() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  return (await Notification.requestPermission()) === "granted";
}

/** The tab title and favicon: a mark and "Your turn" while it is the player's turn. */
export function showTurnInTitle(mine) {
  markTurn(mine);
}

/** A short double buzz on a phone (navigator.vibrate); false where the device cannot. */
export function buzz() {
  if (typeof navigator.vibrate !== "function") return false;
  return navigator.vibrate([120, 80, 120]);
}

/** The turn came to the player: beep and notify as they chose; returns what was done. */
export function turnCame(tableId) {
  const done = [];
  if (setting("sound") && beep()) done.push("sound");
  if (setting("vibrate") && buzz()) done.push("vibration");
  if (setting("notify") && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("Your turn"), { body: t("Your turn at table {id}", { id: tableId }), tag: `rami-${tableId}` });
    done.push("notification");
  }
  return done;
}
