// The header every page shares: the language picker, the leaderboard link and who is logged in.

import { setSetting } from "./alerts.js";
import { currentLanguage, loadLanguage, t } from "./i18n.js";
import { escapeHtml } from "./lobby.js";
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
  if (account) {
    const name = escapeHtml(account.name);
    slot.innerHTML = `<a href="/players/${encodeURIComponent(account.name)}" id="account-name">${t("Logged in as {name}", { name })}</a>
      <a href="/account">${t("Your account")}</a>`;
  } else {
    slot.innerHTML = `<a href="/account" id="login-link">${t("Log in or sign up")}</a>`;
  }
}

function fillPicker(meta) {
  const picker = document.getElementById("lang-picker");
  picker.innerHTML = meta.languages
    .map((l) => `<option value="${l.code}" lang="${l.code}">${l.name}</option>`)
    .join("");
  picker.value = currentLanguage();
  return picker;
}

/** Start a page of accounts or ratings: words, header, then ``render(main, meta, account)``
 * (again whenever the language changes). */
export async function startPage(render) {
  const meta = await (await fetch("/api/meta")).json();
  const account = await currentAccount();
  await loadLanguage(chosenLanguage(meta, account));
  const main = document.getElementById("page");
  const draw = async () => {
    translateStatic();
    await showAccountLinks();
    await render(main, meta, await currentAccount());
  };
  const picker = fillPicker(meta);
  picker.addEventListener("change", async () => {
    localStorage.setItem(LANG_KEY, picker.value);
    await loadLanguage(picker.value);
    await draw();
  });
  await draw();
  document.body.dataset.ready = "1";
}
