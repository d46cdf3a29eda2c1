// Klaverjassen at the table (docs/games/klaverjassen.md): bidding ("Ik speel ♣ / Ik pas"),
// the kraak calls of trump_mode kraken (Kraak! / Herkraak! / Superkraak! / Pas, the factor),
// the trick with trump, and the score sheet per deal with P/V/N.

import { cardShort, suitSymbol } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardFace, trickCards } from "../parts.js";
import { suitText, turnPrompt } from "./common.js";
import { who } from "../reading.js";

const MARK_LETTER = { nat: "N", pit: "P", verzaakt: "V" };

function teamOf(seat) {
  return seat % 2;
}

/** Your team first ("Wij"), or team 0 for a spectator. */
function ourTeam(ctx) {
  return ctx.you === null ? 0 : teamOf(ctx.you);
}

function teamName(ctx, team) {
  if (ctx.you === null) return t("kj.team", { names: [team, team + 2].map((s) => ctx.name(s)).join(" & ") });
  return team === ourTeam(ctx) ? t("kj.we") : t("kj.they");
}

/** The score sheet's two columns for one team in one deal: points and roem, and the P/V/N mark.
 *  Kraken: the points column holds the card points times the deal's factor (162 x factor for
 *  the team a nat scores for); roem, bonus and penalty stay in the roem column, never doubled. */
export function sheetCells(deal, team) {
  const score = deal.score[team];
  const factor = deal.factor || 1;
  if (!deal.mark) return { points: deal.points[team] * factor, roem: deal.roem[team], mark: "" };
  if (score === 0) return { points: 0, roem: 0, mark: MARK_LETTER[deal.mark] || "" };
  const points = deal.mark === "pit" ? deal.points[team] * factor : Math.min(score, 162 * factor);
  return { points, roem: score - points, mark: "" };
}

const CALL_VERBS = new Set(["kraak", "herkraak", "superkraak"]);

/** Strongest first: trump J 9 A 10 H V 8 7, the other suits A 10 H V B 9 8 7 (RULES.md §6). */
const TRUMP_ORDER = "J9ATKQ87";
const PLAIN_ORDER = "ATKQJ987";
/** After trump the suits alternate in colour, so neighbours are easy to tell apart. */
const SUIT_CYCLE = { c: "hsd", d: "chs", h: "sdc", s: "hcd" };

/** Your hand with trump first, then the other suits alternating red and black. */
export function sortHand(hand, trump) {
  const suits = trump ? trump + SUIT_CYCLE[trump] : "shdc";
  const key = (code) => {
    const suit = code.slice(-1);
    const order = suit === trump ? TRUMP_ORDER : PLAIN_ORDER;
    return suits.indexOf(suit) * 10 + order.indexOf(code[0]);
  };
  return [...hand].sort((a, b) => key(a) - key(b));
}

export default {
  /** The info line's name of the table's rules: the variant, and the trump mode when it is
   *  not the free one; kraken plays the Amsterdams rules whatever preset it started from. */
  variantLabel(info) {
    const mode = info.options?.trump_mode;
    const base = t(`variant.klaverjassen.${mode === "kraken" ? "amsterdams" : info.variant}`);
    return mode && mode !== "free" ? `${base} · ${mode.replaceAll("_", " ")}` : base;
  },
  cardMode: "play",
  cardVerb: "play", // a dimmed card clicked is sent as this, for the rules to say why not
  primaryVerbs: new Set(["bid", "roem", "kraak", "herkraak", "superkraak"]),

  sortHand(ctx, hand) {
    return sortHand(hand, ctx.view.trump);
  },

  center(ctx) {
    const v = ctx.view;
    const parts = [];
    if (v.trump) {
      parts.push(h("div", { class: "stake", "aria-label": t("kj.contract", { name: ctx.name(v.declarer), suit: t(`suit.${v.trump}`) }) }, t("kj.contract_short", { name: ctx.name(v.declarer), suit: suitSymbol(v.trump) })));
    } else if (v.phase === "bidding") {
      parts.push(h("div", { class: "stake" }, t("kj.bidding")));
      // trump_mode gedraaid: one suit on offer at a time, from the turned draaikaarten.
      if (v.proposed) parts.push(h("div", { class: "stake", "data-testid": "proposed" }, t("kj.proposed", { suit: suitSymbol(v.proposed) })));
    }
    // trump_mode kraken: how often the card points count, and who must take more than half.
    if (v.factor) parts.push(h("div", { class: "stake", "data-testid": "factor" }, t("kj.factor", { factor: v.factor })));
    if (v.must_make !== null && v.must_make !== undefined) parts.push(h("div", { class: "table-note", "data-testid": "must-make" }, t("kj.must_make", { team: teamName(ctx, v.must_make) })));
    if (v.roem_held) parts.push(h("div", { class: "table-note", "data-testid": "roem-in-hand" }, roemInHandText(ctx, v.roem_held, v.roem)));
    if (v.turned && v.turned.length) parts.push(h("div", { class: "table-note", "data-testid": "turned" }, t("kj.turned", { cards: v.turned.map(cardShort).join(" ") })));
    // A set against the house says its board and meester's score on the last one (house_set.js).
    const setNotes = ctx.houseSet?.notes(v.deal_no, v.phase === "over") ?? [];
    if (setNotes.length) parts.push(...setNotes);
    else if (v.phase !== "over" && v.deal_no) parts.push(h("div", { class: "table-note" }, t("kj.deal_no", { n: v.deal_no, of: gameLength(v) })));
    const plays = v.trick && v.trick.length ? v.trick : ctx.lastTrick?.plays || [];
    const winner = v.trick && v.trick.length ? null : ctx.lastTrick?.winner ?? null;
    return [h("div", { class: "badges" }, parts), trickCards(ctx, plays, winner)];
  },

  /** NKU: "een slag welke gedekt is, mag niet meer worden ingezien" (RULES.md §6): only with
   *  the option show_last_trick. The deal's last trick is shown at its end in any case. */
  previousTrickAllowed(ctx) {
    return Boolean(ctx.view.options?.show_last_trick);
  },

  /** The deal's end (deal_end): the contract made, nat or pit, points and roem per team, the sheet line. */
  dealSummary(ctx, ev) {
    const us = ourTeam(ctx);
    const teams = [us, 1 - us];
    const outcome = ev.mark ? t(`kj.summary.${ev.mark}`) : t("kj.summary.made");
    const line = { ...ev, factor: ev.factor ?? ctx.view.deals?.[ev.deal_no - 1]?.factor ?? 1 };
    const cells = teams.map((team) => sheetCells(line, team));
    return [
      h("p", { class: "summary-line" }, t("kj.summary.contract", { name: ctx.name(ev.declarer), suit: suitText(ev.trump), outcome })),
      h(
        "table",
        { class: "score-table", "aria-label": t("kj.sheet") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }), teams.map((team) => h("th", { scope: "col" }, teamName(ctx, team))))),
        h(
          "tbody",
          {},
          h("tr", {}, h("th", { scope: "row" }, t("kj.points")), teams.map((team) => h("td", {}, String(ev.points?.[team] ?? 0)))),
          h("tr", {}, h("th", { scope: "row" }, t("kj.roem_col")), teams.map((team) => h("td", {}, String(ev.roem?.[team] ?? 0)))),
          h("tr", {}, h("th", { scope: "row" }, t("kj.summary.sheet")), cells.map((c) => h("td", { class: c.mark ? "mark" : "" }, c.mark ? `0 ${c.mark}` : `${c.points} + ${c.roem}`))),
        ),
      ),
    ];
  },

  seatExtra(ctx, seat) {
    const v = ctx.view;
    if (v.phase === "bidding") {
      const bid = [...(v.bids || [])].reverse().find((b) => b.seat === seat);
      if (bid) return bid.bid === "pass" ? t("kj.passed") : t("kj.plays", { suit: suitSymbol(bid.bid) });
    }
    if (v.phase === "kraken") {
      const call = [...(v.calls || [])].reverse().find((c) => c.seat === seat);
      if (call) return t(`kj.called.${call.call}`);
    }
    if (v.declarer === seat) return t("kj.declarer", { suit: suitSymbol(v.trump) });
    if (v.phase === "play") return t("kj.tricks_team", { n: v.tricks_won?.[teamOf(seat)] ?? 0 });
    return null;
  },

  actionLabel(action, ctx) {
    const [verb, arg] = action;
    if (verb === "bid") return t("kj.bid", { suit: suitText(arg) });
    if (verb === "pass") return ctx.view.phase === "kraken" ? t("kj.no_call") : t("kj.pass");
    if (CALL_VERBS.has(verb)) return t(`kj.call.${verb}`, { factor: 2 * (ctx.view.factor || 1) });
    if (verb === "roem") return t("kj.roem");
    if (verb === "verzaakt") return t("kj.call_revoke", { name: ctx.name(arg) });
    return t(`verb.${verb}`);
  },

  prompt(ctx) {
    const v = ctx.view;
    if (v.phase === "bidding") return turnPrompt(ctx, "kj.prompt_bid");
    if (v.phase === "kraken") return turnPrompt(ctx, `kj.prompt_${v.next_call}`);
    if (v.phase === "play") return turnPrompt(ctx, "prompt.your_card");
    return null;
  },

  argText(verb, args, ctx) {
    if (verb === "bid") return suitText(args[0], ctx);
    return null;
  },

  score(ctx) {
    const v = ctx.view;
    const us = ourTeam(ctx);
    const teams = [us, 1 - us];
    const deals = v.deals || [];
    return h(
      "div",
      {},
      h(
        "table",
        { class: "score-table", "aria-label": t("kj.sheet") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), teams.map((team) => h("th", { scope: "col", colspan: 2 }, teamName(ctx, team))))),
        h(
          "tbody",
          {},
          h("tr", {}, h("td", {}), teams.map(() => [h("td", { class: "prompt" }, t("kj.points")), h("td", { class: "prompt" }, t("kj.roem_col"))])),
          deals.map((deal, i) =>
            h(
              "tr",
              {},
              h("td", {}, `${i + 1} ${suitSymbol(deal.trump) || ""}${deal.factor > 1 ? ` ×${deal.factor}` : ""}`),
              teams.map((team) => {
                const c = sheetCells(deal, team);
                // A team that scores nothing writes 0 and the mark: N (nat), P (pit), V (verzaakt).
                return [h("td", { class: c.mark ? "mark" : "" }, c.mark ? `0 ${c.mark}` : String(c.points)), h("td", {}, String(c.roem))];
              }),
            ),
          ),
          h("tr", {}, h("th", { scope: "row" }, t("kj.total")), teams.map((team) => h("th", { colspan: 2 }, String(v.standings?.totals?.[team] ?? 0)))),
        ),
      ),
      v.phase === "play" ? h("p", { class: "prompt" }, t("kj.roem_now", { we: v.roem?.[us] ?? 0, they: v.roem?.[1 - us] ?? 0 })) : null,
      // Only with the option show_last_trick: the last trick stays in sight after it is covered.
      v.last_trick ? h("div", { class: "set-aside", "aria-label": t("kj.last_trick", { name: ctx.name(v.last_trick.winner) }) }, h("span", { class: "prompt" }, t("kj.last_trick", { name: ctx.name(v.last_trick.winner) })), v.last_trick.cards.map((c) => cardFace(c))) : null,
    );
  },

  eventText(ev, ctx) {
    switch (ev.kind) {
      case "trick":
        return ev.roem && ev.roem_counted !== false ? t("kj.log_trick_roem", { name: ctx.name(ev.winner), roem: ev.roem }) : t("kj.log_trick", { name: ctx.name(ev.winner) });
      case "trump":
        return t("kj.log_trump", { name: ctx.name(ev.declarer), suit: suitText(ev.trump, ctx) });
      case "call": // the action itself is logged by the table ("Anna: kraak!"); this adds the factor
        return ev.call === "pass" ? null : t("kj.log_factor", { factor: ev.factor });
      case "roem_in_hand":
        return t("kj.log_roem_in_hand", { text: roemInHandText(ctx, ev.held, ev.roem), team: teamName(ctx, ev.must_make) });
      case "must_play":
        return t("kj.log_must_play", { name: ctx.name(ev.seat) });
      case "redeal":
        return t("kj.log_redeal");
      case "deal_end": {
        const us = ourTeam(ctx);
        return t("kj.log_deal_end", { n: ev.deal_no, we: ev.score?.[us], they: ev.score?.[1 - us] }) + (ev.mark ? ` (${t(`kj.mark.${ev.mark}`)})` : "");
      }
      case "deal":
        return t("log.deal", { name: ctx.name(ev.dealer) });
      default:
        return null;
    }
  },

  effect(ev, ctx) {
    if (ev.kind === "trick" && ev.roem >= 20 && ev.roem_counted !== false) return t("kj.effect_roem", { roem: ev.roem });
    if (ev.kind === "deal_end" && ev.mark) return t(`kj.effect.${ev.mark}`);
    if (ev.kind === "roem") return t("kj.effect_roem", { roem: ev.roem });
    if (ev.kind === "call" && CALL_VERBS.has(ev.call)) return t(`kj.effect_call.${ev.call}`, { factor: ev.factor });
    if (ev.kind === "trump") return t("kj.effect_trump", { name: ctx.name(ev.declarer), suit: suitText(ev.trump) });
    return null;
  },

  /** Shift+S: both teams' totals (yours first) and the roem of this deal. */
  readScores(ctx) {
    const v = ctx.view;
    const us = ourTeam(ctx);
    const totals = v.standings?.totals || [0, 0];
    const line = t("kj.final", { we: totals[us] ?? 0, they: totals[1 - us] ?? 0, wename: teamName(ctx, us), theyname: teamName(ctx, 1 - us) });
    return `${t("table.read.kj_totals")} ${line} ${this.readMelds(ctx)}`;
  },

  /** Shift+B: the bids (or kraak calls) so far and the contract. */
  readBids(ctx) {
    const v = ctx.view;
    const parts = [];
    const bids = (v.bids || []).map((b) => `${who(ctx, b.seat)}: ${b.bid === "pass" ? t("kj.passed") : t(`suit.${b.bid}`)}`);
    if (bids.length) parts.push(t("table.read.kj_bids", { bids: bids.join(", ") }));
    const calls = (v.calls || []).map((c) => `${who(ctx, c.seat)} ${t(`kj.called.${c.call}`)}`);
    if (calls.length) parts.push(t("table.read.kj_calls", { calls: calls.join(", ") }));
    if (v.trump) parts.push(t("kj.contract", { name: ctx.name(v.declarer), suit: t(`suit.${v.trump}`) }) + ".");
    if (v.factor) parts.push(t("kj.factor", { factor: v.factor }) + ".");
    return parts.length ? parts.join(" ") : t("table.read.kj_no_bids");
  },

  /** Shift+M: the roem of this deal, per team (Klaverjassen's melds). */
  readMelds(ctx) {
    const v = ctx.view;
    const us = ourTeam(ctx);
    return t("table.read.kj_roem", { we: v.roem?.[us] ?? 0, they: v.roem?.[1 - us] ?? 0, wename: teamName(ctx, us), theyname: teamName(ctx, 1 - us) });
  },

  resultText(ctx, result) {
    const totals = ctx.view.standings?.totals || [0, 0];
    const us = ourTeam(ctx);
    const line = t("kj.final", { we: totals[us], they: totals[1 - us], wename: teamName(ctx, us), theyname: teamName(ctx, 1 - us) });
    if (result.winner === null || result.winner === undefined) return `${t("kj.draw")} ${line}`;
    return `${t("kj.winner", { team: teamName(ctx, result.winner) })} ${line}`;
  },
};

/** Kraken: the roem in hand of both teams (your team first) and, where refused, what counts. */
function roemInHandText(ctx, held, counted) {
  const us = ourTeam(ctx);
  const part = (team) => (held[team] === counted[team] ? String(held[team]) : t("kj.roem_refused", { held: held[team], counted: counted[team] }));
  return t("kj.roem_in_hand", { we: part(us), they: part(1 - us), wename: teamName(ctx, us), theyname: teamName(ctx, 1 - us) });
}

function gameLength(view) {
  const length = view.options?.game_length;
  const deals = /^(\d+)_deals$/.exec(length ?? "");
  return deals ? Number(deals[1]) : "∞";
}
