// Small helpers the three game modules share.

import { suitSymbol } from "../cards.js";
import { t } from "../i18n.js";

/** The text prompt for whose decision the game waits. */
export function turnPrompt(ctx, mineKey = "prompt.your_turn") {
  const waiting = ctx.view.to_act || [];
  if (!waiting.length) return null;
  if (ctx.you !== null && waiting.includes(ctx.you)) return t(mineKey);
  if (waiting.length === 1) return t("prompt.waiting_for", { name: ctx.name(waiting[0]) });
  return t("prompt.waiting_for_many", { names: waiting.map((s) => ctx.name(s)).join(", ") });
}

/** "♣ klaveren" for the eye; "klaveren" alone where it is spoken (`ctx.spoken`). */
export function suitText(suit, ctx = null) {
  if (ctx?.spoken) return t(`suit.${suit}`);
  return `${suitSymbol(suit)} ${t(`suit.${suit}`)}`;
}
