// Entry point: the language picker, then the lobby ("/") or a table ("/t/<id>").

import { insertCardDefinitions } from "./cards.js";
import { loadLanguage, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { Board } from "./board.js";
import { startBeats } from "./beats.js";
import { redrawDisplay, startDisplay } from "./display.js";
import { offlineView, registerServiceWorker } from "./install.js";
import { redrawNotices, startNotices } from "./notices.js";
import { languageOptions, showAccountLinks } from "./page.js";
import { currentAccount } from "./session.js";

const LANG_KEY = "rami-lang";

function translateStatic() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

async function start() {
  insertCardDefinitions();
  // a touch screen and no mouse: no keyboard legend
  const touch = matchMedia("(pointer: coarse)").matches || (navigator.maxTouchPoints > 0 && !matchMedia("(hover: hover)").matches);
  document.body.classList.toggle("touch", touch);
  registerServiceWorker();
  let meta;
  try {
    meta = await (await fetch("/api/meta")).json();
  } catch {
    offlineView(document.getElementById("app"), `/rules/${localStorage.getItem(LANG_KEY) || "en"}/rami51`);
    startDisplay();
    return;
  }
  const lang = localStorage.getItem(LANG_KEY) || meta.preferred_language || "en";
  await loadLanguage(lang);
  translateStatic();
  showAccountLinks();
  startDisplay();
  startBeats();
  const picker = document.getElementById("lang-picker");
  languageOptions(picker, meta);
  const app = document.getElementById("app");
  const path = location.pathname.match(/^\/t\/([A-Za-z0-9]+)/);
  let board = null;
  if (path) {
    board = new Board(app, path[1], meta);
    currentAccount().then((account) => board.setAccount(account));
  } else {
    showLobby(app, meta);
  }
  picker.addEventListener("change", async () => {
    localStorage.setItem(LANG_KEY, picker.value);
    await loadLanguage(picker.value);
    translateStatic();
    showAccountLinks();
    redrawDisplay();
    redrawNotices();
    if (board) board.changeLanguage(picker.value);
    else showLobby(app, meta);
  });
  startNotices();
  window.rami = { board };
}

start();
