// Fair deals in the browser (docs/fair-deals.md): the seated player's random contribution
// to each deal, and the check of a finished game's record with Web Crypto, the same steps
// as `kroeg verify` (src/kroeg/fair_records.py): every commitment against the revealed
// secret, every deal first checked to hold exactly the game's deck (each card once), then
// recomputed from the secret and the contributions.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const enc = new TextEncoder();
const SUITS = "cdhs";
const RANKS = "23456789TJQKA";
const LAST_RANKS = { klaverjassen: new Set([0, 1, 2, 3, 4]) }; // the draaikaarten, 2 to 6
const QUIET = new Set(["deal_drawn", "deal_not_open", "already_contributed", "no_fair_deal"]);

/** A card's number in the canonical order: suit by suit, two to ace; jokers last. */
function cardNumber(card) {
  if (card === "X1") return 52;
  if (card === "X2") return 53;
  const rank = card.length === 3 ? "T" : card[0];
  return SUITS.indexOf(card[card.length - 1]) * 13 + RANKS.indexOf(rank);
}

const PIKET_RANKS = new Set([5, 6, 7, 8, 9, 10, 11, 12]); // seven to ace

/**
 * The card numbers of the deck a game deals with its resolved options, sorted: Toepen and
 * Klaverjassen the 32-card piket deck (seven to ace), Eurokaarten the 52 cards and its
 * `jokers` (the games' own `deck`, RULES.md §1, §6, §7). The shuffle is recomputed from the
 * deal's own cards, so without this check a card changed into a neighbour that is not
 * in the deck (7♥ into 6♥) would come back from the shuffle as the changed deal.
 */
export function deckOf(game, options) {
  const all = Array.from({ length: 52 }, (_, n) => n);
  if (game === "eurokaarten") return [...all, ...[52, 53].slice(0, Number(options.jokers ?? 0))];
  return all.filter((n) => PIKET_RANKS.has(n % 13));
}

function rankOf(n) {
  return n >= 52 ? -1 : n % 13;
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function unhex(text, size) {
  if (typeof text !== "string" || !new RegExp(`^[0-9a-f]{${2 * size}}$`).test(text)) return null;
  return Uint8Array.from(text.match(/../g), (b) => parseInt(b, 16));
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u64(n) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

async function hmac(key, message) {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, message));
}

/** The commitment of deal `n`: SHA-256("kroeg/commit/v1" || secret || n), as hex. */
export async function commitment(secret, n) {
  return hex(await sha256(concat(enc.encode("kroeg/commit/v1"), secret, u64(n))));
}

/** The deal's card order (Fisher–Yates from the SHA-256 counter-mode stream). */
export async function cardOrder(deck, secret, n, contributions) {
  const parts = [enc.encode("kroeg/mix/v1")];
  for (const seat of Object.keys(contributions).map(Number).sort((a, b) => a - b)) {
    parts.push(Uint8Array.of(seat), contributions[seat]);
  }
  const mixed = await sha256(concat(...parts));
  const key = await hmac(secret, concat(enc.encode("kroeg/deal/v1"), u64(n), mixed));
  const words = [];
  let counter = 0;
  const next = async () => {
    if (!words.length) {
      const block = await sha256(concat(key, u64(counter++)));
      const view = new DataView(block.buffer);
      for (let at = 0; at < 32; at += 4) words.push(view.getUint32(at));
    }
    return words.shift();
  };
  const order = deck.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let x = await next();
    while (x >= limit) x = await next();
    const j = x % bound;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The deal the secret and the contributions give, in the record deal's layout. */
async function expectedDeal(game, deal, secret, n, contributions) {
  const cards = [...deal.hands.flat(), ...(deal.upcard ? [deal.upcard] : []), ...(deal.stock || [])];
  const deck = cards.map(cardNumber).sort((a, b) => a - b);
  const order = await cardOrder(deck, secret, n, contributions);
  const last = LAST_RANKS[game] || new Set();
  const dealt = [...order.filter((c) => !last.has(rankOf(c))), ...order.filter((c) => last.has(rankOf(c)))];
  let at = 0;
  const hands = deal.hands.map((hand) => dealt.slice(at, (at += hand.length)));
  const upcard = deal.upcard ? dealt[at++] : null;
  return { hands, upcard, stock: dealt.slice(at) };
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a deal holds exactly `deck` (sorted card numbers), each card once. */
function holdsDeck(deal, deck) {
  const cards = [...deal.hands.flat(), ...(deal.upcard ? [deal.upcard] : []), ...(deal.stock || [])];
  return same(cards.map(cardNumber).sort((a, b) => a - b), deck);
}

/**
 * Check a record against its variant's option defaults (`GET /api/variants`):
 * `{ok: true, deals}`, `{ok: false, deal}` (the first deal, from 1, that does not match),
 * or null when the record has nothing to check (no `fair` field, no secret, or a browser
 * without Web Crypto).
 */
export async function checkRecord(record, defaults) {
  const fair = record?.fair;
  const secret = unhex(fair?.secret, 32);
  if (!secret || !Array.isArray(fair.deals) || !globalThis.crypto?.subtle) return null;
  const deck = deckOf(record.game, { ...defaults, ...(record.options || {}) });
  for (let i = 0; i < record.deals.length; i++) {
    const deal = record.deals[i];
    const note = fair.deals[i];
    const n = i + 1;
    if (!holdsDeck(deal, deck)) return { ok: false, deal: n };
    if (!note || note.commitment !== (await commitment(secret, n))) return { ok: false, deal: n };
    const contributions = {};
    for (const [seat, value] of Object.entries(note.contributions || {})) {
      contributions[seat] = unhex(value, 32);
      if (!contributions[seat]) return { ok: false, deal: n };
    }
    const want = await expectedDeal(record.game, deal, secret, n, contributions);
    const got = { hands: deal.hands.map((hand) => hand.map(cardNumber)), upcard: deal.upcard ? cardNumber(deal.upcard) : null, stock: (deal.stock || []).map(cardNumber) };
    if (!(want.hands.every((hand, s) => same(hand, got.hands[s])) && want.upcard === got.upcard && same(want.stock, got.stock))) return { ok: false, deal: n };
  }
  return { ok: true, deals: record.deals.length };
}

/** The replay's badge for a check's outcome (null while checking or with nothing to check). */
export function fairBadge(outcome) {
  if (!outcome) return null;
  const text = outcome.ok ? t("replay.fair_ok") : t("replay.fair_bad", { n: outcome.deal });
  return h("p", { class: `fair-badge ${outcome.ok ? "ok" : "bad"}`, id: "fair-badge", role: "status" }, text);
}

/**
 * The seated player's contributions: on each `commitment` event (the window of that deal
 * is open) a fresh random value from `crypto.getRandomValues`, sent once per deal. The
 * refusals a late or repeated one gets after a reconnect are the client's own business
 * (`quiet`), not something to show.
 */
export class Contributor {
  constructor() {
    this.sent = new Set();
  }

  event(ev, seated, send) {
    if (ev.kind === "game_start") this.sent.clear(); // deal numbers start again at 1
    if (ev.kind !== "commitment" || !seated || this.sent.has(ev.deal) || !globalThis.crypto) return;
    this.sent.add(ev.deal);
    send({ type: "contribute", deal: ev.deal, value: hex(crypto.getRandomValues(new Uint8Array(32))) });
  }

  quiet(msg) {
    return QUIET.has(msg.code) && this.sent.size > 0;
  }
}
