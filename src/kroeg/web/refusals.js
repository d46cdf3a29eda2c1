// A refused action in the player's language: the rules' code and arguments of an
// `error` frame (docs/protocol.md: `rule`, `args`) filled into the catalog's
// "rule.<code>" text. An argument is formatted by its name (kroeg.games.base.Param):
// `...suit` a suit's name, `...card` a card's name, `...cards` a list of names,
// `seat`/`..._seat`/`dealer` the player's name, `option` the option's name as the
// table form shows it; anything else as it is.

import { cardName } from "./cards.js";
import { has, t } from "./i18n.js";

function formatArg(name, value, ctx) {
  if (name.endsWith("cards") && Array.isArray(value)) return value.map((c) => cardName(c)).join(", ");
  if (name.endsWith("card") && typeof value === "string") return cardName(value);
  if (name.endsWith("suit") && typeof value === "string") return t(`suit.${value}`);
  if ((name === "seat" || name.endsWith("_seat") || name === "dealer") && typeof value === "number") return ctx.name ? ctx.name(value) : String(value);
  if (name === "option" && typeof value === "string" && ctx.game && has(`optname.${ctx.game}.${value}`)) return t(`optname.${ctx.game}.${value}`);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * The sentence for a refusal, or null when its code has no text (the caller falls back
 * to the protocol code's text: "Dat mag nu niet."). `ctx` gives `name(seat)` and `game`.
 */
export function refusalText(rule, args, ctx = {}) {
  if (typeof rule !== "string" || !has(`rule.${rule}`)) return null;
  const params = {};
  for (const [name, value] of Object.entries(args || {})) params[name] = formatArg(name, value, ctx);
  return t(`rule.${rule}`, params);
}
