// The lobby's "My games": the logged-in account's unfinished tables (GET /api/my/games), those
// where it is the player's turn first, each with its players, its timer and the time left.
// Loaded again when the page comes back into view; a guest, or nobody's games: nothing shown.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { durationWords, timerWords } from "./daysform.js";
import { t } from "./i18n.js";
import { currentAccount } from "./session.js";

function whoseTurn(game) {
  if (game.your_turn) return html`<strong class="your-turn">${t("Your turn")}</strong>`;
  if (game.current === null) return t("Waiting to start");
  return t("{name} to play", { name: game.players[game.current] || "?" });
}

function gameView(game, now) {
  const left = game.deadline === null ? null : game.deadline - now;
  const facts = [game.turn_timer ? timerWords(game.turn_timer) : t("no turn timer")];
  if (left !== null) facts.push(t("{time} left", { time: durationWords(left) }));
  if (game.forfeit_after) facts.push(t("{count} of {limit} timeouts", { count: game.timeouts, limit: game.forfeit_after }));
  return html`<li class=${game.your_turn ? "mine" : ""} data-table=${game.table}>
    <a href=${`/t/${game.table}`}>${game.players.join(" · ")}</a> — ${whoseTurn(game)}
    <small>${facts.join(" · ")}</small></li>`;
}

function listView(games) {
  if (!games.length) return nothing;
  const now = Date.now() / 1000;
  return html`<section class="card-panel my-games" aria-labelledby="my-games-title">
    <h2 id="my-games-title">${t("My games")}</h2>
    <ol id="my-games-list">${games.map((g) => gameView(g, now))}</ol></section>`;
}

async function load(box) {
  if (!box.isConnected || !(await currentAccount())) return;
  let games = [];
  try {
    const response = await fetch("/api/my/games", { credentials: "same-origin" });
    if (response.ok) games = (await response.json()).games;
  } catch {
    return; // offline: the list as it was
  }
  render(listView(games), box);
  box.dataset.loaded = String(games.length);
}

/** Put "My games" at the top of the lobby's ``root``. */
export function showMyGames(root) {
  const box = document.createElement("div");
  box.id = "my-games";
  root.prepend(box);
  load(box);
  const again = () => {
    if (!box.isConnected) document.removeEventListener("visibilitychange", again);
    else if (document.visibilityState === "visible") load(box);
  };
  document.addEventListener("visibilitychange", again);
}
