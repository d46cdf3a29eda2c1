// Pieces of the felt that several games share: face-up cards, backs, the trick.

import { cardBackSvg, cardName, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A face-up card that is not a control (the trick, melds, the pile). */
export function cardFace(code, extra = {}) {
  return h("div", { class: "card", role: "img", "aria-label": cardName(code), dataset: { card: code }, ...extra }, cardSvg(code));
}

export function cardBack() {
  return h("div", { class: "card", role: "img", "aria-label": t("card.back") }, cardBackSvg());
}

/**
 * The cards of the current trick, each between its player's seat and the middle.
 * `plays` is a list of {seat, card}; `winner` a seat to highlight (or null).
 */
export function trickCards(ctx, plays, winner = null) {
  return plays.map(({ seat, card }) => {
    // Flatter than the seats' oval: the top and bottom cards keep clear of those plates.
    const pos = ctx.seatPosition(seat, 0.45, 0.36);
    return h(
      "div",
      { class: `played${seat === winner ? " winner" : ""}${card === ctx.freshCard ? " fresh" : ""}`, style: { left: `${pos.x}%`, top: `${pos.y}%`, "--from-x": `${(ctx.seatPosition(seat).x - pos.x) * 4}%`, "--from-y": `${(ctx.seatPosition(seat).y - pos.y) * 4}%` }, dataset: { seat: String(seat) } },
      cardFace(card, { "aria-label": t("table.played_by", { card: cardName(card), name: ctx.name(seat) }) }),
    );
  });
}
