// Toepen at the table (docs/games/toepen.md): the stake, the trick, Toep!/Mee/Pas,
// Kijken, Ruilen/Houden, Vuile was and Controleren, and "Mieke" keeping the score.

import { cardShort } from "../cards.js";
import { h } from "../dom.js";
import { has, t } from "../i18n.js";
import { cardFace, trickCards } from "../parts.js";
import { turnPrompt } from "./common.js";
import { who } from "../reading.js";

/** Cosmetic events of the seeds (seed 000) and the text they show over the felt. */
const TABLE_LIFE = {
  applause: "toepen.effect.applause",
  reveal: "toepen.effect.reveal",
  whistle: "toepen.effect.whistle",
  tienentrekker: "toepen.effect.tienentrekker",
  heeft_men_meer: "toepen.effect.heeft_men_meer",
  boerenfiske: "toepen.effect.boerenfiske",
  stand_up: "toepen.effect.stand_up",
};

function isFolded(view, seat) {
  if (Array.isArray(view.folded)) return view.folded.includes(seat);
  if (Array.isArray(view.active)) return !view.active.includes(seat);
  return false;
}

/**
 * Seed 000: "Passen geschiedt middels het gesloten opleggen van de resterende kaarten in
 * de hand op de door de speler laatst-opgelegde kaart." So while the deal runs, a folded
 * player's place on the trick holds one face-down card (the view's `folded`; the engine
 * takes a folder's card out of the trick, so no face is ever shown there).
 */
function withFolds(ctx, plays) {
  const v = ctx.view;
  if (v.phase !== "play" && v.phase !== "answer") return plays;
  const folded = new Set(v.folded || []);
  const down = [...folded].map((seat) => ({ seat, card: null, label: t("toepen.folded_cards", { name: ctx.name(seat) }) }));
  return [...plays.filter((p) => !folded.has(p.seat)), ...down];
}

/** Klassiek's vuile was: hands turned up by a challenge, and a caught bluffer's open hand. */
function laundryParts(ctx) {
  const v = ctx.view;
  const parts = [];
  for (const wash of v.laundry || []) {
    if (wash.honest === null || wash.honest === undefined || !wash.cards) continue;
    const key = wash.honest ? "toepen.laundry_honest" : "toepen.laundry_bluff";
    parts.push(h("div", { class: "set-aside", "aria-label": t(key, { name: ctx.name(wash.seat) }) }, h("span", { class: "table-note" }, t(key, { name: ctx.name(wash.seat) })), wash.cards.map((c) => cardFace(c))));
  }
  for (const [seat, cards] of Object.entries(v.open_hands || {})) {
    if (Number(seat) === ctx.you) continue;
    const label = t("toepen.open_hand", { name: ctx.name(Number(seat)) });
    parts.push(h("div", { class: "set-aside", "aria-label": label }, h("span", { class: "table-note" }, label), cards.map((c) => cardFace(c))));
  }
  return parts;
}

export default {
  cardMode: "play",
  cardVerb: "play", // a dimmed card clicked is sent as this, for the rules to say why not
  primaryVerbs: new Set(["knock", "stay", "look"]),

  center(ctx) {
    const v = ctx.view;
    const parts = [];
    if (v.phase && v.phase !== "over" && v.stake) parts.push(h("div", { class: "stake", id: "stake" }, t("toepen.stake", { n: v.stake })));
    const dead = v.dead_cards || [];
    if (dead.length) parts.push(h("div", { class: "set-aside", "aria-label": t("toepen.dead_cards") }, dead.map((c) => cardFace(c))));
    if (v.knock) parts.push(h("div", { class: "table-note" }, t("toepen.knock_note", { name: ctx.name(v.knock.knocker), n: v.knock.stake })));
    if (v.phase === "armoede") parts.push(h("div", { class: "table-note" }, t("toepen.armoede_round")));
    // The trick just won stays in view until the next card falls; the deal's last trick too,
    // while the table pauses after the deal (the view of the next deal has no last_trick).
    const plays = v.trick && v.trick.length ? v.trick : ctx.lastTrick?.plays || v.last_trick || [];
    const winner = v.trick && v.trick.length ? null : ctx.lastTrick?.winner ?? null;
    return [h("div", { class: "badges" }, parts), trickCards(ctx, withFolds(ctx, plays), winner)];
  },

  previousTrickAllowed() {
    return true;
  },

  /** The deal's end (docs/games/toepen.md, deal_end): who won, the stake, the new penalty points. */
  dealSummary(ctx, ev) {
    const max = ctx.view.max_points ?? ctx.view.options?.max_points ?? 10;
    return [
      h("p", { class: "summary-line" }, t("toepen.summary_winner", { name: ctx.name(ev.winner), n: ev.stake })),
      h(
        "table",
        { class: "score-table", "aria-label": t("toepen.mieke") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("toepen.player")), h("th", { scope: "col" }, t("toepen.summary_this_deal")), h("th", { scope: "col" }, t("toepen.penalty")))),
        h("tbody", {}, (ev.points || []).map((p, seat) => h("tr", { class: seat === ev.winner ? "winner" : "" }, h("td", {}, ctx.name(seat)), h("td", {}, ev.penalties?.[seat] ? `+${ev.penalties[seat]}` : "0"), h("td", {}, `${p} / ${max}`)))),
      ),
    ];
  },

  seatFolded(ctx, seat) {
    return ctx.view.phase === "play" && isFolded(ctx.view, seat);
  },

  seatExtra(ctx, seat) {
    const v = ctx.view;
    const points = v.standings?.points?.[seat];
    const bits = [];
    if (typeof points === "number") bits.push(t("toepen.points", { n: points }));
    if (v.phase === "play" && isFolded(v, seat)) bits.push(t("toepen.folded"));
    if (v.last_knocker === seat) bits.push(t("toepen.knocked"));
    if (v.armoede?.seats?.includes(seat)) bits.push(t("toepen.armoede"));
    if ((v.laundry || []).some((w) => w.seat === seat)) bits.push(t("toepen.washed"));
    return bits.join(" · ");
  },

  actionLabel(action, ctx) {
    const [verb, arg] = action;
    if (verb === "exchange") return t("toepen.exchange", { card: cardShort(arg) });
    if (verb === "challenge") return t("toepen.challenge", { name: ctx.name(arg) });
    if (verb === "revoke") return t("toepen.revoke", { name: ctx.name(arg) });
    if (has(`toepen.verb.${verb}`)) return t(`toepen.verb.${verb}`);
    return t(`verb.${verb}`);
  },

  prompt(ctx) {
    const v = ctx.view;
    const mine = ctx.you !== null && (v.to_act || []).includes(ctx.you);
    if (mine && ctx.legal.some((a) => a[0] === "stay")) return t("toepen.prompt_answer", { n: v.stake });
    if (mine && ctx.legal.some((a) => a[0] === "look")) return t("toepen.prompt_look");
    if (mine && ctx.legal.some((a) => a[0] === "exchange")) return t("toepen.prompt_exchange");
    return turnPrompt(ctx, "prompt.your_card");
  },

  score(ctx) {
    const v = ctx.view;
    const points = v.standings?.points || [];
    const max = v.max_points ?? v.options?.max_points ?? 10;
    return h(
      "div",
      {},
      h(
        "table",
        { class: "score-table", "aria-label": t("toepen.mieke") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("toepen.player")), h("th", { scope: "col" }, t("toepen.penalty")))),
        h("tbody", {}, points.map((p, seat) => h("tr", {}, h("td", {}, ctx.name(seat)), h("td", {}, `${p} / ${max}`)))),
      ),
      h("p", { class: "prompt" }, t("toepen.deals_played", { n: (v.deals || []).length })),
      laundryParts(ctx),
    );
  },

  eventText(ev, ctx) {
    switch (ev.kind) {
      case "trick":
        return t("toepen.log_trick", { name: ctx.name(ev.winner) });
      case "deal_end":
        return t("toepen.log_deal_end", { name: ctx.name(ev.winner), stake: ev.stake });
      case "deal":
        // Kroegregels' first dealer comes from "Het": an open card each, the highest deals (seed 000).
        if (ctx.view.het && ctx.view.deal_no === 1) {
          const draws = ctx.view.het[ctx.view.het.length - 1].map((d) => `${ctx.name(d.seat)} ${(ctx.cardText ?? cardShort)(d.card)}`).join(", ");
          return t("toepen.log_het", { draws, name: ctx.name(ev.dealer) });
        }
        return t("log.deal", { name: ctx.name(ev.dealer) });
      default:
        return TABLE_LIFE[ev.kind] ? t(TABLE_LIFE[ev.kind], { name: ctx.name(ev.seat) }) : null;
    }
  },

  effect(ev, ctx) {
    if (TABLE_LIFE[ev.kind]) return t(TABLE_LIFE[ev.kind], { name: ctx.name(ev.seat) });
    if (ev.kind === "knock") return t("toepen.effect.knock", { name: ctx.name(ev.seat) });
    if (ev.kind === "toep") return t("toepen.effect.four_tens", { name: ctx.name(ev.seat) });
    if (ev.kind === "perfect_game") return t("toepen.effect.perfect", { names: ev.seats.map((s) => ctx.name(s)).join(", ") });
    if (ev.kind === "shots" && ev.seats?.length) return t("toepen.effect.shots", { names: ev.seats.map((s) => ctx.name(s)).join(", ") });
    return null;
  },

  /** Shift+S: every player's penalty points. */
  readScores(ctx) {
    const v = ctx.view;
    const max = v.max_points ?? v.options?.max_points ?? 10;
    const points = v.standings?.points || [];
    return t("table.read.toepen_scores", { list: points.map((p, seat) => t("table.read.toepen_points", { name: who(ctx, seat), n: p, max })).join(", ") });
  },

  /** Shift+B: the stake, who knocked last, who folded. */
  readBids(ctx) {
    const v = ctx.view;
    const parts = [t("toepen.stake", { n: v.stake ?? 1 }) + "."];
    if (v.last_knocker !== null && v.last_knocker !== undefined) parts.push(t("table.read.toepen_knocker", { name: ctx.name(v.last_knocker) }));
    const folded = (v.folded || []).map((s) => who(ctx, s));
    if (folded.length) parts.push(t("table.read.toepen_folded", { names: folded.join(", ") }));
    return parts.join(" ");
  },

  resultText(ctx, result) {
    const losers = result.losers || [];
    const points = ctx.view.standings?.points || [];
    const perfect = points.map((p, seat) => (p === 0 ? ctx.name(seat) : null)).filter(Boolean);
    let text = t("toepen.result_losers", { names: losers.map((s) => ctx.name(s)).join(", ") });
    if (perfect.length) text += ` ${t("toepen.result_perfect", { names: perfect.join(", ") })}`;
    return text;
  },
};
