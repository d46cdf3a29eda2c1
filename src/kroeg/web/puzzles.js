// The puzzle page (/puzzels, /puzzels/dag, /puzzels/{id}; docs/puzzles.md): a position of
// a real Klaverjassen deal drawn as at the table (your hand, the trick so far, the other
// seats' card counts, the bids and the tricks played), "welke kaart?", then the answer
// with the solver's values of every card and why, your puzzle rating and streak, and
// "toon me de partij" when the game's records are public.

import { api } from "./api.js";
import { cardBackSvg, cardName, cardShort, cardSvg, suitSymbol } from "./cards.js";
import { h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";
import { sortHand } from "./games/klaverjassen.js";
import { toepenAnswerRows, toepenBoard, toepenHeading, toepenHistory, toepenWhy } from "./puzzles_toepen.js";

const PLACES = ["bottom", "left", "top", "right"]; // around the table, from your own seat on

export class PuzzleView {
  constructor(root, app, which) {
    this.root = root;
    this.app = app;
    this.which = which; // "next", "dag" or a puzzle id
    this.puzzle = null;
    this.answer = null;
    this.me = null;
    this.error = null;
    this.busy = false;
    this.load();
  }

  destroy() {}

  async load() {
    this.answer = null;
    this.error = null;
    const path = this.which === "next" ? "/puzzles/next" : this.which === "dag" ? "/puzzles/daily" : `/puzzles/${encodeURIComponent(this.which)}`;
    try {
      this.puzzle = await api("GET", path);
    } catch (err) {
      this.puzzle = null;
      this.error = errorText(err.code, err.message);
    }
    await this.loadMe();
    this.render();
  }

  async loadMe() {
    try {
      this.me = await api("GET", "/puzzles/history");
    } catch {
      this.me = null; // not signed in: the puzzle still shows, answering asks for a name
    }
  }

  async choose(card) {
    if (this.busy || this.answer || !this.puzzle) return;
    this.busy = true;
    const body = this.puzzle.game === "toepen" ? { choice: card } : { card };
    try {
      this.answer = await api("POST", `/puzzles/${this.puzzle.id}/answer`, body);
      this.error = null;
      await this.loadMe();
    } catch (err) {
      this.error = errorText(err.code, err.message);
    }
    this.busy = false;
    this.render();
  }

  next() {
    this.which = "next";
    if (location.pathname !== "/puzzels") history.pushState(null, "", "/puzzels");
    this.load();
  }

  daily() {
    this.which = "dag";
    if (location.pathname !== "/puzzels/dag") history.pushState(null, "", "/puzzels/dag");
    this.load();
  }

  render() {
    const p = this.puzzle;
    replace(
      this.root,
      h(
        "div",
        { class: "puzzles", id: "puzzle-page" },
        this.bar(),
        this.error ? h("p", { role: "alert", class: "puzzle-error", id: "puzzle-error" }, this.error) : null,
        p ? (p.game === "toepen" ? toepenBoard(p, this.answer, (choice) => this.choose(choice)) : this.board(p)) : null,
        p && this.answer ? this.answerPanel(p, this.answer) : null,
        p ? (p.game === "toepen" ? toepenHistory(p) : this.history(p)) : null,
      ),
    );
  }

  bar() {
    const me = this.me;
    return h(
      "header",
      { class: "puzzle-bar" },
      h("h1", {}, t("puzzle.title")),
      me ? h("span", { class: "puzzle-stat", id: "puzzle-rating" }, t("puzzle.rating", { rating: me.rating })) : null,
      me ? h("span", { class: "puzzle-stat", id: "puzzle-streak" }, t("puzzle.streak", { n: me.streak, best: me.best_streak })) : null,
      h("span", { class: "spacer" }),
      h("button", { class: "btn small", id: "puzzle-daily", onclick: () => this.daily() }, t("puzzle.daily")),
      h("button", { class: "btn small primary", id: "puzzle-next", onclick: () => this.next() }, t("puzzle.next")),
    );
  }

  /** The seat's name: "jij", "partner", or the opponent left or right of you. */
  who(seat) {
    const me = this.puzzle.seat;
    const place = PLACES[(seat - me + 4) % 4];
    return t(`puzzle.seat.${place}`);
  }

  board(p) {
    const v = p.view;
    const me = p.seat;
    const trick = new Map((v.trick || []).map((play) => [play.seat, play.card]));
    const seats = [1, 2, 3].map((offset) => {
      const seat = (me + offset) % 4;
      const count = v.hand_counts[seat];
      return h(
        "div",
        { class: `puzzle-seat puzzle-${PLACES[offset]}`, "data-seat": seat },
        h("span", { class: "puzzle-name" }, this.who(seat), seat === v.declarer ? ` · ${t("puzzle.plays", { suit: suitSymbol(v.trump) })}` : ""),
        h("span", { class: "puzzle-backs", role: "img", "aria-label": t("puzzle.cards_left", { n: count }) }, Array.from({ length: count }, () => h("span", { class: "card back-card" }, cardBackSvg()))),
      );
    });
    const played = [0, 1, 2, 3].map((offset) => {
      const seat = (me + offset) % 4;
      const card = trick.get(seat);
      return card ? h("span", { class: `card puzzle-played puzzle-played-${PLACES[offset]}`, role: "img", "aria-label": cardName(card) }, cardSvg(card)) : null;
    });
    const legal = new Set(p.cards);
    const best = this.answer?.best;
    const hand = sortHand(v.hand || [], v.trump).map((card) => {
      const classes = ["card", legal.has(card) ? "legal" : "dim"];
      if (best === card) classes.push("puzzle-best");
      if (this.answer?.card === card && !this.answer.correct) classes.push("puzzle-wrong");
      return h(
        "button",
        { class: classes.join(" "), "data-card": card, "aria-label": cardName(card), disabled: !legal.has(card) || Boolean(this.answer), onclick: () => this.choose(card) },
        cardSvg(card),
      );
    });
    return h(
      "section",
      { class: "puzzle-board", "aria-label": t("puzzle.board") },
      h(
        "div",
        { class: "puzzle-felt" },
        seats,
        h(
          "div",
          { class: "puzzle-centre" },
          h("div", { class: "stake" }, t("kj.contract_short", { name: this.who(v.declarer), suit: suitSymbol(v.trump) })),
          h("div", { class: "puzzle-trick" }, played),
        ),
      ),
      h("p", { class: "puzzle-question", id: "puzzle-question" }, this.answer ? "" : t("puzzle.question"), " ", h("span", { class: "puzzle-meta" }, t("puzzle.meta", { trick: p.trick, rating: p.rating }))),
      h("div", { class: "hand puzzle-hand", id: "puzzle-hand" }, hand),
    );
  }

  answerPanel(p, a) {
    const toepen = p.game === "toepen";
    const rows = toepen ? toepenAnswerRows(a) : Object.keys(a.best_share).map((card) =>
      h(
        "tr",
        { class: card === a.best ? "puzzle-best-row" : "" },
        h("th", { scope: "row" }, cardShort(card)),
        h("td", {}, t("puzzle.share", { pct: Math.round(a.best_share[card] * 100) })),
        h("td", {}, String(a.mean_values[card])),
      ),
    );
    const why = toepen ? "" : t("puzzle.why", { card: cardName(a.best), pct: Math.round(a.best_share[a.best] * 100), worlds: a.worlds, margin: a.margin });
    const inGame = toepen ? "" : a.chosen === a.best ? t("puzzle.game_found") : t("puzzle.game_missed", { card: cardName(a.chosen) });
    return h(
      "section",
      { class: "card-panel puzzle-answer", id: "puzzle-answer", role: "status" },
      h("h2", { class: a.correct ? "puzzle-right" : "puzzle-miss" }, toepen ? toepenHeading(a) : a.correct ? t("puzzle.right") : t("puzzle.wrong", { card: cardName(a.best) })),
      toepen ? h("p", {}, toepenWhy(a)) : h("p", {}, why, " ", inGame),
      h(
        "table",
        { class: "score-table puzzle-values", "aria-label": t("puzzle.values") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(toepen ? "puzzle.toepen.choice" : "puzzle.card")), h("th", { scope: "col" }, t("puzzle.best_in")), h("th", { scope: "col" }, t(toepen ? "puzzle.toepen.mean" : "puzzle.mean")))),
        h("tbody", {}, rows),
      ),
      h("p", {}, t("puzzle.rating_change", { before: a.rating_before, after: a.rating }), " ", t("puzzle.streak", { n: a.streak, best: a.best_streak })),
      h(
        "div",
        { class: "puzzle-actions" },
        h("button", { class: "btn primary", id: "puzzle-again", onclick: () => this.next() }, t("puzzle.next")),
        a.replay ? h("a", { class: "btn", id: "puzzle-replay", role: "button", href: a.replay, onclick: this.app.link(a.replay) }, t("puzzle.show_game")) : null,
      ),
    );
  }

  /** The bids and the tricks played so far, each from its leader on. */
  history(p) {
    const v = p.view;
    const bids = (v.bids || []).map((b) => `${this.who(b.seat)}: ${b.bid === "pass" ? t("puzzle.pass") : suitSymbol(b.bid)}`).join(", ");
    const tricks = (v.tricks || []).map((tr, i) =>
      h("li", {}, t("puzzle.trick_line", { n: i + 1, who: this.who(tr.leader), cards: tr.cards.map(cardShort).join(" "), winner: this.who(tr.winner) })),
    );
    return h(
      "section",
      { class: "card-panel puzzle-history", "aria-label": t("puzzle.so_far") },
      h("h2", {}, t("puzzle.so_far")),
      h("p", {}, t("puzzle.bids", { bids })),
      tricks.length ? h("ol", { class: "puzzle-tricks" }, tricks) : null,
    );
  }
}
