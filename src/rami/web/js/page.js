// The header every page shares: the language picker, the leaderboard link, who is logged in
// and the player's notices (notices.js).

import { html, render } from "../vendor/lit-html/lit-html.js";
import { setSetting } from "./alerts.js";
import { startBeats } from "./beats.js";
import { redrawDisplay, startDisplay } from "./display.js";
import { registerServiceWorker } from "./install.js";
import { currentLanguage, loadLanguage, t } from "./i18n.js";
import { redrawNotices, startNotices } from "./notices.js";
import { currentAccount } from "./session.js";

export const LANG_KEY = "rami-lang";

export function translateStatic() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

/** The language to speak: the one picked on this device, the account's, or the browser's. */
export function chosenLanguage(meta, account) {
  const own = account && account.settings && account.settings.language;
  return localStorage.getItem(LANG_KEY) || own || meta.preferred_language || "en";
}

/** Use an account's settings on this device (after logging in, or saving them: ``saved``). */
export function applySettings(settings, saved) {
  if (settings.language) localStorage.setItem(LANG_KEY, settings.language);
  else if (saved) localStorage.removeItem(LANG_KEY);
  setSetting("large", settings.card_size === "large");
}

/** Fill #account in the header: the logged-in name (to the profile) or the way to log in. */
export async function showAccountLinks() {
  const slot = document.getElementById("account");
  if (!slot) return;
  const account = await currentAccount();
  const links = account
    ? html`<a href=${`/players/${encodeURIComponent(account.name)}`} id="account-name">${t("Logged in as {name}", {
        name: account.name })}</a> <a href="/account">${t("Your account")}</a>`
    : html`<a href="/account" id="login-link">${t("Log in or sign up")}</a>`;
  render(links, slot);
}

/** The language picker's options (each language named in itself), the current one chosen. */
export function languageOptions(picker, meta) {
  render(meta.languages.map((l) => html`<option value=${l.code} lang=${l.code}>${l.name}</option>`), picker);
  picker.value = currentLanguage();
}

function fillPicker(meta) {
  const picker = document.getElementById("lang-picker");
  languageOptions(picker, meta);
  return picker;
}

/** Start a page of accounts or ratings: words, header, then ``render(main, meta, account)``
 * (again whenever the language changes). */
export async function startPage(render) {
  registerServiceWorker();
  startBeats();
  const meta = await (await fetch("/api/meta")).json();
  const account = await currentAccount();
  await loadLanguage(chosenLanguage(meta, account));
  const main = document.getElementById("page");
  startDisplay();
  const draw = async () => {
    translateStatic();
    await showAccountLinks();
    redrawDisplay();
    redrawNotices();
    await render(main, meta, await currentAccount());
  };
  const picker = fillPicker(meta);
  picker.addEventListener("change", async () => {
    localStorage.setItem(LANG_KEY, picker.value);
    await loadLanguage(picker.value);
    await draw();
  });
  await draw();
  startNotices();
  document.body.dataset.ready = "1";
}
