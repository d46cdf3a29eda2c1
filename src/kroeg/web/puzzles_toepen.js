// A Toepen knock puzzle on the puzzle page (puzzles.js; docs/puzzles.md, "Toepen"): the
// seat's view only (your cards, the other seats' card counts, the trick so far, the
// stake and the knock, everyone's penalty points), "toepen of niet?" or "mee of
// passen?", then the answer with each choice's share of the sampled worlds and its mean
// penalty points there.

import { cardBackSvg, cardName, cardShort, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The seat's name: "jij", or "speler 3". */
export function toepenWho(p, seat) {
  return seat === p.seat ? t("puzzle.seat.bottom") : t("puzzle.toepen.seat", { n: seat + 1 });
}

function choiceLabel(choice) {
  return t(`puzzle.toepen.choice.${choice}`);
}

export function toepenBoard(p, answer, choose) {
  const v = p.view;
  const n = v.seats;
  const trick = new Map((v.trick || []).map((play) => [play.seat, play.card]));
  const others = Array.from({ length: n - 1 }, (_, i) => (p.seat + 1 + i) % n);
  const seats = others.map((seat) => {
    const count = v.hand_counts[seat];
    const out = !v.active.includes(seat);
    const card = trick.get(seat);
    return h(
      "div",
      { class: `puzzle-seat toepen-puzzle-seat${out ? " out" : ""}`, "data-seat": seat },
      h("span", { class: "puzzle-name" }, toepenWho(p, seat), ` · ${t("puzzle.toepen.points", { n: v.points[seat] })}`),
      h("span", { class: "puzzle-backs", role: "img", "aria-label": t("puzzle.cards_left", { n: count }) }, Array.from({ length: count }, () => h("span", { class: "card back-card" }, cardBackSvg()))),
      card ? h("span", { class: "card puzzle-played", role: "img", "aria-label": cardName(card) }, cardSvg(card)) : null,
    );
  });
  const mine = trick.get(p.seat);
  const knock = v.knock ? t("puzzle.toepen.knocked", { who: toepenWho(p, v.knock.knocker) }) : "";
  const hand = (v.hand || []).map((card) => h("span", { class: "card legal", "data-card": card, role: "img", "aria-label": cardName(card) }, cardSvg(card)));
  const answering = p.cards.includes("stay");
  const buttons = p.cards.map((choice) => {
    const classes = ["btn", "puzzle-choice"];
    if (answer?.best === choice) classes.push("puzzle-best");
    if (answer?.card === choice && !answer.correct) classes.push("puzzle-wrong");
    return h("button", { class: classes.join(" "), "data-choice": choice, disabled: Boolean(answer), onclick: () => choose(choice) }, choiceLabel(choice));
  });
  return h(
    "section",
    { class: "puzzle-board", "aria-label": t("puzzle.board") },
    h(
      "div",
      { class: "puzzle-felt toepen-puzzle-felt" },
      h("div", { class: "toepen-puzzle-others" }, seats),
      h(
        "div",
        { class: "puzzle-centre" },
        h("div", { class: "stake", id: "puzzle-stake" }, t("puzzle.toepen.stake", { stake: v.stake }), knock ? ` · ${knock}` : ""),
        mine ? h("span", { class: "card puzzle-played", role: "img", "aria-label": cardName(mine) }, cardSvg(mine)) : null,
      ),
    ),
    h(
      "p",
      { class: "puzzle-question", id: "puzzle-question" },
      answer ? "" : t(answering ? "puzzle.toepen.question_answer" : "puzzle.toepen.question_knock"),
      " ",
      h("span", { class: "puzzle-meta" }, t("puzzle.toepen.meta", { trick: p.trick, points: v.points[p.seat], rating: p.rating })),
    ),
    h("div", { class: "toepen-puzzle-row" }, h("div", { class: "hand puzzle-hand", id: "puzzle-hand", role: "group", "aria-label": t("table.hand"), tabindex: "0" }, hand), h("div", { class: "puzzle-choices", id: "puzzle-choices" }, buttons)),
  );
}

export function toepenAnswerRows(a) {
  return Object.keys(a.best_share).map((choice) =>
    h(
      "tr",
      { class: choice === a.best ? "puzzle-best-row" : "" },
      h("th", { scope: "row" }, choiceLabel(choice)),
      h("td", {}, t("puzzle.share", { pct: Math.round(a.best_share[choice] * 100) })),
      h("td", {}, String(a.mean_values[choice])),
    ),
  );
}

export function toepenWhy(a) {
  const best = choiceLabel(a.best);
  const why = t("puzzle.toepen.why", { choice: best, pct: Math.round(a.best_share[a.best] * 100), worlds: a.worlds, margin: a.margin });
  const inGame = a.chosen === a.best ? t("puzzle.toepen.game_found") : t("puzzle.toepen.game_missed", { choice: choiceLabel(a.chosen) });
  return [why, " ", inGame];
}

export function toepenHeading(a) {
  return a.correct ? t("puzzle.toepen.right") : t("puzzle.toepen.wrong", { choice: choiceLabel(a.best) });
}

/** The tricks played so far in this deal, each from its leader on. */
export function toepenHistory(p) {
  const v = p.view;
  const tricks = (v.tricks || []).map((tr, i) => h("li", {}, t("puzzle.toepen.trick_line", { n: i + 1, cards: tr.map((play) => `${toepenWho(p, play.seat)} ${cardShort(play.card)}`).join(", ") })));
  return h(
    "section",
    { class: "card-panel puzzle-history", "aria-label": t("puzzle.so_far") },
    h("h2", {}, t("puzzle.so_far")),
    tricks.length ? h("ol", { class: "puzzle-tricks" }, tricks) : h("p", {}, t("puzzle.toepen.no_tricks")),
  );
}
