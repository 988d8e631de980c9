// The connection's state in the header: connected, connecting, offline (with "Retry now"), or
// no such table.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { t } from "./i18n.js";

const WORDS = {
  online: "Connected",
  connecting: "Connecting…",
  offline: "Offline: retrying",
  missing: "No such table",
};

export function showLinkStatus(el, status, retry) {
  el.className = `status ${status}`;
  const button = status === "offline"
    ? html` <button id="retry-now" class="small" @click=${retry}>${t("Retry now")}</button>`
    : nothing;
  render(html`<span class="status-words">${t(WORDS[status])}</span>${button}`, el);
}
