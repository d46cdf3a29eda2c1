// Pieces of the felt that several games share: face-up cards, backs, the trick.

import { cardBackSvg, cardName, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A face-up card that is not a control (the trick, melds, the pile). */
export function cardFace(code, extra = {}) {
  return h("div", { class: "card", role: "img", "aria-label": cardName(code), dataset: { card: code }, ...extra }, cardSvg(code));
}

export function cardBack(label = t("card.back")) {
  return h("div", { class: "card", role: "img", "aria-label": label }, cardBackSvg());
}

/**
 * The cards of the current trick, each between its player's seat and the middle.
 * `plays` is a list of {seat, card}; `winner` a seat to highlight (or null). A play with
 * `card: null` lies face down (`label` names it).
 */
export function trickCards(ctx, plays, winner = null) {
  // A won trick in the middle of a deal is collected by its winner after a moment; the
  // deal's last trick stays for the deal's end (ctx.collect false).
  const collect = winner !== null && ctx.collect;
  const to = collect ? ctx.seatPosition(winner) : null;
  return plays.map(({ seat, card, label }) => {
    // Flatter than the seats' oval: the top and bottom cards keep clear of those plates.
    const pos = ctx.seatPosition(seat, 0.45, 0.36);
    const away = to ? { "--to-x": `${(to.x - pos.x) * 4}%`, "--to-y": `${(to.y - pos.y) * 4}%` } : {};
    return h(
      "div",
      { class: `played${seat === winner ? " winner" : ""}${collect ? " collect" : ""}${card && card === ctx.freshCard ? " fresh" : ""}${card ? "" : " face-down"}`, style: { left: `${pos.x}%`, top: `${pos.y}%`, "--from-x": `${(ctx.seatPosition(seat).x - pos.x) * 4}%`, "--from-y": `${(ctx.seatPosition(seat).y - pos.y) * 4}%`, ...away }, dataset: { seat: String(seat) } },
      card ? cardFace(card, { "aria-label": t("table.played_by", { card: cardName(card), name: ctx.name(seat) }) }) : cardBack(label),
    );
  });
}
