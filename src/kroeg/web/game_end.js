// The end of a game: its result dialog with one "Nog een potje", and for a rated game
// (issue 32, build 6) each player's rating change ("+8,2") and
// how far you are from the leaderboard's rule (docs/ratings.md: 20 rated games against 5
// established opponents). The game is rated just after its end (the store's on_finish),
// so the changes are asked for a few times until they are there.

import { api } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

/** Tries and the wait before each (ms): the rating is written a moment after the end. */
const RETRIES = [500, 1000, 2000, 4000];

function signed(value) {
  return value.toLocaleString(lang() === "nl" ? "nl-NL" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
}

export class GameEndRatings {
  /** `redraw` is called once the changes arrive. */
  constructor(redraw) {
    this.redraw = redraw;
    this.gameId = null;
    this.changes = null; // {seat: {before, after}}
  }

  /** Ask for the changes of a finished rated game, once per game. */
  follow(gameId, rated) {
    if (!rated || !gameId || gameId === this.gameId) return;
    this.gameId = gameId;
    this.changes = null;
    this.load(gameId, 0);
  }

  async load(gameId, attempt) {
    try {
      const found = await api("GET", `/games/${gameId}/ratings`);
      if (gameId !== this.gameId) return;
      if (Object.keys(found.changes).length) {
        this.changes = found.changes;
        this.redraw();
        return;
      }
    } catch {
      /* not rated (yet): try again below */
    }
    if (attempt < RETRIES.length) setTimeout(() => this.load(gameId, attempt + 1), RETRIES[attempt]);
  }

  /** The rating lines of the result: per seat its change, and your way to the leaderboard
   *  (`badge` your rating here with its counts, `rule` the leaderboard's). */
  render(ctx, badge, rule) {
    if (!this.changes) return null;
    const rows = ctx.seats
      .map((seat, i) => [seat, this.changes[String(i)], i])
      .filter(([, change]) => change)
      .map(([seat, change, i]) => {
        const delta = change.after - change.before;
        return h("li", { class: i === ctx.you ? "me" : "", dataset: { seat: String(i) } }, h("span", { class: "who" }, seat.name), " ", h("span", { class: `change ${delta >= 0 ? "up" : "down"}` }, signed(delta)));
      });
    return h(
      "div",
      { class: "rating-changes" },
      h("h3", {}, t("end.rating_title")),
      h("ul", {}, rows),
      this.progress(ctx, badge, rule),
    );
  }

  progress(ctx, badge, rule) {
    if (ctx.you === null) return null;
    if (!ctx.seats[ctx.you]?.account) return h("p", { class: "prompt progress" }, t("end.board_guest"));
    if (!badge || !rule) return null;
    if (badge.games >= rule.games && badge.established >= rule.established) return h("p", { class: "prompt progress" }, t("end.board_on"));
    return h("p", { class: "prompt progress" }, t("end.board_progress", { games: Math.min(badge.games, rule.games), need: rule.games, established: Math.min(badge.established, rule.established), people: rule.established }));
  }
}

/**
 * The result of the game over the felt: who won, your outcome, the game's extra lines, the
 * rating changes, and "Nog een potje" (once: the decisions bar leaves it out meanwhile),
 * the replay and close. `how`: {game (its module), outcome, ratings (an element or null),
 * again(), replay ({href, onclick} or null), close()}.
 */
/** ``how.next``: a link in the place of "nog een keer" ({id, href, onclick, text}; a set
 *  against the house leads to its result, its table's next game is no part of it). */
export function resultDialog(ctx, how) {
  const result = ctx.view.result;
  return h(
    "div",
    { class: "result", role: "dialog", "aria-label": t("result.title") },
    h("h2", {}, t("result.title")),
    h("p", {}, how.game.resultText(ctx, result)),
    how.outcome ? h("p", { class: "outcome" }, t(`result.outcome.${how.outcome}`)) : null,
    how.game.resultExtra?.(ctx, result),
    how.ratings,
    h(
      "div",
      { class: "buttons" },
      ctx.you !== null && how.again ? h("button", { class: "btn primary", onclick: how.again }, t("table.again")) : null,
      how.next ? h("a", { class: "btn primary", role: "button", id: how.next.id, href: how.next.href, onclick: how.next.onclick, style: { display: "inline-flex", "align-items": "center", "text-decoration": "none" } }, how.next.text) : null,
      how.replay ? h("a", { class: "btn", role: "button", href: how.replay.href, onclick: how.replay.onclick, style: { display: "inline-flex", "align-items": "center", "text-decoration": "none" } }, t("result.replay")) : null,
      h("button", { class: "btn", onclick: how.close }, t("result.close")),
    ),
  );
}
