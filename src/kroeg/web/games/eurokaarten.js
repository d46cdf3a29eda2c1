// Eurokaarten at the table (docs/games/eurokaarten.md): coins and the bokje, the stock
// and the discard pile, the melds on the table, and building a meld: select cards, the
// client proposes the joker's identity (the first the rules allow), the player may change it.

import { cardName, cardShort, parseCard } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardBack, cardFace } from "../parts.js";
import { turnPrompt } from "./common.js";
import { who } from "../reading.js";

const SELECT_VERBS = new Set(["meld", "layoff", "swap", "discard"]);

/** The hand cards an action uses: "X1=4h" counts as X1. */
function handCards(action) {
  const [verb, a, b] = action;
  if (verb === "meld") return a.map((c) => parseCard(c).base);
  if (verb === "layoff") return b.map((c) => parseCard(c).base);
  if (verb === "swap") return [b];
  if (verb === "discard") return [a];
  return [];
}

function sameSet(cards, selection) {
  return cards.length === selection.size && cards.every((c) => selection.has(c));
}

function jokerText(cards) {
  return cards.filter((c) => c.includes("=")).map((c) => cardShort(c)).join(", ");
}

function meldsOf(view) {
  return (view.melds || []).map((m) => (Array.isArray(m) ? { cards: m } : m));
}

function meldText(meld) {
  return meld.cards.map((c) => cardShort(c)).join(" ");
}

/** The joker identity the player picked for the selection (index into the matching actions). */
const chosen = new Map();

/** Why a seat lost a coin at a round's end (RULES.md §7.7): the opener without the lowest hand, else the highest hand. */
function coinReason(ev, seat) {
  return ev.ended === "open" && ev.by === seat ? "euro.summary.why_opener" : "euro.summary.why_highest";
}

export default {
  cardMode: "select",
  cardVerb: "discard", // a dimmed card clicked is sent as this, for the rules to say why not

  /** The showdown (deal_end): every hand laid open with its points, who lost a coin and why. */
  dealSummary(ctx, ev) {
    const by = ev.by === null || ev.by === undefined ? "" : ctx.name(ev.by);
    const lost = new Set(ev.coin_lost || []);
    return [
      h("p", { class: "summary-line" }, ev.void ? t("euro.log_void") : t(`euro.log_end.${ev.ended}`, { name: by })),
      h(
        "ul",
        { class: "showdown" },
        // Who lost the coin first: on a phone the rest may lie below the fold.
        [...(ev.hands || []).keys()].sort((x, y) => Number(lost.has(y)) - Number(lost.has(x))).map((seat) => [ev.hands[seat], seat]).map(([cards, seat]) =>
          cards === null || cards === undefined
            ? null
            : h(
                "li",
                { class: lost.has(seat) ? "lost" : "" },
                h("span", { class: "who" }, ctx.name(seat)),
                h("span", { class: "cards" }, cards.map((c) => cardFace(c))),
                h("span", { class: "points" }, t("euro.summary.points", { n: ev.hand_points?.[seat] ?? 0 })),
                lost.has(seat) ? h("span", { class: "coin" }, t(coinReason(ev, seat))) : null,
              ),
        ),
      ),
    ];
  },
  primaryVerbs: new Set(["draw"]),

  handlesVerb(verb) {
    return SELECT_VERBS.has(verb);
  },

  selectableCards(ctx) {
    const cards = new Set();
    for (const action of ctx.legal) if (SELECT_VERBS.has(action[0])) for (const c of handCards(action)) cards.add(c);
    return cards;
  },

  /** The actions that use exactly the selected cards, grouped by verb. */
  matching(ctx) {
    const out = { meld: [], layoff: [], swap: [], discard: [] };
    if (!ctx.selection.size) return out;
    for (const action of ctx.legal) {
      if (SELECT_VERBS.has(action[0]) && sameSet(handCards(action), ctx.selection)) out[action[0]].push(action);
    }
    return out;
  },

  extraControls(ctx) {
    const m = this.matching(ctx);
    const key = [...ctx.selection].sort().join(",");
    const controls = [];
    if (m.meld.length) {
      const pick = Math.min(chosen.get(key) ?? 0, m.meld.length - 1);
      if (m.meld.length > 1) {
        controls.push(
          h(
            "label",
            { class: "joker-choice" },
            t("euro.joker_as"),
            h(
              "select",
              { id: "joker-choice", onchange: (e) => chosen.set(key, Number(e.target.value)) },
              m.meld.map((a, i) => h("option", { value: i, selected: i === pick }, jokerText(a[1]) || meldText({ cards: a[1] }))),
            ),
          ),
        );
      }
      controls.push(h("button", { class: "btn primary", id: "do-meld", dataset: { verb: "meld" }, "aria-keyshortcuts": "l", onclick: () => ctx.send(m.meld[Math.min(chosen.get(key) ?? 0, m.meld.length - 1)]) }, t("euro.meld")));
    }
    const melds = meldsOf(ctx.view);
    for (const action of m.layoff) {
      const joker = jokerText(action[2]);
      controls.push(h("button", { class: "btn", dataset: { layoff: String(action[1]), verb: "layoff" }, "aria-keyshortcuts": "a", onclick: () => ctx.send(action) }, t("euro.layoff", { n: action[1] + 1, meld: melds[action[1]] ? meldText(melds[action[1]]) : "" }) + (joker ? ` (${joker})` : "")));
    }
    for (const action of m.swap) {
      controls.push(h("button", { class: "btn", dataset: { verb: "swap" }, "aria-keyshortcuts": "j", onclick: () => ctx.send(action) }, t("euro.swap", { n: action[1] + 1 })));
    }
    for (const action of m.discard) {
      controls.push(h("button", { class: "btn primary", id: "do-discard", dataset: { verb: "discard" }, "aria-keyshortcuts": "d", onclick: () => ctx.send(action) }, t("euro.discard", { card: cardShort(action[1]) })));
    }
    // A selected card the rules do not let you discard (a joker) still offers it: the
    // refusal then says why, instead of a button that is simply missing.
    const [only] = ctx.selection;
    if (!m.discard.length && ctx.selection.size === 1 && ctx.legal.some((a) => a[0] === "discard")) {
      controls.push(h("button", { class: "btn", id: "do-discard", dataset: { verb: "discard" }, "aria-keyshortcuts": "d", onclick: () => ctx.send(["discard", only]) }, t("euro.discard", { card: cardShort(only) })));
    }
    if (ctx.selection.size) controls.push(h("button", { class: "btn small", onclick: () => { ctx.selection.clear(); ctx.rerender(); } }, t("euro.clear")));
    return controls;
  },

  actionLabel(action) {
    const [verb, arg] = action;
    if (verb === "draw") return t(arg === "stock" ? "euro.draw_stock" : "euro.draw_discard");
    if (verb === "open") return t("euro.open");
    return t(`verb.${verb}`);
  },

  argText(verb, args, ctx) {
    const card = ctx?.cardText ?? cardShort;
    if (verb === "draw") return args[0] === "stock" ? t("euro.from_stock") : t("euro.from_discard");
    if (verb === "meld" && ctx?.spoken) return args[0].map((c) => card(c)).join(", ");
    if (verb === "layoff") return ctx?.spoken ? t("table.say.euro_layoff", { cards: args[1].map((c) => card(c)).join(", "), n: args[0] + 1 }) : `${args[1].map((c) => cardShort(c)).join(" ")} → ${args[0] + 1}`;
    if (verb === "swap") return ctx?.spoken ? t("table.say.euro_layoff", { cards: card(args[1]), n: args[0] + 1 }) : `${cardShort(args[1])} → ${args[0] + 1}`;
    return null;
  },

  /** Shift+T: the discard pile's top card and the stock. */
  readTrick(ctx) {
    const v = ctx.view;
    const top = v.discard_top ?? (Array.isArray(v.discard) ? v.discard[v.discard.length - 1] : v.discard) ?? null;
    const stock = v.stock_count ?? v.stock ?? 0;
    return `${top ? t("table.read.euro_pile", { card: cardName(top) }) : t("table.read.euro_pile_empty")} ${t("table.read.euro_stock", { n: stock })}`;
  },

  /** Shift+S: every player's coins, the bokje, who is out. */
  readScores(ctx) {
    const s = ctx.view.standings || {};
    const list = ctx.seats.map((_, seat) => {
      if ((s.out || []).includes(seat)) return `${who(ctx, seat)}: ${t("euro.out")}`;
      const bokje = (s.bokje || []).includes(seat) ? ` + ${t("euro.bokje")}` : "";
      return `${who(ctx, seat)}: ${t("euro.coins", { n: s.coins?.[seat] ?? 0 })}${bokje}`;
    });
    const points = typeof ctx.view.hand_points === "number" ? ` ${t("euro.hand_points", { n: ctx.view.hand_points })}.` : "";
    return `${t("table.read.euro_coins", { list: list.join(", ") })}${points}`;
  },

  /** Shift+M: the melds on the table, numbered as "aanleggen bij" names them. */
  readMelds(ctx) {
    const melds = meldsOf(ctx.view);
    if (!melds.length) return t("table.read.no_melds");
    return melds.map((meld, i) => t("euro.meld_label", { n: i + 1, cards: meld.cards.map((c) => cardName(c)).join(", ") })).join(". ") + ".";
  },

  prompt(ctx) {
    const mine = ctx.you !== null && (ctx.view.to_act || []).includes(ctx.you);
    if (mine) {
      // RULES.md §7.7 E1: taking the last stock card ends the round at once; say so first.
      if (ctx.legal.some((a) => a[0] === "draw")) return t(ctx.view.stock_count === 1 ? "euro.prompt_last_card" : "euro.prompt_draw");
      if (ctx.legal.some((a) => a[0] === "discard")) return ctx.selection.size ? null : t("euro.prompt_meld_or_discard");
    }
    return turnPrompt(ctx);
  },

  center(ctx) {
    const v = ctx.view;
    const draws = new Map(ctx.legal.filter((a) => a[0] === "draw").map((a) => [a[1], a]));
    const top = v.discard_top ?? (Array.isArray(v.discard) ? v.discard[v.discard.length - 1] : v.discard) ?? null;
    const stockCount = v.stock_count ?? v.stock ?? null;
    const stock = draws.has("stock")
      ? h("button", { class: "card", "aria-label": t("euro.draw_stock"), onclick: () => ctx.send(draws.get("stock")) }, cardBack().firstChild)
      : cardBack();
    const pile = top
      ? draws.has("discard")
        ? h("button", { class: "card", "aria-label": `${t("euro.draw_discard")}: ${cardName(top)}`, dataset: { card: top }, onclick: () => ctx.send(draws.get("discard")) }, cardFace(top).firstChild)
        : cardFace(top)
      : h("div", { class: "card" });
    const last = (v.deals || [])[v.deals.length - 1];
    const revealed = v.revealed ? { hands: v.revealed, hand_points: last?.hand_points } : null;
    return h(
      "div",
      { class: "center" },
      h(
        "div",
        { class: "piles" },
        h("div", { class: "pile" }, stock, stockCount !== null ? t("euro.stock_count", { n: stockCount }) : t("euro.stock")),
        h("div", { class: "pile" }, pile, t("euro.discard_pile")),
      ),
      revealed ? this.revealed(ctx, revealed) : null,
    );
  },

  /** The melds on the table, in the table's strip between the felt and the hand. */
  strip(ctx) {
    const targets = new Map(this.matching(ctx).layoff.map((a) => [a[1], a]));
    const melds = meldsOf(ctx.view).map((meld, i) => {
      const cards = meld.cards.map((c) => cardFace(c));
      const label = t("euro.meld_label", { n: i + 1, cards: meld.cards.map((c) => cardName(c)).join(", ") });
      if (targets.has(i)) {
        return h("button", { class: "meld target", dataset: { meld: String(i) }, "aria-label": `${t("euro.layoff", { n: i + 1, meld: "" })}: ${label}`, onclick: () => ctx.send(targets.get(i)) }, cards);
      }
      return h("div", { class: "meld", role: "group", dataset: { meld: String(i) }, "aria-label": label }, cards);
    });
    return melds.length ? h("div", { class: "melds", role: "group", "aria-label": t("euro.melds") }, melds) : null;
  },

  revealed(ctx, ev) {
    return h(
      "div",
      { class: "table-note" },
      (ev.hands || []).map((hand, seat) => (hand ? h("div", {}, `${ctx.name(seat)}: ${hand.map((c) => cardShort(c)).join(" ")} = ${ev.hand_points?.[seat] ?? ""}`) : null)),
    );
  },

  seatExtra(ctx, seat) {
    const s = ctx.view.standings || {};
    if ((s.out || []).includes(seat)) return t("euro.out");
    const coins = s.coins?.[seat] ?? 0;
    const bokje = (s.bokje || []).includes(seat);
    const points = seat === ctx.you && typeof ctx.view.hand_points === "number" ? ` · ${t("euro.hand_points", { n: ctx.view.hand_points })}` : "";
    return `${t("euro.coins", { n: coins })}${bokje ? ` + ${t("euro.bokje")}` : ""}${points}`;
  },

  seatFolded(ctx, seat) {
    return (ctx.view.standings?.out || []).includes(seat);
  },

  score(ctx) {
    const v = ctx.view;
    const s = v.standings || {};
    const deals = v.deals || [];
    return h(
      "div",
      {},
      h(
        "table",
        { class: "score-table", "aria-label": t("euro.score") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("toepen.player")), h("th", { scope: "col" }, t("euro.coins_col")), h("th", { scope: "col" }, t("euro.last_round")))),
        h(
          "tbody",
          {},
          ctx.seats.map((_, seat) => {
            const out = (s.out || []).includes(seat);
            const coins = s.coins?.[seat] ?? 0;
            const last = deals[deals.length - 1];
            return h(
              "tr",
              {},
              h("td", {}, ctx.name(seat)),
              h("td", { class: "coins", "aria-label": t("euro.coins", { n: coins }) }, out ? t("euro.out") : "●".repeat(coins) + ((s.bokje || []).includes(seat) ? ` ${t("euro.bokje")}` : "")),
              h("td", {}, last && last.hand_points?.[seat] !== null && last.hand_points?.[seat] !== undefined ? String(last.hand_points[seat]) + (last.coin_lost?.includes(seat) ? " −1" : "") : ""),
            );
          }),
        ),
      ),
      h("p", { class: "prompt" }, t("euro.rounds_played", { n: deals.length })),
    );
  },

  eventText(ev, ctx) {
    switch (ev.kind) {
      case "deal":
        return t("log.deal", { name: ctx.name(ev.dealer) });
      case "deal_end":
        if (ev.void) return t("euro.log_void");
        return t(`euro.log_end.${ev.ended}`, { name: ev.by === null || ev.by === undefined ? "" : ctx.name(ev.by) }) + " " + t("euro.log_coin_lost", { names: (ev.coin_lost || []).map((s) => ctx.name(s)).join(", ") || "—" });
      case "bokje":
        return t("euro.log_bokje", { name: ctx.name(ev.seat) });
      case "no_discard":
        return t("euro.log_no_discard", { name: ctx.name(ev.seat) });
      case "eliminated":
        return t("euro.log_out", { name: ctx.name(ev.seat) });
      case "out":
        return t("euro.log_out", { name: ctx.name(ev.seat) });
      case "game_over":
        return t("euro.log_winner", { name: ctx.name(ev.winner) });
      default:
        return null;
    }
  },

  effect(ev, ctx) {
    if (ev.kind === "bokje") return t("euro.effect_bokje", { name: ctx.name(ev.seat) });
    if (ev.kind === "deal_end" && ev.ended === "out") return t("euro.effect_alles_kwijt", { name: ctx.name(ev.by) });
    if (ev.kind === "deal_end" && ev.ended === "open") return t("euro.effect_open", { name: ctx.name(ev.by) });
    if (ev.kind === "deal_end" && ev.ended === "stock") return t("euro.effect_stock");
    return null;
  },

  resultText(ctx, result) {
    return t("euro.result", { name: ctx.name(result.winner) });
  },
};
