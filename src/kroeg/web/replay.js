// The replay of a finished game from its record (GET /api/games/{id}/record, RECORDS.md):
// deal by deal and card by card, every hand open.
//
// The positions are the engine's own: for each deal the page asks the server for its
// steps (GET /api/games/{id}/steps/{deal}): after the deal and after every action, the
// public view with every hand open and the public events. Who won a trick is the trick
// event's winner, where a joker moved is in the view's melds: the client decides no rule.

import { AnalysisPanel } from "./analysis.js";
import { api } from "./api.js";
import { checkRecord, fairBadge } from "./fair.js";
import { cardName, cardShort, parseCard, rankIndex, suitSymbol } from "./cards.js";
import { h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { has, t } from "./i18n.js";
import { cardFace } from "./parts.js";

const SUIT_ORDER = "cdhs";

function sortHand(cards) {
  return [...cards].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    if (x.joker || y.joker) return (x.joker ? 1 : 0) - (y.joker ? 1 : 0) || a.localeCompare(b);
    return SUIT_ORDER.indexOf(x.suit) - SUIT_ORDER.indexOf(y.suit) || rankIndex(x.rank) - rankIndex(y.rank);
  });
}

/** The position a step's open view shows: {hands, trick, melds, pile, stock, setAside, trump, folded}. */
function position(view) {
  const turnedUp = (view.laundry || []).flatMap((claim) => claim.cards || []);
  return {
    hands: view.hands.map((hand) => sortHand(hand)),
    trick: view.trick || [],
    melds: (view.melds || []).map((meld) => meld.cards),
    pile: view.discard_pile || [],
    stock: view.stock_count || 0,
    setAside: [...(view.dead_cards || []), ...turnedUp],
    trump: view.trump || null,
    folded: view.folded || [],
  };
}

/** Every position of one deal from the engine's ``steps`` (GET /api/games/{id}/steps/{deal}):
 *  [{hands, trick, lastTrick, melds, pile, stock, setAside, trump, folded, text}]
 *  (``folded``: the Toepen seats that folded, still shown, dimmed; ``lastTrick``: the trick
 *  completed last, {plays, winner}, shown until the next card is played). */
export function dealSteps(record, dealIndex, steps) {
  const names = record.names || [];
  const nameOf = (seat) => names[seat] || t("seat.empty_name", { n: seat + 1 });
  const actions = record.deals[dealIndex].actions || [];
  const first = { ...position(steps[0].view), lastTrick: null, text: t("replay.dealt", { n: dealIndex + 1 }) };
  const out = [first];
  actions.forEach(([seat, verb, ...args], i) => {
    const before = out[out.length - 1];
    const step = steps[i + 1];
    let lastTrick = verb === "play" && !before.trick.length ? null : before.lastTrick;
    let text = describe(nameOf(seat), verb, args);
    const trick = step.events.find((event) => event.kind === "trick");
    if (trick) {
      const plays = verb === "play" ? [...before.trick, { seat, card: args[0] }] : before.trick;
      lastTrick = { plays, winner: trick.winner };
      text += ` ${t("replay.trick_to", { name: nameOf(trick.winner) })}`;
    }
    out.push({ ...position(step.view), lastTrick, text });
  });
  return out;
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
  /** ``firstDeal``: the deal shown first (1: the game's first; a set against the house
   *  links each board's deal). */
  constructor(root, app, tableId, gameId, firstDeal = 1) {
    this.root = root;
    this.app = app;
    this.tableId = tableId;
    this.gameId = gameId;
    this.firstDeal = firstDeal;
    this.record = null;
    this.standings = null; // {deals: [{summary, standings}], result} from the engine
    this.deal = 0;
    this.step = 0;
    this.steps = [];
    this.dealCache = new Map(); // deal index -> promise of its positions
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
    await this.goDeal(this.firstDeal - 1);
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

  async goDeal(index, step = 0) {
    const count = this.record.deals.length;
    if (!count) return this.render();
    const deal = Math.max(0, Math.min(count - 1, index));
    let steps;
    try {
      steps = await this.stepsOf(deal);
    } catch (err) {
      this.pause();
      replace(this.root, h("div", { class: "replay" }, h("p", { role: "alert" }, errorText(err.code, err.message)), this.backLink()));
      return;
    }
    this.deal = deal;
    this.steps = steps;
    this.step = Math.max(0, Math.min(this.steps.length - 1, step));
    this.render();
  }

  /** A deal's positions, asked of the server once per deal. */
  stepsOf(deal) {
    if (!this.dealCache.has(deal)) {
      const asked = api("GET", `/games/${this.gameId}/steps/${deal}`).then((answer) => dealSteps(this.record, deal, answer.steps));
      asked.catch(() => this.dealCache.delete(deal));
      this.dealCache.set(deal, asked);
    }
    return this.dealCache.get(deal);
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
