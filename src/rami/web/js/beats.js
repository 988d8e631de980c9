// The page tells the server whether it is visible (POST /api/push/visibility), so that "your
// turn" is pushed to the account's devices only while no page of it is in view: a beat when it
// comes into view, every BEAT_MS while it stays there, and "hidden" when it goes.

import { currentAccount, request } from "./session.js";

/** Below the server's ``visible_for`` (45 s by default): a page in view never lapses. */
export const BEAT_MS = 20_000;

const page = `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
let timer = null;
let started = false;

async function beat(visible) {
  if (!(await currentAccount())) return;
  try {
    await request("POST", "/api/push/visibility", { page, visible }, { keepalive: !visible });
  } catch {
    // offline: the server hears from this page again at the next beat
  }
}

function follow() {
  const visible = document.visibilityState === "visible";
  clearInterval(timer);
  timer = visible ? setInterval(() => beat(true), BEAT_MS) : null;
  beat(visible);
}

/** Start the beats of this page (once; a guest's page sends none). */
export function startBeats() {
  if (started) return;
  started = true;
  document.addEventListener("visibilitychange", follow);
  window.addEventListener("pagehide", () => {
    clearInterval(timer);
    beat(false);
  });
  follow();
}
