// The installable app: the service worker (/sw.js) keeps the shell and the rules pages for
// offline use; when a new version takes over, a notice offers to reload.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { t } from "./i18n.js";

function updateNotice() {
  const box = document.createElement("div");
  box.className = "update-ready";
  box.id = "update-ready";
  box.setAttribute("aria-live", "polite");
  document.body.append(box);
  render(html`<span>${t("A new version of Rami is ready.")}</span>
    <button type="button" id="reload" @click=${() => location.reload()}>${t("Reload")}</button>`, box);
}

/** Register the service worker (once per page). */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // a worker tells its pages when it is active and the older caches are gone: nothing to say
  // on a first visit, a new version otherwise
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (!event.data || event.data.kind !== "rami-active") return;
    document.documentElement.dataset.appVersion = event.data.version;
    if (controlled && !document.getElementById("update-ready")) updateNotice();
    controlled = true;
  });
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

/** The lobby without the network: the rules pages seen before are still here. */
export function offlineView(main, rulesHref) {
  render(html`<section class="card-panel offline-view"><h1>${t("You are offline.")}</h1>
    <p>${t("The rules pages you have read are kept on this device.")}</p>
    <p><a class="button primary" href=${rulesHref}>${t("Rules")}</a></p></section>`, main);
}
