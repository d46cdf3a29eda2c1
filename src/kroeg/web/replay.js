// The replay of a finished game from its record (GET /api/games/{id}/record, RECORDS.md):
// deal by deal and card by card, every hand open.
//
// The client steps through the record itself with a deliberately small model of each
// game: it moves cards between hands, the trick, the stock, the pile and the melds as the
// actions say, and it re-derives who won each trick from the record's order (Toepen:
// highest card of the led suit, B < V < H < A < 7 < 8 < 9 < 10; Klaverjassen: highest
// trump, else highest of the led suit). It never judges legality: the server did that.

import { AnalysisPanel } from "./analysis.js";
import { api } from "./api.js";
import { checkRecord, fairBadge } from "./fair.js";
import { cardName, cardShort, parseCard, rankIndex, suitSymbol } from "./cards.js";
import { h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { has, t } from "./i18n.js";
import { cardFace } from "./parts.js";

const TOEPEN_ORDER = "JQKA789T";
const TRUMP_ORDER = "78QKTA9J"; // klaverjassen trump, low to high
const PLAIN_ORDER = "789JQKTA"; // klaverjassen other suits, low to high
const SUIT_ORDER = "cdhs";

function sortHand(cards) {
  return [...cards].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    if (x.joker || y.joker) return (x.joker ? 1 : 0) - (y.joker ? 1 : 0) || a.localeCompare(b);
    return SUIT_ORDER.indexOf(x.suit) - SUIT_ORDER.indexOf(y.suit) || rankIndex(x.rank) - rankIndex(y.rank);
  });
}

function remove(list, card) {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

/** The winner of a complete trick ({seat, card} in play order). */
export function trickWinner(game, plays, trump) {
  const led = parseCard(plays[0].card).suit;
  const strength = (card) => {
    const c = parseCard(card);
    if (game === "klaverjassen") {
      if (c.suit === trump) return 100 + TRUMP_ORDER.indexOf(c.rank);
      return c.suit === led ? PLAIN_ORDER.indexOf(c.rank) : -1;
    }
    return c.suit === led ? TOEPEN_ORDER.indexOf(c.rank) : -1;
  };
  return plays.reduce((best, p) => (strength(p.card) > strength(best.card) ? p : best)).seat;
}

/**
 * Eurokaarten (RULES.md §12): a real card laid off on the suit a joker stands for in a
 * set moves that joker to the first missing suit (c, d, h, s), as the engine does.
 */
function retargetJokers(meld, added) {
  const identity = (c) => parseCard(c).standsFor || parseCard(c);
  const ranks = new Set(meld.map((c) => identity(c).rank));
  if (ranks.size !== 1) return; // a run: its jokers never change
  const addedIds = new Set(added.map((c) => identity(c).code));
  const taken = new Set([...added, ...meld.filter((c) => !parseCard(c).joker)].map((c) => identity(c).suit));
  meld.forEach((c, i) => {
    const card = parseCard(c);
    if (!card.joker || !card.standsFor || !addedIds.has(card.standsFor.code)) return;
    for (const other of meld) if (parseCard(other).joker) taken.add(identity(other).suit);
    const free = SUIT_ORDER.split("").find((suit) => !taken.has(suit));
    if (!free) return;
    meld[i] = `${card.base}=${card.standsFor.rank}${free}`;
    taken.add(free);
  });
}

/** Every position of one deal: [{hands, trick, lastTrick, melds, pile, stock, folded, text}]
 *  (``folded``: the Toepen seats that folded, still shown, dimmed). */
export function dealSteps(record, dealIndex) {
  const deal = record.deals[dealIndex];
  const seats = record.seats;
  const names = record.names || [];
  const state = {
    hands: deal.hands.map((hand) => [...hand]),
    stock: [...(deal.stock || [])],
    pile: deal.upcard ? [deal.upcard] : [],
    melds: [],
    trick: [],
    lastTrick: null,
    active: new Set(Array.from({ length: seats }, (_, i) => i).filter((i) => deal.hands[i].length)),
    trump: null,
    setAside: [],
    folded: new Set(),
  };
  const snapshot = (text) => ({
    hands: state.hands.map((hand) => sortHand(hand)),
    trick: [...state.trick],
    lastTrick: state.lastTrick,
    melds: state.melds.map((m) => [...m]),
    pile: [...state.pile],
    stock: state.stock.length,
    setAside: [...state.setAside],
    trump: state.trump,
    folded: [...state.folded].sort((a, b) => a - b),
    text,
  });
  const nameOf = (seat) => names[seat] || t("seat.empty_name", { n: seat + 1 });
  const steps = [snapshot(t("replay.dealt", { n: dealIndex + 1 }))];
  for (const [seat, verb, ...args] of deal.actions || []) {
    const hand = state.hands[seat];
    switch (verb) {
      case "play":
        if (!state.trick.length) state.lastTrick = null;
        remove(hand, args[0]);
        state.trick.push({ seat, card: args[0] });
        break;
      case "fold":
        state.active.delete(seat);
        state.folded.add(seat);
        state.trick = state.trick.filter((p) => p.seat !== seat);
        break;
      case "bid":
        state.trump = args[0];
        break;
      case "exchange":
        remove(hand, args[0]);
        state.setAside.push(args[0]);
        if (state.stock.length) hand.push(state.stock.shift());
        break;
      case "laundry":
        state.setAside.push(...hand.splice(0));
        for (let i = 0; i < 4 && state.stock.length; i += 1) hand.push(state.stock.shift());
        break;
      case "draw":
        if (args[0] === "stock" && state.stock.length) hand.push(state.stock.shift());
        if (args[0] === "discard" && state.pile.length) hand.push(state.pile.pop());
        break;
      case "meld":
        for (const c of args[0]) remove(hand, parseCard(c).base);
        state.melds.push([...args[0]]);
        break;
      case "layoff":
        for (const c of args[1]) remove(hand, parseCard(c).base);
        if (state.melds[args[0]]) {
          retargetJokers(state.melds[args[0]], args[1]);
          state.melds[args[0]].push(...args[1]);
        }
        break;
      case "swap": {
        const meld = state.melds[args[0]] || [];
        let i = meld.findIndex((c) => c.endsWith(`=${args[1]}`));
        if (i < 0) {
          // RULES.md §12: in a set of three a joker stands for either missing suit;
          // a card of a suit no joker declares takes the first joker in suit order.
          const jokers = meld.map((c, k) => [parseCard(c), k]).filter(([card]) => card.joker);
          jokers.sort(([a], [b]) => SUIT_ORDER.indexOf(a.standsFor.suit) - SUIT_ORDER.indexOf(b.standsFor.suit));
          if (jokers.length) i = jokers[0][1];
        }
        if (i >= 0) {
          hand.push(parseCard(meld[i]).base);
          meld[i] = args[1];
        }
        remove(hand, args[1]);
        break;
      }
      case "discard":
        remove(hand, args[0]);
        state.pile.push(args[0]);
        break;
      case "restock": // docs/records.md: the pile but its top card, shuffled, is the stock
        state.pile = state.pile.slice(-1);
        state.stock = [...args[0]];
        break;
      case "out": // taken out (docs/records.md): in Eurokaarten the hand leaves play
        if (record.game === "eurokaarten") {
          hand.length = 0;
          state.active.delete(seat);
        }
        break;
      default:
        break;
    }
    let text = describe(nameOf(seat), verb, args);
    if (state.trick.length && state.trick.length >= state.active.size) {
      const winner = trickWinner(record.game, state.trick, state.trump);
      state.lastTrick = { plays: state.trick, winner };
      state.trick = [];
      text += ` ${t("replay.trick_to", { name: nameOf(winner) })}`;
    }
    steps.push(snapshot(text));
  }
  return steps;
}

/** The step as the table's log says it ("Anna speelt ♥10."), else "Anna: verb args". */
function describe(name, verb, args) {
  const shown = args.map((a) => (Array.isArray(a) ? a.map((c) => cardShort(c)).join(" ") : typeof a === "string" && /^([2-9TJQKA][cdhs]|X[12])/.test(a) ? cardShort(a) : String(a)));
  const card = typeof args[0] === "string" && /^([2-9TJQKA][cdhs]|X[12])/.test(args[0]) ? cardShort(args[0]) : "";
  let arg = shown.join(" ");
  if (verb === "draw") arg = t(args[0] === "stock" ? "euro.from_stock" : "euro.from_discard");
  if (verb === "bid") arg = `${suitSymbol(args[0])} ${t(`suit.${args[0]}`)}`;
  if (has(`log.${verb}`)) return t(`log.${verb}`, { name, card, arg });
  return t("replay.step", { name, what: [t(`verb.${verb}`), ...shown].join(" ") });
}

/** Play speeds: steps per second at 1×, and the choices offered. */
const STEP_MS = 1200;
const SPEEDS = [0.5, 1, 2, 4];

/** Where a seat sits around the replay's table, in percent: the viewer's own seat (`base`,
 *  else seat 0) at the bottom, the others clockwise, as at the live table. */
function seatPlace(seat, seats, base = 0) {
  const angle = Math.PI / 2 + (((seat - base + seats) % seats) * 2 * Math.PI) / seats;
  return { x: 50 + 38 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
}

/** The seat the viewer played in the record (by their name), or 0 for an onlooker. */
async function viewerSeat(record) {
  try {
    const me = await api("GET", "/me");
    const names = record.names || [];
    return [me.name, me.account?.name].map((name) => names.indexOf(name)).find((seat) => seat >= 0) ?? 0;
  } catch {
    return 0;
  }
}

/**
 * The replay page: the table (seats with their hands open, the trick, the stock and the
 * pile; Eurokaarten's melds in a strip under it) stepping through the record, the controls
 * (play/pause, speed, step, deal), the deal list and the scores as they stand. The
 * containers `#replay-fair` and `#replay-analysis` are made once and kept across redraws,
 * for the fairness badge (web/fair.js) and the analysis panel (web/analysis.js); after
 * every step the page fires `replay-step` ({record, deal, step, position}) on its root.
 */
export class ReplayView {
  constructor(root, app, tableId, gameId) {
    this.root = root;
    this.app = app;
    this.tableId = tableId;
    this.gameId = gameId;
    this.record = null;
    this.standings = null; // {deals: [{summary, standings}], result} from the engine
    this.deal = 0;
    this.step = 0;
    this.steps = [];
    this.speed = 1;
    this.timer = null;
    this.fairEl = h("span", { id: "replay-fair", class: "replay-fair" });
    this.analysisEl = h("section", { id: "replay-analysis", class: "replay-analysis", "aria-label": t("replay.analysis") });
    this.analysis = new AnalysisPanel(gameId);
    this.keys = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keys);
    replace(root, h("p", { class: "empty", style: { padding: "20px" } }, t("replay.loading")));
    this.load();
  }

  destroy() {
    this.pause();
    document.removeEventListener("keydown", this.keys);
  }

  async load() {
    try {
      this.record = await api("GET", `/games/${this.gameId}/record`);
    } catch (err) {
      replace(this.root, h("div", { class: "replay" }, h("p", { role: "alert" }, errorText(err.code, err.message)), this.backLink()));
      return;
    }
    this.checkFairness();
    this.viewer = await viewerSeat(this.record);
    this.goDeal(0);
    try {
      this.standings = await api("GET", `/games/${this.gameId}/standings`);
    } catch {
      this.standings = null; // the cards still replay; the scores are left out
    }
    this.render();
  }

  /** The fairness badge: the record checked against its variant's deck and defaults. */
  async checkFairness() {
    try {
      const games = (await api("GET", "/variants")).games;
      const defaults = games.find((g) => g.game === this.record.game)?.variants[this.record.variant] || {};
      this.fair = await checkRecord(this.record, defaults);
    } catch {
      this.fair = null; // nothing to say rather than a wrong badge
    }
    this.render();
  }

  goDeal(index, step = 0) {
    const count = this.record.deals.length;
    if (!count) return this.render();
    this.deal = Math.max(0, Math.min(count - 1, index));
    this.steps = dealSteps(this.record, this.deal);
    this.step = Math.max(0, Math.min(this.steps.length - 1, step));
    this.render();
  }

  goStep(index) {
    this.step = Math.max(0, Math.min(this.steps.length - 1, index));
    this.render();
  }

  /** One step on while playing: the next deal after a deal's last step, a stop at the end. */
  advance() {
    if (this.step < this.steps.length - 1) this.goStep(this.step + 1);
    else if (this.deal < this.record.deals.length - 1) this.goDeal(this.deal + 1);
    else {
      this.pause();
      this.render();
    }
  }

  play() {
    this.pause();
    this.timer = setInterval(() => this.advance(), STEP_MS / this.speed);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
  }

  setSpeed(speed) {
    this.speed = speed;
    if (this.timer) this.play();
    this.render();
  }

  onKey(e) {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowRight") this.goStep(this.step + 1);
    else if (e.key === "ArrowLeft") this.goStep(this.step - 1);
    else if (e.key === "PageDown") this.goDeal(this.deal + 1);
    else if (e.key === "PageUp") this.goDeal(this.deal - 1);
    else return;
    e.preventDefault();
  }

  backLink() {
    return h("a", { class: "btn", role: "button", href: `/t/${this.tableId}`, onclick: this.app.link(`/t/${this.tableId}`), style: { display: "inline-flex", "align-items": "center", "text-decoration": "none" } }, t("replay.back"));
  }

  nameOf(seat) {
    return this.record.names?.[seat] || t("seat.empty_name", { n: seat + 1 });
  }

  render() {
    const record = this.record;
    if (!record) return;
    const pos = this.steps[this.step];
    const deals = record.deals.length;
    const button = (label, onclick, disabled, id, extra = {}) => h("button", { class: "btn", onclick, disabled, id, ...extra }, label);
    const playing = Boolean(this.timer);
    const controls = h(
      "div",
      { class: "controls", role: "toolbar", "aria-label": t("replay.controls") },
      button(playing ? t("replay.pause") : t("replay.play"), () => (playing ? this.pause() : this.play(), this.render()), false, "play", { "aria-pressed": String(playing), class: "btn primary" }),
      h(
        "label",
        { class: "speed" },
        h("span", {}, t("replay.speed")),
        h("select", { id: "speed", onchange: (e) => this.setSpeed(Number(e.target.value)) }, SPEEDS.map((v) => h("option", { value: String(v), selected: v === this.speed }, `${v}×`))),
      ),
      button(t("replay.prev_step"), () => this.goStep(this.step - 1), this.step === 0, "prev-step"),
      h("span", { class: "step-text" }, t("replay.step_of", { n: this.step, of: Math.max(0, this.steps.length - 1) })),
      button(t("replay.next_step"), () => this.goStep(this.step + 1), this.step >= this.steps.length - 1, "next-step"),
      button(t("replay.prev_deal"), () => this.goDeal(this.deal - 1), this.deal === 0, "prev-deal"),
      h("span", { class: "step-text", id: "deal-no" }, t("replay.deal_of", { n: this.deal + 1, of: deals })),
      button(t("replay.next_deal"), () => this.goDeal(this.deal + 1), this.deal >= deals - 1, "next-deal"),
    );
    replace(this.fairEl, fairBadge(this.fair));
    replace(this.analysisEl, this.analysis.show(this.deal));
    replace(
      this.root,
      h(
        "div",
        { class: "replay", dataset: { game: record.game, deal: String(this.deal), step: String(this.step) } },
        h("div", { class: "replay-head" }, h("h1", {}, t("replay.title", { game: t(`game.${record.game}`) })), this.fairEl, this.backLink()),
        controls,
        pos ? h("p", { class: "step-text", id: "step-text", "aria-live": "polite" }, pos.text) : h("p", {}, t("replay.no_deals")),
        h(
          "div",
          { class: "replay-body" },
          h("div", { class: "replay-main" }, pos ? this.renderTable(pos) : null, pos ? this.renderMelds(pos) : null),
          h("aside", { class: "replay-side" }, this.renderScores(pos), this.renderDealList(), this.analysisEl),
        ),
      ),
    );
    this.root.dispatchEvent(new CustomEvent("replay-step", { bubbles: true, detail: { record, deal: this.deal, step: this.step, position: pos } }));
  }

  /** The table: every seat with its hand open around the felt, the trick in the middle. */
  renderTable(pos) {
    const seats = this.record.seats;
    const playing = pos.trick.length ? pos.trick : pos.lastTrick?.plays || [];
    const winner = !pos.trick.length ? pos.lastTrick?.winner : null;
    return h(
      "section",
      { class: `replay-table seats-${seats}`, "aria-label": t("replay.table_label") },
      pos.hands.map((hand, seat) => {
        const folded = pos.folded.includes(seat);
        const label = folded ? `${this.nameOf(seat)} (${t("replay.folded")})` : this.nameOf(seat);
        const place = seatPlace(seat, seats, this.viewer);
        const here = playing.find((p) => p.seat === seat);
        return h(
          "div",
          { class: `hand-row replay-seat${folded ? " folded" : ""}${winner === seat && here ? " won" : ""}`, dataset: { seat: String(seat) }, style: { left: `${place.x}%`, top: `${place.y}%` } },
          h("span", { class: "label" }, label),
          h("div", { class: "cards", role: "group", "aria-label": t("replay.hand_of", { name: label }) }, hand.map((c) => cardFace(c))),
        );
      }),
      this.renderMiddle(pos, playing, winner),
    );
  }

  renderMiddle(pos, playing, winner) {
    const parts = [];
    if (pos.trump) parts.push(h("span", { class: "stake" }, t("replay.trump", { suit: t(`suit.${pos.trump}`) })));
    const trick = h(
      "div",
      { class: "replay-trick" },
      playing.map((play) => {
        const won = winner === play.seat;
        return h("div", { class: `played-inline${won ? " winner" : ""}` }, cardFace(play.card, { "aria-label": t("table.played_by", { card: cardName(play.card), name: this.nameOf(play.seat) }) }), h("small", {}, this.nameOf(play.seat) + (won ? " ★" : "")));
      }),
    );
    parts.push(trick);
    if (this.record.game === "eurokaarten") {
      parts.push(h("span", { class: "prompt" }, t("euro.stock_count", { n: pos.stock })));
      if (pos.pile.length) parts.push(h("span", { class: "prompt" }, t("euro.discard_pile")), cardFace(pos.pile[pos.pile.length - 1]));
    }
    if (pos.setAside.length) parts.push(h("span", { class: "prompt" }, t("toepen.dead_cards")), h("div", { class: "set-aside" }, pos.setAside.map((c) => cardFace(c))));
    return h("div", { class: "middle", role: "group", "aria-label": t("replay.table") }, parts);
  }

  /** Eurokaarten's melds, in a strip under the table (as at the live table). */
  renderMelds(pos) {
    if (!pos.melds.length) return null;
    return h("div", { class: "replay-melds" }, pos.melds.map((meld, i) => h("div", { class: "meld", "aria-label": t("euro.meld_label", { n: i + 1, cards: meld.map((c) => cardName(c)).join(", ") }) }, meld.map((c) => cardFace(c)))));
  }

  /** The scores as they stand: after the previous deal, and after this one at its last step. */
  renderScores(pos) {
    const rows = this.standings?.deals;
    if (!rows) return h("section", { class: "replay-scores", id: "replay-scores" });
    const done = pos && this.step === this.steps.length - 1 && rows[this.deal];
    const index = done ? this.deal : this.deal - 1;
    const standing = index >= 0 ? rows[index]?.standings : null;
    const lines = standing ? this.standingLines(standing) : [t("replay.scores_start")];
    const heading = done ? t("replay.scores_after", { n: this.deal + 1 }) : t("replay.scores_before", { n: this.deal + 1 });
    return h("section", { class: "replay-scores", id: "replay-scores", "aria-label": t("replay.scores") }, h("h2", {}, t("replay.scores")), h("p", { class: "prompt" }, heading), h("ul", {}, lines.map((line) => h("li", {}, line))));
  }

  standingLines(standing) {
    const game = this.record.game;
    if (game === "toepen") return standing.points.map((p, seat) => t("replay.score_points", { name: this.nameOf(seat), n: p }));
    if (game === "klaverjassen") return standing.totals.map((p, team) => t("replay.score_team", { names: `${this.nameOf(team)} & ${this.nameOf(team + 2)}`, n: p }));
    const out = new Set(standing.out || []);
    const bokje = new Set(standing.bokje || []);
    return standing.coins.map((c, seat) => t(out.has(seat) ? "replay.score_out" : bokje.has(seat) ? "replay.score_bokje" : "replay.score_coins", { name: this.nameOf(seat), n: c }));
  }

  /** Every deal, with what it came to; the current one marked. */
  renderDealList() {
    const rows = this.standings?.deals || [];
    return h(
      "nav",
      { class: "replay-deals", "aria-label": t("replay.deals") },
      h("h2", {}, t("replay.deals")),
      h(
        "ol",
        {},
        this.record.deals.map((_, i) =>
          h("li", {}, h("button", { class: "btn small", "aria-current": i === this.deal ? "true" : null, onclick: () => this.goDeal(i) }, t("replay.deal_item", { n: i + 1 }), rows[i] ? h("small", {}, ` · ${this.dealLine(rows[i].summary)}`) : null)),
        ),
      ),
    );
  }

  dealLine(summary) {
    const game = this.record.game;
    if (game === "toepen") return t("replay.line_toepen", { name: this.nameOf(summary.winner), stake: summary.stake });
    if (game === "klaverjassen") return `${summary.score[0]} – ${summary.score[1]}${summary.mark ? ` ${t(`replay.mark.${summary.mark}`)}` : ""}`;
    if (!summary.coin_lost?.length) return t("replay.line_no_coin");
    return t("replay.line_coin", { names: summary.coin_lost.map((s) => this.nameOf(s)).join(", ") });
  }
}
