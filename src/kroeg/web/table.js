// A live table: seats around the felt with the clock ring, your hand with the legal cards
// lit, the game's middle and decisions (from games/<game>.js), the score panel, chat and
// log, and the end of a game. Everything is redrawn from the last `view` the server sent;
// events only add animation, log lines and table-life effects.

import { Announcer } from "./announce.js";
import { api } from "./api.js";
import { cardName, cardShort, cardSvg } from "./cards.js";
import { localDeadline, updateRing } from "./clock.js";
import { h, replace } from "./dom.js";
import { showEffect } from "./effects.js";
import { errorText, toast } from "./errors.js";
import { Contributor } from "./fair.js";
import { GameEndRatings, resultDialog } from "./game_end.js";
import { has, t } from "./i18n.js";
import { ACTION_KEYS, READ_KEYS, keyListDialog, keyOf, pressAction, typing } from "./keyboard.js";
import { LAST_TRICK_MS, TrickMemory, previousTrickPanel, summaryDialog } from "./moments.js";
import { nameForm } from "./names.js";
import { HouseSetFollower, resultPath } from "./house_set.js";
import { InviteCard } from "./invite_card.js";
import { PlayerCard } from "./player_card.js";
import { seatPlate } from "./seat_plate.js";
import { rulesButton } from "./rules.js";
import { frameNames, namedContext, restoredNames, seatNames } from "./log_names.js";
import { handCardName, readState } from "./reading.js";
import { refusalText } from "./refusals.js";
import { settings } from "./settings.js";
import { playSound, yourTurn } from "./sound.js";
import { lastChance, outDialog, outOfGame, warn, warningNote } from "./timeouts.js";
import eurokaarten from "./games/eurokaarten.js";
import klaverjassen from "./games/klaverjassen.js";
import toepen from "./games/toepen.js";

const MOVING_TRIES = 5; // a table between two owners: as often as api() tries again
const GAMES = { toepen, klaverjassen, eurokaarten };

const LOG_LINES = 80;

/** Verbs whose one argument is a card of your hand: the card itself is the control. */
const CARD_VERBS = new Set(["play", "discard"]);

/** The log's line for a player taken out, by the reason (docs/protocol.md, `out`). */
const OUT_REASONS = { left: "log.out_left", timeouts: "log.out_timeouts", away: "log.out_away" };

/** How long a refusal's reason stays next to the hand (ms), unless you act first. */
const REFUSAL_MS = 6000;

export class TableView {
  /** ``houseSet``: the id of the set against the house this table deals (its link's
   *  ``?set=``), or null. */
  constructor(root, app, tableId, houseSet = null) {
    this.root = root;
    this.app = app;
    this.id = tableId;
    // Meester's score on a board is said as it comes (it takes a few seconds after the deal).
    this.houseSet = houseSet
      ? new HouseSetFollower(houseSet, (said) => {
          if (said) this.announcer.say(said);
          this.render();
        })
      : null;
    this.version = null;
    this.snapshot = null; // info, you, seats, view, legal, to_act, running, game_id, waiting, spectators
    this.clocks = new Map(); // seat -> local deadline (ms)
    this.clockSeconds = 60;
    this.log = []; // {ev, view, version} or {chat, version}: drawn in the current language
    this.selection = new Set();
    this.handOrder = null; // the player's own order of this deal's hand (cards), or null
    this.arranging = false; // "Schikken": a tap picks a card up, the next puts it there
    this.picked = null;
    this.pending = false;
    this.leaveArmed = false;
    this.sideOpen = false;
    this.resultClosed = false;
    this.lastResult = null;
    this.lastTrick = null; // the trick just won, shown until the next card falls
    this.tricks = new TrickMemory();
    this.moment = null; // a deal's end being shown: {ev, stage: "trick" | "summary"}
    this.momentTimers = [];
    this.previousOpen = false;
    this.offMessage = null;
    this.refusal = null; // the reason the last action was refused, shown next to the hand
    this.refusalTimer = null;
    this.out = null; // you were taken out of the running game: {reason, name, closed}
    this.card = null; // the player's card opened from a seat (player_card.js)
    this.muted = new Set(); // players whose chat you muted at this table
    this.endRatings = new GameEndRatings(() => this.loadBadges()); // the end's "+8" (game_end.js)
    // A phone turned, a window resized: the hand's row is measured again (fitHand).
    this.onResize = () => this.fitHand();
    window.addEventListener("resize", this.onResize);
    // Playing without the mouse or without seeing (docs/accessibility.md, "Aan tafel").
    this.announcer = new Announcer();
    this.speech = []; // sentences of the events of the frame being applied
    this.turnStarted = false;
    this.handFocus = null; // the hand's one tab stop (roving tabindex): a card code
    this.keyDialog = null;
    this.clockSaid = null; // {deadline, start, said}: the marks said for your clock
    this.onKey = (event) => this.keys(event);
    document.addEventListener("keydown", this.onKey);
    if (settings().name) this.connect();
    else this.askName();
  }

  askName() {
    replace(this.root, h("div", { class: "lobby" }, h("section", { class: "card-panel" }, h("h2", {}, t("lobby.name_title")), nameForm(() => this.connect()))));
  }

  connect() {
    const conn = this.app.ensureConnection();
    this.conn = conn;
    this.fair = new Contributor();
    this.offMessage = conn.onMessage((msg) => this.receive(msg));
    this.offStatus = conn.onStatus((status) => this.connectionSpeech(status));
    conn.follow(this.id);
    replace(this.root, h("p", { class: "empty", style: { padding: "20px" } }, t("table.loading")));
    this.ticker = setInterval(() => this.tick(), 250);
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    document.removeEventListener("keydown", this.onKey);
    this.announcer.destroy();
    this.keyDialog?.remove();
    this.offMessage?.();
    this.offStatus?.();
    clearInterval(this.ticker);
    clearTimeout(this.refusalTimer);
    this.momentTimers.forEach(clearTimeout);
    this.conn?.unfollow(this.id);
    this.houseSet?.destroy();
  }

  get game() {
    return GAMES[this.snapshot?.info?.game] || toepen;
  }

  // Messages ------------------------------------------------------------------

  receive(msg) {
    if (msg.table !== undefined && msg.table !== this.id) return;
    switch (msg.type) {
      case "snapshot":
        this.snapshot = msg;
        this.version = msg.version;
        this.clockSeconds = msg.info?.clock_seconds ?? 60;
        this.clocks.clear();
        for (const c of msg.clocks || []) this.clocks.set(c.seat, localDeadline(c.deadline, msg.now));
        this.pending = false;
        this.tricks.sync(msg.view);
        this.seatNames = seatNames(msg.seats); // who holds each seat now (log_names.js)
        if (Array.isArray(msg.log)) this.restoreLog(msg.log, msg.seats);
        this.conn.applied(this.id, this.version);
        this.loadBadges();
        this.render();
        break;
      case "event":
        this.applyEvent(msg);
        break;
      case "clock":
        if (msg.deadline === null) this.clocks.delete(msg.seat);
        else this.clocks.set(msg.seat, localDeadline(msg.deadline, msg.now));
        if (msg.seconds) this.clockSeconds = msg.seconds;
        this.tick();
        break;
      case "presence":
        if (this.snapshot?.seats?.[msg.seat]) {
          this.snapshot.seats[msg.seat].away = msg.away;
          this.render();
        }
        break;
      case "chat":
        if (this.muted.has(msg.player)) break;
        this.addLog({ chat: msg, version: this.version ?? 0 });
        this.announcer.say(`${msg.name}: ${msg.preset ? this.presetText(msg.preset) : msg.text}`);
        if (msg.preset) showEffect(this.effectLayer, `${msg.name}: ${this.presetText(msg.preset)}`);
        break;
      case "error":
        if (this.fair.quiet(msg)) break;
        this.pending = false;
        if (msg.code === "table_moving" && this.retryMoving(msg)) {
          break; // sent again by itself once the table has its new owner
        } else if (msg.code === "stale_version") {
          this.conn.send({ type: "resume", table: this.id, version: this.version });
        } else if (msg.code === "unknown_table" || msg.code === "table_broken") {
          replace(this.root, h("div", { class: "lobby" }, h("p", { class: "card-panel" }, t(`error.${msg.code}`)), h("a", { href: "/", class: "btn", onclick: this.app.link("/") }, t("nav.lobby"))));
          return;
        }
        if (msg.rule !== undefined) this.showRefusal(msg);
        else toast(errorText(msg.code, msg.message));
        this.render();
        break;
      default:
        break;
    }
  }

  /** A refused action: the rules' reason in the player's language (the catalog's
   * "rule.<code>"), else the protocol code's text; shown where the prompt is, so it
   * covers neither the hand, the trick nor the decisions. */
  showRefusal(msg) {
    const ctx = this.context();
    this.refusal = refusalText(msg.rule, msg.args, { name: ctx.name, game: ctx.gameName }) ?? errorText(msg.code, msg.message);
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => {
      this.refusal = null;
      this.render();
    }, REFUSAL_MS);
    this.announcer.say(this.refusal, true);
  }

  applyEvent(msg) {
    if (this.version !== null && msg.version <= this.version) return; // already applied
    if (this.version !== null && msg.version !== this.version + 1) {
      this.conn.send({ type: "resume", table: this.id, version: this.version });
    }
    const before = this.snapshot;
    this.version = msg.version;
    // Frames re-sent after a `resume` carry the state only on the last one; the earlier
    // ones have it null (docs/protocol.md), so a null keeps what we had.
    const keep = (field) => (msg[field] === null || msg[field] === undefined ? before?.[field] : msg[field]);
    this.snapshot = {
      ...before,
      view: keep("view"),
      legal: keep("legal"),
      to_act: keep("to_act"),
      seats: keep("seats"),
      waiting: keep("waiting"),
      running: keep("running"),
      game_id: keep("game_id"),
    };
    if (Array.isArray(msg.clocks)) {
      this.clocks.clear();
      for (const c of msg.clocks) this.clocks.set(c.seat, localDeadline(c.deadline, msg.now));
    }
    this.pending = false;
    this.conn.applied(this.id, this.version);
    const events = msg.events || [];
    const names = frameNames(events, this.seatNames ?? seatNames(before?.seats), msg.seats);
    this.seatNames = names.after;
    events.forEach((ev, i) => this.onGameEvent(ev, names.each[i]));
    if (msg.view) this.tricks.sync(msg.view);
    this.render();
  }

  /** One event of a frame; `names` are the seats' names when it happened (log_names.js). */
  onGameEvent(ev, names) {
    const ctx = namedContext(this.context(), names);
    if (ev.kind === "waiting" && this.snapshot) this.snapshot.waiting = ev.waiting;
    if (outOfGame(ev, this.conn.player)) this.out = { reason: ev.reason, name: ev.name, closed: false };
    if (ev.kind === "sit" && ev.player === this.conn.player) this.out = null; // back for the next game
    if (ev.kind === "game_start") {
      this.out = null;
      this.resultClosed = false;
      this.lastResult = null;
      this.selection.clear();
    }
    if (ev.kind === "game_end") this.lastResult = ev;
    this.fair.event(ev, this.snapshot?.you != null, (m) => this.conn.send({ ...m, table: this.id }));
    if (["sit", "stand", "game_end"].includes(ev.kind)) this.loadBadges();
    this.tricks.event(ev, this.snapshot?.info?.seats ?? 4);
    this.dealMoment(ev);
    this.eventSound(ev);
    if (ev.kind === "play" || ev.kind === "deal") this.lastTrick = null;
    if (ev.kind === "play") this.freshCard = ev.card; // slides in once, at the next redraw
    if (ev.kind === "hand" || ev.kind === "deal") {
      this.freshDeal = true; // the hand is dealt in, once
      this.handOrder = null; // an order is kept for one deal
      this.picked = null;
    }
    if (ev.kind === "deal") this.lastDealEnd = null;
    if (ev.kind === "deal_end") this.lastDealEnd = ev;
    if (ev.kind === "deal_end" && ev.deal_no) this.houseSet?.dealEnded(ev.deal_no);
    if (ev.kind === "trick") this.lastTrick = this.tricks.completed;
    this.addLog({ ev, view: this.snapshot?.view, version: this.version ?? 0, names });
    const sentence = this.eventText(ev, namedContext(this.spokenContext(), names));
    if (sentence) this.speech.push(sentence);
    const effect = this.game.effect?.(ev, ctx) ?? this.commonEffect(ev, ctx);
    if (effect) showEffect(this.effectLayer, effect);
  }

  /**
   * A deal's end is a moment (issue 18): the completed last trick with its winner, then the
   * deal's summary, until "verder", the end of the table's pause (`info.deal_pause`, during
   * which the server deals nothing) or the next deal. Without a pause the table goes on at once.
   */
  dealMoment(ev) {
    if (ev.kind === "deal" || ev.kind === "game_start") {
      this.endMoment(false);
      return;
    }
    const pause = this.snapshot?.info?.deal_pause ?? 0;
    if (ev.kind !== "deal_end" || !(pause > 0)) return;
    this.endMoment(false);
    const trickFirst = Boolean(this.tricks.completed);
    this.moment = { ev, stage: trickFirst ? "trick" : "summary" };
    const toSummary = () => {
      if (this.moment?.ev !== ev) return;
      this.moment.stage = "summary";
      this.render();
    };
    this.momentTimers = [
      setTimeout(toSummary, trickFirst ? Math.min(LAST_TRICK_MS, pause * 400) : 0),
      setTimeout(() => this.moment?.ev === ev && this.endMoment(true), pause * 1000),
    ];
  }

  /** A card played, a knock, a coin lost: each has its short sound (sound.js). */
  eventSound(ev) {
    if (ev.kind === "play") playSound("card");
    else if (ev.kind === "knock") playSound("knock");
    else if (ev.kind === "deal_end" && ev.coin_lost?.length) playSound("coin");
  }

  /** The chime (and a buzz on a phone) when the game starts waiting for you; the
   *  sentence for it is said with the events that led to it (speak). */
  turnSound(ctx) {
    const mine = ctx.running && ctx.you !== null && (this.snapshot.to_act || []).includes(ctx.you) && ctx.legal.length > 0;
    // The last chance warns once it begins (the turn may have gone on through the timeout).
    const chance = lastChance(ctx, this.snapshot.to_act);
    if (chance && !this.wasLastChance) warn();
    if (mine && !this.wasMyTurn) {
      if (!chance) yourTurn();
      this.turnStarted = true;
    }
    this.wasMyTurn = mine;
    this.wasLastChance = chance;
  }

  /** Say the events of the last frame as sentences: politely, or, when they end with your
   *  turn, at once with the turn's sentence ("Henk speelt schoppen aas. Jij bent aan de
   *  beurt: kies een kaart."), so the turn never cuts off what led to it. */
  speak(ctx) {
    const sentences = this.speech.splice(0);
    if (this.turnStarted) {
      this.turnStarted = false;
      sentences.push((this.snapshot.view && this.game.prompt?.(ctx)) || t("prompt.your_turn"));
      this.announcer.say(sentences.join(" "), true);
    } else if (sentences.length) {
      this.announcer.say(sentences.join(" "));
    }
  }

  /** The connection found again, said politely: the banner (an assertive status) says
   *  it was lost, and only hides when it is back, which a screen reader does not say. */
  connectionSpeech(status) {
    if (status === "connected" && this.connectionLost) this.announcer.say(t("table.say.connected"));
    this.connectionLost = status === "lost";
  }

  /** Your clock's 30 and 10 seconds left (10: assertive), each once per turn, and only
   *  when the turn started with more time than that. */
  clockSpeech() {
    const deadline = this.clocks.get(this.snapshot?.you);
    if (!deadline) {
      this.clockSaid = null;
      return;
    }
    const left = Math.ceil((deadline - Date.now()) / 1000);
    // The same turn's deadline comes again with every frame, a few ms apart.
    if (!this.clockSaid || Math.abs(this.clockSaid.deadline - deadline) > 1500) this.clockSaid = { deadline, start: left, said: new Set() };
    for (const mark of [30, 10]) {
      if (left > 0 && left <= mark && this.clockSaid.start > mark && !this.clockSaid.said.has(mark)) {
        this.clockSaid.said.add(mark);
        this.announcer.say(t("table.say.clock", { n: mark }), mark === 10);
      }
    }
  }

  /** A tick for each of your clock's last five seconds. */
  clockSound() {
    const deadline = this.clocks.get(this.snapshot?.you);
    const left = deadline ? Math.ceil((deadline - Date.now()) / 1000) : null;
    if (left !== null && left >= 1 && left <= 5 && left !== this.lastTick) playSound("tick");
    this.lastTick = left;
  }

  endMoment(redraw) {
    this.momentTimers.forEach(clearTimeout);
    this.momentTimers = [];
    if (!this.moment) return;
    this.moment = null;
    if (redraw) this.render();
  }

  renderMoment(ctx) {
    if (this.moment?.stage !== "summary") return null;
    const board = this.moment.ev.deal_no;
    const compared = board ? this.houseSet?.line(board) : null;
    // Not a live region: the announcer says the line once, as it arrives.
    const extra = compared ? h("p", { class: "summary-line house-set-compare" }, compared) : null;
    return summaryDialog(this.game, ctx, this.moment.ev, () => this.endMoment(true), extra);
  }

  /** "Vorige slag": the deal's last completed trick, in the trick games that allow it. */
  renderPrevious(ctx) {
    const trick = this.tricks.completed;
    if (!trick || !ctx.running || this.moment || !this.game.previousTrickAllowed?.(ctx)) return [null, null];
    const button = h("button", { class: "btn small previous-toggle", "aria-expanded": String(this.previousOpen), onclick: () => { this.previousOpen = !this.previousOpen; this.render(); } }, t("moment.previous_button"));
    const panel = this.previousOpen ? previousTrickPanel(ctx, trick, () => { this.previousOpen = false; this.render(); }) : null;
    return [button, panel];
  }

  eventText(ev, ctx) {
    const name = (seat) => ctx.name(seat);
    switch (ev.kind) {
      case "action": {
        const [verb, ...args] = ev.action;
        const key = `log.${ctx.gameName}.${verb}`;
        const params = { name: name(ev.seat), card: args[0] && typeof args[0] === "string" ? (ctx.cardText ?? cardShort)(args[0]) : "", arg: this.argText(verb, args, ctx) };
        const base = has(key) ? t(key, params) : t(has(`log.${verb}`) ? `log.${verb}` : "log.other", { ...params, verb });
        return ev.by === "timeout" ? `${base} ${t("log.by_house")}` : base;
      }
      case "sit":
        return t("log.sit", { name: ev.name });
      case "stand":
        return t("log.stand", { name: ev.name });
      case "timeout":
        return t("log.timeout", { name: name(ev.seat) });
      case "out":
        if (!ev.reason) return this.game.eventText?.(ev, ctx) ?? null;
        return t(OUT_REASONS[ev.reason] ?? "log.out_timeouts", { name: ev.name ?? name(ev.seat) });
      case "greeting":
        return t("log.greeting", { name: ev.name });
      case "more_time":
        return t(ev.on ? "log.more_time_on" : "log.more_time_off", { name: ev.name });
      case "game_start":
        return t("log.game_start");
      case "game_end":
        return t("log.game_end");
      default:
        return this.game.eventText?.(ev, ctx) ?? null;
    }
  }

  commonEffect(ev, ctx) {
    if (ev.kind === "greeting") return t("effect.greeting", { name: ev.name });
    if (ev.kind === "timeout") return t("effect.timeout", { name: ctx.name(ev.seat) });
    return null;
  }

  argText(verb, args, ctx) {
    const card = ctx.cardText ?? cardShort;
    return this.game.argText?.(verb, args, ctx) ?? args.map((a) => (Array.isArray(a) ? a.map((c) => card(c)).join(ctx.spoken ? ", " : " ") : String(a))).join(" ");
  }

  presetText(preset) {
    return has(`chat.${preset}`) ? t(`chat.${preset}`) : preset;
  }

  /** A log entry as a line in the current language ({content, cls}), or null when the
   *  entry says nothing in the log. An event is worded with the view of its own time
   *  when the table saw it happen (a restored one with today's view), and names each seat
   *  by who held it then (`names`). */
  logLine(entry, ctx = this.context()) {
    if (entry.chat) {
      const msg = entry.chat;
      return { content: h("span", {}, h("span", { class: "who" }, `${msg.name}: `), msg.preset ? this.presetText(msg.preset) : msg.text), cls: "" };
    }
    const text = this.eventText(entry.ev, namedContext(entry.view ? { ...ctx, view: entry.view } : ctx, entry.names));
    return text ? { content: text, cls: entry.ev.kind === "action" ? "" : "sys" } : null;
  }

  addLog(entry) {
    const line = this.logLine(entry);
    if (!line) return;
    this.log.push(entry);
    if (this.log.length > LOG_LINES) this.log.shift();
    if (this.logEl) {
      this.logEl.append(h("li", { class: line.cls }, line.content));
      while (this.logEl.children.length > LOG_LINES) this.logEl.firstChild.remove();
      this.logEl.scrollTop = this.logEl.scrollHeight;
    }
  }

  /** The snapshot's `log` (the table's recent events as this player saw them, oldest
   *  first: docs/protocol.md) replaces the events of the log; chat heard since stays, in
   *  version order. So a reload, a new tab or a long disconnection finds the log again. */
  restoreLog(versions, seats) {
    const chats = this.log.filter((entry) => entry.chat);
    const flat = versions.flatMap(({ version, events: evs }) => evs.map((ev) => ({ ev, version })));
    const names = restoredNames(flat.map((entry) => entry.ev), seatNames(seats));
    const events = flat.map((entry, i) => ({ ...entry, names: names[i] }));
    // Taken out of this game before the reload: the out screen again (unless closed here).
    const out = flat.reduce((found, { ev }) => (ev.kind === "game_start" ? null : outOfGame(ev, this.conn.player) ? ev : found), null);
    if (out && !this.out) this.out = { reason: out.reason, name: out.name, closed: false };
    const ctx = this.context();
    const kept = events.filter((entry) => this.logLine(entry, ctx));
    this.log = [...kept, ...chats].sort((a, b) => a.version - b.version).slice(-LOG_LINES);
  }

  // Sending -------------------------------------------------------------------

  send(action) {
    if (this.pending) return;
    this.pending = true;
    this.refusal = null;
    this.selection.clear();
    this.sendToTable({ type: "act", table: this.id, version: this.version, action });
    this.render();
  }

  tableMessage(type, extra = {}) {
    this.sendToTable({ type, table: this.id, ...extra });
  }

  /** Send a message for the table, remembered until the next one: a table between two
   *  owners refuses it with `table_moving` and nothing done (docs/protocol.md), and it is
   *  sent again by itself after `retry_after` seconds, a few times at most. */
  sendToTable(message) {
    this.lastSent = { message, tries: 0 };
    this.conn.send(message);
  }

  retryMoving(msg) {
    const last = this.lastSent;
    if (!last || last.tries >= MOVING_TRIES) return false;
    last.tries += 1;
    this.pending = last.message.type === "act";
    setTimeout(() => {
      if (this.lastSent === last) this.conn.send(last.message);
    }, 1000 * (Number(msg.retry_after) || 1));
    return true;
  }

  /** "Meer bedenktijd" (settings, docs/accessibility.md): the table hears the player's
   *  choice once they sit here, and again whenever it changes. */
  syncMoreTime() {
    const wanted = settings().moreTime;
    if (this.snapshot?.you == null || this.moreTimeSent === wanted) return;
    this.moreTimeSent = wanted;
    this.tableMessage("more_time", { on: wanted });
  }

  // Context for the game modules ---------------------------------------------

  context() {
    const snap = this.snapshot || {};
    const view = snap.view || {};
    const info = snap.info || {};
    const seats = snap.seats || [];
    return {
      gameName: info.game,
      info,
      view,
      legal: this.pending ? [] : snap.legal || [],
      // Taken out, you no longer hold the seat (the house does), though no snapshot said so.
      you: this.out ? null : snap.you ?? null,
      seats,
      running: Boolean(snap.running),
      selection: this.selection,
      name: (seat) => seats[seat]?.name ?? t("seat.empty_name", { n: seat + 1 }),
      send: (action) => this.send(action),
      rerender: () => this.render(),
      cardButton: (code, attrs) => this.cardButton(code, attrs),
      seatPosition: (seat, radius, radiusY) => this.seatPosition(seat, radius, radiusY),
      lastTrick: this.lastTrick,
      freshCard: this.freshCard,
      lastDealEnd: this.lastDealEnd,
      previousTrick: this.tricks.completed,
      collect: !this.moment,
      cardText: cardShort,
      houseSet: this.houseSet,
    };
  }

  /** The context for sentences a screen reader says: cards by name ("harten tien"), suits
   *  as words, where the log writes "♥10". */
  spokenContext() {
    return { ...this.context(), spoken: true, cardText: cardName };
  }

  /** Where a seat sits on the felt, in percent: you at the bottom, the others clockwise. */
  seatPosition(seat, radius = 1, radiusY = radius) {
    const n = this.snapshot?.info?.seats || this.snapshot?.seats?.length || 4;
    const base = this.snapshot?.you ?? 0;
    const rel = (seat - base + n) % n;
    const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
    return { x: 50 + 37 * radius * Math.cos(angle), y: 50 + 38 * radiusY * Math.sin(angle) };
  }

  // Rendering -----------------------------------------------------------------

  render() {
    if (!this.snapshot) return;
    // Before anything is built: building the chat moves its one input out of the page.
    const typing = Boolean(this.chatInput) && document.activeElement === this.chatInput;
    const caret = typing ? [this.chatInput.selectionStart, this.chatInput.selectionEnd] : null;
    this.syncMoreTime();
    const ctx = this.context();
    const game = this.game;
    const snap = this.snapshot;
    const hasView = Boolean(snap.view);

    // The announcer says every event as a sentence; the effects over the felt are for the eye.
    this.effectLayer = this.effectLayer || h("div", { class: "effects", "aria-hidden": "true" });
    const [previousButton, previousPanel] = this.renderPrevious(ctx);
    // Once out, the out screen comes before a deal's summary: it says why you no longer play
    // (a summary in its place hid it, the timeout test met it under load).
    const dialog = this.card?.render() ?? this.renderOut() ?? this.renderMoment(ctx) ?? this.renderResult(ctx) ?? previousPanel;
    const felt = h(
      "section",
      { class: `felt${dialog ? " has-dialog" : ""}`, "aria-label": t("table.felt", { game: t(`game.${ctx.gameName}`) }) },
      h(
        "div",
        { class: "felt-tools" },
        previousButton,
        h("button", { class: "btn small side-toggle", "aria-expanded": String(this.sideOpen), "aria-controls": "side", onclick: () => { this.sideOpen = !this.sideOpen; this.render(); } }, t(`score.title.${ctx.gameName}`)),
      ),
      ctx.seats.map((seat, i) => this.renderSeat(i, ctx)),
      hasView ? game.center(ctx) : h("div", { class: "center" }, h("div", { class: "table-note" }, t("table.no_game"))),
      this.effectLayer,
      dialog,
    );

    const bottom = h("section", { class: "bottom", "aria-label": t("table.your_area") }, this.renderHand(ctx), this.renderActions(ctx));
    // What lies open on the table for good (Eurokaarten's melds) gets its own strip between
    // the felt and the hand, so no seat plate ever covers it, however many there are.
    const strip = hasView ? game.strip?.(ctx) ?? null : null;

    // Read on demand; the announcer says each line as it comes, so the log is not live too.
    // It scrolls, so it takes focus (axe: scrollable-region-focusable).
    this.logEl = h("ol", { class: "chat-log", tabindex: "0", "aria-live": "off", "aria-label": t("table.log") }, this.log.map((entry) => this.logLine(entry, ctx)).filter(Boolean).map((l) => h("li", { class: l.cls }, l.content)));
    const side = h(
      "aside",
      { class: `side${this.sideOpen ? " open" : ""}`, id: "side", "aria-label": t("table.side") },
      h("button", { class: "btn small side-close", onclick: () => { this.sideOpen = false; this.render(); } }, t("table.close_side")),
      // It scrolls when the side is short (the log keeps its eight lines), so it takes focus.
      hasView ? h("section", { class: "score", tabindex: "0", "aria-labelledby": "score-h" }, h("h2", { id: "score-h" }, t(`score.title.${ctx.gameName}`)), game.score(ctx)) : null,
      this.renderTableInfo(ctx),
      h("section", { class: "chat" }, h("h2", {}, t("chat.title")), this.logEl, this.renderChat()),
    );

    const focused = document.activeElement;
    const focusKey = this.focusKey(focused);
    const focusInHand = Boolean(focused?.closest?.(".hand, .actions-bar"));
    const summaryOpen = this.moment?.stage === "summary" ? " summary-open" : "";
    replace(this.root, h("div", { class: `table-view${strip ? " has-strip" : ""}${summaryOpen}`, dataset: { game: ctx.gameName, phase: snap.view?.phase ?? "none", version: String(this.version) } }, felt, strip, bottom, side));
    this.freshCard = null;
    if (this.snapshot.view?.hand?.length) this.freshDeal = false;
    this.fitHand();
    this.turnSound(ctx);
    this.announcer.relabel();
    this.speak(ctx);
    // Keyboard play: a redraw keeps the focus on the same card or decision, else on the hand.
    // A control that went (Aanschuiven once seated) hands the focus to the first one left.
    if (focusInHand) (focusKey && this.root.querySelector(focusKey) || this.root.querySelector(".hand .card[tabindex='0'], .actions-bar button"))?.focus();
    if (typing) {
      this.chatInput.focus();
      this.chatInput.setSelectionRange(...caret);
    }
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.tick();
  }

  /** How to find the focused card or decision again after a redraw: its card, its
   *  action, the seat control it is (data-control) or its id; null for anything else. */
  focusKey(focused) {
    const data = focused?.dataset ?? {};
    if (data.card) return `.hand [data-card="${data.card}"]`;
    if (data.action) return `[data-action='${data.action}']`;
    if (data.control) return `[data-control="${data.control}"]`;
    if (focused?.id) return `#${CSS.escape(focused.id)}`;
    return null;
  }

  /** On a phone the hand and the decisions share a row; when the decisions (Klaverjassen's
   *  four "Ik speel …") leave the hand too little room, they get a row of their own. */
  fitHand() {
    const bottom = this.root.querySelector(".bottom");
    const hand = bottom?.querySelector(".hand");
    if (!hand) return;
    bottom.classList.remove("crowded");
    if (hand.scrollWidth > hand.clientWidth + 1) bottom.classList.add("crowded");
  }

  renderSeat(seat, ctx) {
    const pos = this.seatPosition(seat, 1.25, 1);
    return seatPlate(seat, ctx, {
      game: this.game,
      pos,
      toAct: this.snapshot.to_act || [],
      warned: seat === ctx.you && lastChance(ctx, this.snapshot.to_act),
      badge: this.badges?.[seat],
      open: () => this.openCard(seat),
    });
  }

  /** The seated players' ratings in this game and variant (GET /api/tables/{id}/ratings). */
  async loadBadges() {
    try {
      const found = await api("GET", `/tables/${this.id}/ratings`);
      this.badges = found.ratings;
      this.ratingRule = found.rule;
      this.render();
    } catch {
      /* no badges: the seats still show their names */
    }
  }

  /** The card of the player at `seat`, over the felt until closed. */
  openCard(seat) {
    const info = this.snapshot?.seats?.[seat];
    if (!info) return;
    const close = () => {
      this.card = null;
      this.render();
      this.root.querySelector(`.seat[data-seat="${seat}"]`)?.focus();
    };
    const mute = (player, on) => {
      if (on) this.muted.add(player);
      else this.muted.delete(player);
      toast(on ? t("card.muted", { name: info.name }) : t("card.unmute"));
      this.render();
    };
    const inviteTo = this.mayInvite() ? (s) => this.openInvite(s) : null;
    const ctx = { you: this.context().you, houseLevel: this.snapshot.info?.house_level ?? "basis", muted: this.muted, mute, close, link: this.app.link, rerender: () => this.render(), inviteTo };
    this.card = new PlayerCard(seat, info, this.badges?.[seat], ctx);
    this.render();
    this.root.querySelector(".player-card [data-control='close-card']")?.focus();
  }

  /** Whether you may invite someone here: you sit or wait, the house plays a seat, and
   *  the table's last game is not over (kroeg.tables.invitations refuses those). */
  mayInvite() {
    const snap = this.snapshot;
    if (!snap?.seats) return false;
    const here = snap.you != null || (snap.waiting || []).some((w) => w.player === this.conn.player);
    const over = !snap.running && Boolean(snap.view?.result);
    return here && !over && snap.seats.some((s) => s.house);
  }

  /** The invitation dialog (invite_card.js) for `seat`, or null: the seat the table offers. */
  openInvite(seat) {
    const close = () => {
      this.card = null;
      this.render();
      this.root.querySelector(seat === null ? "[data-control='invite']" : `.seat[data-seat="${seat}"]`)?.focus();
    };
    const seatName = seat === null ? null : this.snapshot.seats[seat].name;
    this.card = new InviteCard(seat, { table: this.id, seatName, send: (m) => this.conn.send(m), close, rerender: () => this.render() });
    this.render();
    this.root.querySelector(".invite-card [data-control='close-card']")?.focus();
  }

  cardButton(code, attrs = {}) {
    return h("button", { type: "button", class: "card", "aria-label": cardName(code), dataset: { card: code }, ...attrs }, cardSvg(code));
  }

  /** The card of the hand that holds its one tab stop: the one last focused while it is
   *  still in the hand, else the first you may play, else the first. */
  rovingCard(hand, usable) {
    if (this.handFocus && hand.includes(this.handFocus)) return this.handFocus;
    return hand.find((c) => usable.has(c)) ?? hand[0];
  }

  /** Focus the hand's tab stop (after a dialog the keys opened closes). */
  focusHand() {
    const card = this.root.querySelector(".hand .card[tabindex='0']");
    if (card) card.focus();
    else this.root.querySelector(".actions-bar button")?.focus();
  }

  renderHand(ctx) {
    const hand = ctx.view.hand && this.arranged(this.game.sortHand?.(ctx, ctx.view.hand) ?? ctx.view.hand);
    if (!hand) {
      const note = this.out && ctx.running ? t("table.out_hand") : ctx.you === null ? t("table.spectating") : ctx.view.phase ? t("table.hand_hidden") : "";
      return h("div", { class: "hand", role: "group", "aria-label": t("table.hand") }, note ? h("p", { class: "prompt" }, note) : null);
    }
    const selecting = this.game.cardMode === "select";
    const cardActions = new Map();
    for (const action of ctx.legal) {
      if (CARD_VERBS.has(action[0]) && typeof action[1] === "string") {
        if (!cardActions.has(action[1])) cardActions.set(action[1], []);
        cardActions.get(action[1]).push(action);
      }
    }
    const usable = selecting ? this.game.selectableCards(ctx) : new Set(cardActions.keys());
    const current = this.rovingCard(hand, usable);
    const buttons = hand.map((code, index) => {
      const legal = usable.has(code);
      const selected = this.selection.has(code);
      const attrs = {
        class: `card ${legal ? "legal" : "dim"}${selected ? " selected" : ""}${this.picked === code ? " picked" : ""}`,
        // Not disabled: clicked, a dimmed card is refused with the rules' reason.
        "aria-label": handCardName(code, legal),
        // The hand is one tab stop; the arrow keys move between its cards.
        tabindex: code === current ? "0" : "-1",
        onfocus: (e) => this.rove(e.currentTarget),
        "aria-pressed": this.arranging ? String(this.picked === code) : selecting ? String(selected) : null,
        draggable: "true",
        ondragstart: (e) => {
          e.dataTransfer.setData("text/x-kroeg-card", code);
          e.dataTransfer.effectAllowed = "move";
        },
        ondragover: (e) => e.preventDefault(),
        ondrop: (e) => {
          e.preventDefault();
          const moved = e.dataTransfer.getData("text/x-kroeg-card");
          if (moved) this.moveCard(hand, moved, code);
        },
        onclick: () => {
          if (this.arranging) {
            this.pickOrPut(hand, code);
            return;
          }
          if (!legal) {
            // The rules say why not: the server's refusal is shown next to the hand.
            if (this.game.cardVerb && ctx.running && !this.pending) this.send([this.game.cardVerb, code]);
            return;
          }
          if (selecting) {
            if (this.selection.has(code)) this.selection.delete(code);
            else this.selection.add(code);
            this.render();
            this.root.querySelector(`.hand [data-card="${code}"]`)?.focus();
          } else {
            const actions = cardActions.get(code);
            if (actions.length === 1) this.send(actions[0]);
          }
        },
        onkeydown: (e) => this.handKeys(e),
      };
      return this.cardButton(code, { ...attrs, style: { "--i": String(index) } });
    });
    return h("div", { class: `hand${hand.length > 8 ? " many" : ""}${this.freshDeal ? " dealt" : ""}${this.arranging ? " arranging" : ""}`, role: "group", "aria-label": t("table.hand") }, buttons);
  }

  /** The hand in the player's own order for this deal: the cards they moved where they put
   *  them, a card that came in since (drawn, exchanged) where the game's sort puts it. */
  arranged(sorted) {
    if (!this.handOrder) return sorted;
    const inHand = new Set(sorted);
    const kept = this.handOrder.filter((c) => inHand.has(c));
    const placed = new Set(kept);
    return [...kept, ...sorted.filter((c) => !placed.has(c))];
  }

  /** Put `card` where `target` lies in the hand as shown (drag, or two taps while arranging). */
  moveCard(shown, card, target) {
    if (card === target || !shown.includes(card) || !shown.includes(target)) return;
    const order = shown.filter((c) => c !== card);
    order.splice(shown.indexOf(target), 0, card);
    this.handOrder = order;
    this.render();
  }

  pickOrPut(shown, code) {
    if (this.picked === null || this.picked === code) {
      this.picked = this.picked === code ? null : code;
      this.render();
    } else {
      const card = this.picked;
      this.picked = null;
      this.moveCard(shown, card, code);
    }
    this.root.querySelector(`.hand [data-card="${code}"]`)?.focus();
  }

  /** "Schikken" (⇄): while on, tapping cards reorders the hand instead of playing them. */
  renderArrangeToggle(ctx) {
    if (!ctx.view.hand?.length || ctx.you === null) return null;
    const toggle = () => {
      this.arranging = !this.arranging;
      this.picked = null;
      this.render();
    };
    // A small button at the end of the decisions (a phone's felt has no room left in its corners).
    return h("button", { class: `btn arrange-toggle${this.arranging ? " primary" : ""}`, dataset: { control: "arrange" }, "aria-pressed": String(this.arranging), "aria-label": t("table.arrange"), title: t("table.arrange"), onclick: toggle }, "⇄");
  }

  /** The focused card takes the hand's one tab stop. */
  rove(card) {
    this.handFocus = card.dataset.card;
    for (const other of this.root.querySelectorAll(".hand .card")) other.tabIndex = other === card ? 0 : -1;
  }

  /** The arrow keys move between the cards (the hand is one tab stop), Home and End to
   *  the first and the last. Enter and Space are the button's own: they play or select. */
  handKeys(event) {
    const cards = [...this.root.querySelectorAll(".hand .card")];
    const index = cards.indexOf(event.currentTarget);
    const moves = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: cards.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    cards[Math.max(0, Math.min(cards.length - 1, moves[event.key]))]?.focus();
  }

  // Keys ------------------------------------------------------------------------

  /** The table's keys (keyboard.js): a letter per decision, Shift + a letter reads the
   *  state, `?` the key list, Escape closes what a key opened. */
  keys(event) {
    if (!this.snapshot || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.keyDialog?.open) return; // the <dialog> has its own keys: Escape closes it
    if (event.key === "Escape") {
      if (this.closeOpened()) event.preventDefault();
      return;
    }
    if (typing(event.target)) return;
    if (event.key === "?") {
      event.preventDefault();
      this.openKeys();
      return;
    }
    if (!/^[a-z]$/i.test(event.key)) return;
    const letter = event.key.toLowerCase();
    if (event.shiftKey) {
      const kind = READ_KEYS[letter.toUpperCase()];
      if (!kind) return;
      event.preventDefault();
      this.read(kind);
    } else if (ACTION_KEYS[letter]) {
      event.preventDefault();
      if (!pressAction(this.root, letter)) this.announcer.say(t("table.keys.nothing", { key: letter }));
    }
  }

  /** Say the state a reading command asks for, in the polite region. */
  read(kind) {
    const ctx = this.spokenContext();
    const hand = ctx.view.hand ? this.arranged(this.game.sortHand?.(ctx, ctx.view.hand) ?? ctx.view.hand) : null;
    const usable = this.game.cardMode === "select" ? this.game.selectableCards(ctx) : new Set(ctx.legal.filter((a) => CARD_VERBS.has(a[0])).map((a) => a[1]));
    const text = readState(kind, ctx, this.game, { hand, usable, clocks: this.clocks, last: this.announcer.last });
    this.announcer.say(text);
  }

  openKeys() {
    this.keyDialog?.remove();
    this.keyDialog = keyListDialog(this.snapshot?.info?.game, () => {
      this.keyDialog?.remove();
      this.keyDialog = null;
      this.focusHand();
    });
    document.body.append(this.keyDialog);
    this.keyDialog.showModal();
  }

  /** Escape: the previous trick, the score side panel. True when something closed. */
  closeOpened() {
    if (this.card) this.card = null;
    else if (this.previousOpen) this.previousOpen = false;
    else if (this.sideOpen) this.sideOpen = false;
    else return false;
    this.render();
    this.focusHand();
    return true;
  }

  renderActions(ctx) {
    const snap = this.snapshot;
    const controls = [];
    // Once you are out, no prompt: the game no longer waits for you (timeouts.js).
    const prompt = snap.view && !this.out ? this.game.prompt?.(ctx) : null;
    if (snap.running && ctx.you !== null) {
      for (const action of ctx.legal) {
        if (CARD_VERBS.has(action[0]) && typeof action[1] === "string" && this.game.cardMode !== "select") continue;
        if (this.game.handlesVerb?.(action[0])) continue;
        const label = this.game.actionLabel?.(action, ctx) ?? t(`verb.${action[0]}`);
        controls.push(h("button", { class: `btn ${this.game.primaryVerbs?.has(action[0]) ? "primary" : ""}`, dataset: { action: JSON.stringify(action), verb: action[0] }, "aria-keyshortcuts": keyOf(action[0]) ?? null, onclick: () => this.send(action) }, label));
      }
      controls.push(...(this.game.extraControls?.(ctx) || []));
    }
    // Seat controls between games, for spectators and for leaving.
    const houseSeat = ctx.seats.some((s) => s.house);
    const waiting = (snap.waiting || []).some((w) => w.player === this.conn.player);
    // The out screen offers the next game itself: one button for it, not two.
    if (ctx.you === null && !waiting && houseSeat && !(this.out && !this.out.closed)) {
      controls.push(h("button", { class: "btn primary", dataset: { control: "sit" }, onclick: () => this.tableMessage("sit") }, snap.running ? t("table.join_waitlist") : t("table.sit")));
    }
    if (waiting) controls.push(h("span", { class: "prompt" }, t("table.on_waitlist")));
    // "Nog een potje" once: the result's own button while the result is shown.
    if (ctx.you !== null && !snap.running) {
      if (!this.resultOpen(ctx)) controls.push(h("button", { class: "btn primary", dataset: { control: "start" }, onclick: () => this.tableMessage("start") }, snap.game_id ? t("table.again") : t("table.start")));
      controls.push(h("button", { class: "btn", dataset: { control: "stand" }, onclick: () => this.tableMessage("stand") }, t("table.stand")));
    }
    // Before the game, beside the seats: invite someone you follow (invite_card.js); after
    // "Begin het spel", which keeps the first place (and the focus once you sat down).
    if (!snap.running && this.mayInvite()) controls.push(this.inviteButton());
    controls.push(this.renderArrangeToggle(ctx));
    const note = this.refusal ? h("span", { class: "refusal", id: "refusal", role: "alert" }, this.refusal) : lastChance(ctx, snap.to_act) ? warningNote() : prompt ? h("span", { class: "prompt", id: "prompt" }, prompt) : null;
    return h("div", { class: "actions-bar", role: "toolbar", "aria-label": t("table.actions") }, note, controls);
  }

  renderTableInfo(ctx) {
    const snap = this.snapshot;
    const info = snap.info || {};
    const invite = `${location.origin}/t/${this.id}`;
    return h(
      "section",
      { class: "table-info" },
      h("h2", {}, t(`game.${info.game}`)),
      h("p", { class: "prompt" }, t("table.info_line", { variant: this.game.variantLabel?.(info) ?? t(`variant.${info.game}.${info.variant}`), seconds: info.clock_seconds ?? 60, n: snap.spectators ?? 0 })),
      (snap.waiting || []).length ? h("p", { class: "prompt" }, t("table.waiting_list", { names: snap.waiting.map((w) => w.name).join(", ") })) : null,
      h(
        "div",
        { class: "invite" },
        h("input", { type: "text", readonly: true, value: invite, "aria-label": t("table.invite_link"), onfocus: (e) => e.target.select() }),
        h("button", { class: "btn small", onclick: () => navigator.clipboard?.writeText(invite).then(() => toast(t("table.copied"))) }, t("table.copy")),
      ),
      h("div", { class: "chat-presets", style: { "margin-top": "6px" } }, h("a", { href: "/", class: "btn small", role: "button", onclick: this.app.link("/"), style: { display: "inline-flex", "align-items": "center", "text-decoration": "none" } }, t("nav.lobby")), rulesButton(info.game, info.variant), this.leaveButton(ctx)),
    );
  }

  inviteButton() {
    return h("button", { class: "btn small", dataset: { control: "invite" }, onclick: () => this.openInvite(null) }, t("invite.button"));
  }

  /** Leaving during a game loses it (docs/protocol.md, leave): the first click only arms the button. */
  leaveButton(ctx) {
    if (ctx.you === null || !this.snapshot.running) return null;
    return h(
      "button",
      {
        class: `btn small ${this.leaveArmed ? "danger" : ""}`,
        id: "leave",
        onclick: () => {
          if (!this.leaveArmed) {
            this.leaveArmed = true;
            this.render();
            setTimeout(() => {
              this.leaveArmed = false;
              this.render();
            }, 4000);
            return;
          }
          this.tableMessage("leave");
          this.app.navigate("/");
        },
      },
      this.leaveArmed ? t("table.leave_confirm") : t("table.leave"),
    );
  }

  renderChat() {
    const presets = this.conn.presets?.length ? this.conn.presets : ["mieke", "wie_schrijft_blijft"];
    // One input for the page's life: every frame redraws the table, and a new input each
    // time threw away what was being typed (and the focus) whenever the house moved.
    this.chatInput = this.chatInput || h("input", { type: "text", maxlength: 120, id: "chat-input" });
    const input = this.chatInput;
    input.setAttribute("aria-label", t("chat.input"));
    input.setAttribute("placeholder", t("chat.placeholder"));
    return h(
      "div",
      { class: "chat-controls" },
      h("div", { class: "chat-presets" }, presets.map((p) => h("button", { class: "btn small", onclick: () => this.tableMessage("chat", { preset: p }) }, this.presetText(p)))),
      h(
        "form",
        {
          class: "name-form",
          onsubmit: (e) => {
            e.preventDefault();
            const text = input.value.trim();
            if (text) this.tableMessage("chat", { text });
            input.value = "";
          },
        },
        input,
        h("button", { class: "btn small", type: "submit" }, t("chat.send")),
      ),
    );
  }

  /** The screen once the clock (or leaving) took you out of the running game. */
  renderOut() {
    if (!this.out || this.out.closed) return null;
    const close = () => {
      this.out.closed = true;
      this.render();
    };
    const waiting = (this.snapshot.waiting || []).some((w) => w.player === this.conn.player);
    return outDialog(this.out, { next: () => this.tableMessage("sit"), lobby: this.app.link("/"), close, waiting });
  }

  /** Whether the result of the last game is shown (its dialog offers "Nog een potje"). */
  resultOpen(ctx) {
    return !this.snapshot.running && Boolean(ctx.view.result) && !this.resultClosed && !this.moment;
  }

  renderResult(ctx) {
    const snap = this.snapshot;
    if (!this.resultOpen(ctx)) return null;
    this.endRatings.follow(snap.game_id, snap.info?.rated);
    const replay = snap.game_id ? `/t/${this.id}?replay=${snap.game_id}` : null;
    const setResult = this.houseSet && resultPath(this.houseSet.id);
    return resultDialog(ctx, {
      game: this.game,
      outcome: this.lastResult?.outcomes?.[ctx.you],
      ratings: this.endRatings.render(ctx, this.badges?.[ctx.you], this.ratingRule),
      again: setResult ? null : () => this.tableMessage("start"),
      next: setResult ? { id: "house-set-result", href: setResult, onclick: this.app.link(setResult), text: t("house.to_result") } : null,
      replay: replay && { href: replay, onclick: this.app.link(replay) },
      close: () => {
        this.resultClosed = true;
        this.render();
      },
    });
  }


  tick() {
    if (!this.snapshot) return;
    for (const seatEl of this.root.querySelectorAll(".seat")) {
      const seat = Number(seatEl.dataset.seat);
      updateRing(seatEl.querySelector(".ring"), seatEl.querySelector(".clock-label"), this.clocks.get(seat), this.clockSeconds, seatEl.querySelector(".countdown"));
    }
    this.clockSound();
    this.clockSpeech();
  }
}
