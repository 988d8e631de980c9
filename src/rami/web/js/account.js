// The account page (/account): log in or sign up; once logged in, the settings and log out.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { errorText, loadLanguage, t } from "./i18n.js";
import { applySettings, chosenLanguage, showAccountLinks, startPage, translateStatic } from "./page.js";
import { showTurnAlerts } from "./pushswitch.js";
import { currentAccount, request, setAccount } from "./session.js";

const CARD_SIZES = [
  ["small", "Small"],
  ["medium", "Medium"],
  ["large", "Large"],
];

function refusal(data) {
  if (!data) return errorText("rami_error", "That did not work: try again.");
  const variant = data.code === "bad_name" ? "account" : null;
  return errorText(data.code, data.message, {}, variant);
}

function guestView(status, submit) {
  return html`${status ? html`<p class="card-panel" role="status">${status}</p>` : nothing}
    <section class="card-panel" aria-labelledby="login-title">
      <h1 id="login-title">${t("Log in")}</h1>
      <form id="login" class="create" @submit=${(e) => submit(e, "login", "/api/login")}>
        <label>${t("Account name")} <input name="name" required autocomplete="username"></label>
        <label>${t("Password")} <input name="password" type="password" required autocomplete="current-password"></label>
        <button type="submit" class="primary">${t("Log in")}</button>
        <p id="login-error" class="error" role="alert"></p>
      </form>
    </section>
    <section class="card-panel" aria-labelledby="signup-title">
      <h2 id="signup-title">${t("Sign up")}</h2>
      <form id="signup" class="create" @submit=${(e) => submit(e, "signup", "/api/signup")}>
        <label>${t("Account name")} <input name="name" required minlength="3" maxlength="20"
          pattern="[A-Za-z0-9][A-Za-z0-9_\\-]*" autocomplete="username" aria-describedby="name-rule"></label>
        <p id="name-rule" class="hint-text">${t("3 to 20 letters, digits, _ or -.")}</p>
        <label>${t("Password")} <input name="password" type="password" required minlength="8" maxlength="128"
          autocomplete="new-password" aria-describedby="password-rule"></label>
        <p id="password-rule" class="hint-text">${t("At least 8 characters.")}</p>
        <button type="submit" class="primary">${t("Create the account")}</button>
        <p id="signup-error" class="error" role="alert"></p>
      </form>
    </section>`;
}

function accountView(account, meta, status, save, logout) {
  return html`
    <section class="card-panel" aria-labelledby="account-title">
      <h1 id="account-title" tabindex="-1">${t("Your account")}</h1>
      <p id="logged-in">${t("Logged in as {name}", { name: account.name })}</p>
      <p id="account-status" role="status" tabindex="-1">${status}</p>
      <p><a href=${`/players/${encodeURIComponent(account.name)}`}>${t("Your profile")}</a></p>
      <form id="settings" class="create" @submit=${save}>
        <h2>${t("Your settings")}</h2>
        <label>${t("Language")} <select name="language"><option value="">${t("The browser's language")}</option>${meta.languages.map(
          (l) => html`<option value=${l.code} lang=${l.code}>${l.name}</option>`)}</select></label>
        <label>${t("Card size")} <select name="card_size">${CARD_SIZES.map(
          ([value, label]) => html`<option value=${value}>${t(label)}</option>`)}</select></label>
        <button type="submit">${t("Save the settings")}</button>
        <p id="settings-error" class="error" role="alert"></p>
      </form>
      <div id="turn-alerts" class="create"></div>
      <p><button id="logout" type="button" @click=${logout}>${t("Log out")}</button></p>
    </section>`;
}

async function draw(main, meta, account, status = "", focus = null) {
  document.title = `Rami — ${t(account ? "Your account" : "Log in")}`;
  const screen = document.createElement("div"); // each state of the page is drawn afresh
  main.replaceChildren(screen);
  if (!account) {
    const submit = async (event, id, url) => {
      event.preventDefault();
      const form = event.currentTarget;
      const body = { name: form.name.value, password: form.password.value };
      const answer = await request("POST", url, body);
      if (!answer.ok) {
        screen.querySelector(`#${id}-error`).textContent = refusal(answer.data);
        return;
      }
      setAccount(answer.data);
      await loggedIn(main, meta, answer.data);
    };
    render(guestView(status, submit), screen);
    if (focus) screen.querySelector(focus).focus();
    return;
  }
  const save = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const settings = { language: form.language.value || null, card_size: form.card_size.value };
    const answer = await request("PUT", "/api/me/settings", settings);
    if (!answer.ok) {
      screen.querySelector("#settings-error").textContent = refusal(answer.data);
      return;
    }
    account.settings = answer.data;
    applySettings(answer.data, true);
    await reloadWords(meta, account);
    await draw(main, meta, account, t("Settings saved."), "#account-status");
  };
  const logout = async () => {
    await request("POST", "/api/logout", {});
    setAccount(null);
    await showAccountLinks();
    await draw(main, meta, null, t("Logged out."), "#login input[name=name]");
  };
  render(accountView(account, meta, status, save, logout), screen);
  const form = screen.querySelector("#settings");
  form.language.value = account.settings.language || "";
  form.card_size.value = account.settings.card_size;
  if (focus) screen.querySelector(focus).focus(); // before the turn alerts load: they wait on the network
  await showTurnAlerts(screen.querySelector("#turn-alerts"));
}

async function reloadWords(meta, account) {
  const lang = chosenLanguage(meta, account);
  await loadLanguage(lang);
  document.getElementById("lang-picker").value = lang;
  translateStatic();
  await showAccountLinks();
}

async function loggedIn(main, meta, account) {
  applySettings(account.settings, false);
  await reloadWords(meta, account);
  const welcome = t("Welcome, {name}!", { name: account.name });
  await draw(main, meta, await currentAccount(true), welcome, "#account-title");
}

startPage((main, meta, account) => draw(main, meta, account));
