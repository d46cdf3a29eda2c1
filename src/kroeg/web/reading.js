// The reading commands (Shift + a letter, docs/accessibility.md): the state of the table
// as one sentence, for a player who does not see the felt. Like Lichess's blind mode,
// the player asks; nothing here is said unasked. The games add their own parts
// (`readScores`, `readBids`, `readMelds`, `readTrick` in games/<game>.js).

import { cardName } from "./cards.js";
import { t } from "./i18n.js";

/** "jij" for your own seat, else the seat's name. */
export function who(ctx, seat) {
  return seat === ctx.you ? t("table.read.you") : ctx.name(seat);
}

/** A card of your hand as a screen reader names it: "harten tien, speelbaar". */
export function handCardName(code, usable, selected = false) {
  const state = usable ? t("table.card_playable") : t("table.card_not_now");
  return `${cardName(code)}, ${state}${selected ? `, ${t("table.card_selected")}` : ""}`;
}

function readHand(ctx, extra) {
  if (ctx.you === null) return t("table.spectating");
  const hand = extra.hand;
  if (!hand?.length) return t("table.read.no_hand");
  const cards = hand.map((code) => cardName(code) + (extra.usable.has(code) ? ` (${t("table.card_playable")})` : ""));
  return t("table.read.hand", { n: hand.length, cards: cards.join(", ") });
}

function plays(ctx) {
  return Array.isArray(ctx.view.trick) ? ctx.view.trick : [];
}

function readTrick(ctx, game) {
  if (game.readTrick) return game.readTrick(ctx);
  const now = plays(ctx);
  if (now.length) return t("table.read.trick", { cards: now.map((p) => t("table.read.play", { name: who(ctx, p.seat), card: cardName(p.card) })).join(", ") });
  const last = ctx.previousTrick;
  if (last?.plays?.length) return `${t("table.read.trick_empty")} ${t("table.read.last_trick", { name: who(ctx, last.winner), cards: last.plays.map((p) => t("table.read.play", { name: who(ctx, p.seat), card: cardName(p.card) })).join(", ") })}`;
  return t("table.read.trick_empty");
}

function turnText(ctx) {
  const waiting = ctx.view.to_act || [];
  if (!waiting.length) return t("table.read.nobody_to_act");
  return t("table.read.to_act", { names: waiting.map((s) => who(ctx, s)).join(", ") });
}

function readPlayed(ctx) {
  const now = plays(ctx);
  const played = now.length ? t("table.read.played", { names: now.map((p) => who(ctx, p.seat)).join(", ") }) : t("table.read.played_none");
  return `${played} ${turnText(ctx)}`;
}

function readClock(ctx, clocks) {
  const now = Date.now();
  const running = [...clocks.entries()].filter(([, deadline]) => deadline);
  if (!running.length) return t("table.read.no_clock");
  return running.map(([seat, deadline]) => t("table.read.clock", { name: who(ctx, seat), n: Math.max(0, Math.ceil((deadline - now) / 1000)) })).join(" ");
}

/**
 * The sentence for a reading command. `extra`: {hand, usable, clocks, last} from the
 * table (the hand as shown, its usable cards, the seats' deadlines, the last sentence).
 */
export function readState(kind, ctx, game, extra) {
  if (!ctx.view?.phase && kind !== "repeat" && kind !== "clock") return t("table.no_game");
  switch (kind) {
    case "hand":
      return readHand(ctx, extra);
    case "trick":
      return readTrick(ctx, game);
    case "played":
      return readPlayed(ctx);
    case "scores":
      return game.readScores?.(ctx) ?? t("table.read.no_scores");
    case "bids":
      return game.readBids?.(ctx) ?? t("table.read.no_bids");
    case "melds":
      return game.readMelds?.(ctx) ?? t("table.read.no_melds");
    case "clock":
      return readClock(ctx, extra.clocks);
    case "repeat":
      return extra.last || t("table.read.nothing_yet");
    default:
      return null;
  }
}
