// The account page's "your turn" settings: notifications on this device (Web Push: the service
// worker's pushManager subscribes with the server's VAPID key, POST/DELETE
// /api/push/subscriptions), a sound and a vibration. The three are the account's preferences
// (sound, vibrate, notify: /api/me/preferences); the subscription belongs to this device.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { chooseTurnAlert, keepTurnAlerts, setting } from "./alerts.js";
import { currentLanguage, errorText, t } from "./i18n.js";
import { request } from "./session.js";

function pushable() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The server's VAPID public key as the bytes pushManager.subscribe takes. */
async function serverKey() {
  const { key } = await (await fetch("/api/push/key")).json();
  const base64 = key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (key.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** This device's push subscription (null: none, or no push here). */
export async function deviceSubscription() {
  if (!pushable()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Subscribe this device and tell the server; answers null or a refusal's words. */
async function switchOn() {
  if ((await Notification.requestPermission()) !== "granted") {
    return t("The browser does not allow notifications from Rami: allow them in its settings.");
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(),
    });
  } catch {
    return t("This browser could not subscribe to notifications.");
  }
  const body = { ...subscription.toJSON(), lang: currentLanguage() };
  const answer = await request("POST", "/api/push/subscriptions", body);
  if (!answer.ok) {
    await subscription.unsubscribe();
    const data = answer.data || {};
    return errorText(data.code || "rami_error", data.message || "");
  }
  await chooseTurnAlert("notify", true);
  return null;
}

/** Unsubscribe this device here and on the server. */
async function switchOff() {
  const subscription = await deviceSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  const answer = await request("DELETE", "/api/push/subscriptions", { endpoint });
  if (!answer.ok && answer.status !== 422) return t("That did not work: try again.");
  return null;
}

function view(state, changed) {
  const box = (id, name, label, checked, disabled = false) => html`<label class="check"><input type="checkbox"
      id=${id} name=${name} .checked=${checked} ?disabled=${disabled} @change=${changed}> ${label}</label>`;
  return html`<fieldset class="turn-alerts"><legend>${t("When it is your turn")}</legend>
      ${box("push-switch", "push", t("Notifications on this device, even when Rami is closed"), state.pushed, !pushable())}
      ${pushable() ? "" : html`<p class="hint-text">${t("This browser cannot receive notifications.")}</p>`}
      ${box("pref-sound", "sound", t("Sound on your turn"), setting("sound"))}
      ${box("pref-vibrate", "vibrate", t("Vibrate on your turn (phones)"), setting("vibrate"))}
      <p id="turn-alerts-status" class=${state.error ? "error" : ""} role="status">${state.text}</p></fieldset>`;
}

/** Draw the settings into ``slot`` (the account page, logged in). */
export async function showTurnAlerts(slot) {
  const prefs = await request("GET", "/api/me/preferences");
  if (prefs.ok) keepTurnAlerts(prefs.data); // the account's, whatever this device kept
  const state = { pushed: Boolean(await deviceSubscription()), text: "", error: false };
  const draw = () => render(view(state, changed), slot);
  async function changed(event) {
    const box = event.currentTarget;
    box.disabled = true;
    let problem = null;
    if (box.name === "push") {
      problem = box.checked ? await switchOn() : await switchOff();
      state.pushed = Boolean(await deviceSubscription());
    } else if (!(await chooseTurnAlert(box.name, box.checked))) {
      problem = t("That did not work: try again.");
    }
    state.text = problem || t("Kept with your account.");
    state.error = Boolean(problem);
    draw();
    slot.querySelector(`input[name=${box.name}]`).disabled = box.name === "push" && !pushable();
  }
  draw();
}
