// The organiser's form for a new club night (POST /api/clubs/{club}/nights): the game,
// its variant and options as the new-table form offers them (option_fields.js, from
// GET /api/variants), the table size where the variant allows a choice, the rounds,
// the deals per round, at the bar or online, a pair night for Klaverjassen, the
// pairing: geloot (the default), Swiss, or a Mitchell or Howell movement at the bar, and
// a duplicate (portefeuille) night for Klaverjassen, scored by percent or butler, and
// the byes: who does not fill a table sits out ("rust") scored by their average or a
// fixed score, or the house takes the empty seats (docs/clubs.md, "Byes").

import { api } from "./api.js";
import { h } from "./dom.js";
import { clubErrorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { checkNumber, offered, optionField, optionLabel, refusedOption, variantLabel } from "./option_fields.js";

const ROUNDS = { low: 1, high: 12, start: 4 };
const DEALS = { low: 1, high: 32 };
const DEALS_START = { klaverjassen: 16, toepen: 8, eurokaarten: 8 };
const MOVEMENTS = ["mitchell", "howell"];
/** The fixed bye score's default per deal of a round (clubs/byes.py FIXED_PER_DEAL). */
const BYE_PER_DEAL = { klaverjassen: 81, toepen: 0, eurokaarten: 0 };

/**
 * What Mieke's sheet cannot score (docs/clubs.md, "Not built yet"): Klaverjassen kraken
 * (a factor per deal) and double spades. At the bar these are not offered; online the
 * tables themselves score, so every option stays.
 */
const NOT_AT_THE_BAR = { klaverjassen: { options: ["double_spades"], choices: { trump_mode: ["kraken"] } } };

function barLimits(game, mode) {
  return mode === "bar" ? NOT_AT_THE_BAR[game] ?? {} : {};
}

/** The form's state for a game: its first variant with the variant's defaults. */
function startState(g, mode = "bar") {
  const variant = Object.keys(g.variants)[0];
  return { game: g.game, variant, options: {}, tableSize: null, rounds: ROUNDS.start, deals: DEALS_START[g.game] ?? 8, mode, pairs: false, pairing: "random", duplicate: "", byes: null, byeScore: "", title: "" };
}

export class NightForm {
  /** `games`: GET /api/variants' games; `done(night)` when the night is made. */
  constructor(clubId, games, redraw, done) {
    this.clubId = clubId;
    this.games = games;
    this.redraw = redraw;
    this.done = done;
    // Club nights are mostly klaverjasavonden: the form starts there.
    this.state = startState(games.find((g) => g.game === "klaverjassen") ?? games[0]);
    this.refused = null;
    this.busy = false;
  }

  game() {
    return this.games.find((g) => g.game === this.state.game);
  }

  /** The option's value now: the organiser's choice, else the variant's default. */
  value(name) {
    const s = this.state;
    return name in s.options ? s.options[name] : this.game().variants[s.variant][name];
  }

  /** The options the form offers now: refinements only under their parent, and at the
   *  bar only what the sheet scores. */
  offeredOptions() {
    const g = this.game();
    const limits = barLimits(g.game, this.state.mode);
    return Object.entries(g.options).filter(([name, spec]) => offered(spec, (n) => this.value(n)) && !(limits.options ?? []).includes(name));
  }

  /** The pairings the night may have: Swiss pairs pairs at Klaverjassen; a movement is
   *  for a klaverjas pair night at the bar (docs/clubs.md). */
  pairings() {
    const s = this.state;
    const kj = s.game === "klaverjassen";
    const out = ["random"];
    if (!kj || s.pairs) out.push("swiss");
    if (kj && s.pairs && s.mode === "bar") out.push("mitchell", "howell");
    return out;
  }

  change(patch, focus) {
    Object.assign(this.state, patch);
    if (!this.pairings().includes(this.state.pairing)) this.state.pairing = "random";
    this.refused = null;
    this.redraw();
    if (focus) document.getElementById(focus)?.focus();
  }

  render() {
    const s = this.state;
    const g = this.game();
    const seatChoices = g.variant_seats?.[s.variant] ?? [];
    const limits = barLimits(g.game, s.mode);
    const rows = this.offeredOptions().map(([name, spec]) => {
      const shut = limits.choices?.[name] ?? [];
      const choices = spec.choices?.filter((c) => !shut.includes(c));
      const set = (v, redraw) => {
        s.options[name] = v;
        this.refused = null;
        if (redraw) this.change({}, `opt-${name}`);
      };
      return optionField(g, name, spec, this.value(name), g.variants[s.variant][name], set, choices);
    });
    const number = (id, label, range, value, key) =>
      h(
        "div",
        { class: "option" },
        h("label", { for: id }, label),
        h("input", { type: "number", id, class: "num", min: range.low, max: range.high, step: 1, required: true, value, dataset: { low: range.low, high: range.high, label }, onchange: (e) => this.changeNumber(key, Number(e.target.value)) }),
        h("span", { class: "help" }, t("club.org.range", { low: range.low, high: range.high })),
      );
    return h(
      "form",
      { class: "create-form", id: "night-form", novalidate: true, onsubmit: (e) => this.submit(e) },
      h(
        "div",
        { class: "option" },
        h("label", { for: "night-title" }, t("club.org.night_title")),
        h("input", { type: "text", id: "night-title", maxlength: 64, value: s.title, placeholder: t("club.org.night_title_hint"), oninput: (e) => (s.title = e.target.value) }),
      ),
      h(
        "div",
        { class: "row" },
        h("label", { for: "night-game" }, t("club.org.game")),
        h("select", { id: "night-game", onchange: (e) => this.change(startState(this.games.find((x) => x.game === e.target.value), s.mode), "night-game") }, this.games.map((x) => h("option", { value: x.game, selected: x.game === s.game }, t(`game.${x.game}`)))),
        h("label", { for: "night-variant" }, t("lobby.variant")),
        h("select", { id: "night-variant", onchange: (e) => this.change({ variant: e.target.value, options: {}, tableSize: null }, "night-variant") }, Object.keys(g.variants).map((v) => h("option", { value: v, selected: v === s.variant }, variantLabel(g.game, v)))),
        seatChoices.length > 1
          ? [
              h("label", { for: "night-size" }, t("club.org.table_size")),
              h("select", { id: "night-size", onchange: (e) => (s.tableSize = Number(e.target.value)) }, seatChoices.map((n) => h("option", { value: n, selected: n === this.tableSize() }, String(n)))),
            ]
          : h("span", { class: "prompt", id: "night-size-fixed" }, t("lobby.seats_fixed", { n: this.tableSize() })),
      ),
      h(
        "div",
        { class: "row" },
        h("label", { for: "night-mode" }, t("club.org.mode")),
        h("select", { id: "night-mode", onchange: (e) => this.change({ mode: e.target.value }, "night-mode") }, ["bar", "online"].map((m) => h("option", { value: m, selected: m === s.mode }, t(`club.org.mode.${m}`)))),
        // Only Klaverjassen has pairs: the other games are played each for themselves.
        g.game === "klaverjassen"
          ? h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "night-pairs", checked: s.pairs, onchange: (e) => this.change({ pairs: e.target.checked }, "night-pairs") }), " ", t("club.org.pairs"))
          : null,
      ),
      h("p", { class: "help" }, t(`club.org.mode_help.${s.mode}`)),
      h(
        "div",
        { class: "row" },
        h("label", { for: "night-pairing" }, t("club.org.pairing")),
        h("select", { id: "night-pairing", onchange: (e) => this.change({ pairing: e.target.value }, "night-pairing") }, this.pairings().map((p) => h("option", { value: p, selected: p === s.pairing }, t(`club.org.pairing.${p}`)))),
      ),
      h("p", { class: "help", id: "night-pairing-help" }, t(`club.org.pairing_help.${s.pairing}`)),
      // Portefeuille: every table plays the same boards (docs/clubs.md, "Duplicate").
      // A movement night deals its own boards: no duplicate choice beside it.
      g.game === "klaverjassen" && !MOVEMENTS.includes(s.pairing)
        ? h(
            "div",
            { class: "row" },
            h("label", { for: "night-duplicate" }, t("club.org.duplicate")),
            h("select", { id: "night-duplicate", onchange: (e) => (s.duplicate = e.target.value) }, ["", "matchpoints", "butler"].map((d) => h("option", { value: d, selected: d === s.duplicate }, t(`club.org.duplicate.${d || "none"}`)))),
          )
        : null,
      MOVEMENTS.includes(s.pairing) ? null : this.byesRows(),
      number("night-rounds", t("club.org.rounds"), ROUNDS, s.rounds, "rounds"),
      number("night-deals", t("club.org.deals"), DEALS, s.deals, "deals"),
      rows,
      this.refused ? h("p", { class: "refused", role: "alert", id: "night-refused" }, this.refused) : null,
      h("div", { class: "row" }, h("button", { type: "submit", class: "btn primary", disabled: this.busy }, t("club.org.create_night"))),
    );
  }

  changeNumber(key, value) {
    this.state[key] = value;
    // The fixed bye score's default and highest follow the deals per round.
    const score = document.getElementById("night-bye-score");
    if (!score) return;
    score.placeholder = String(this.byeDefault());
    score.max = score.dataset.high = String(this.byeMax());
  }

  /** The highest fixed bye score (clubs/byes.py MAX_FIXED_PER_DEAL a deal). */
  byeMax() {
    return 500 * this.state.deals;
  }

  byeDefault() {
    return (BYE_PER_DEAL[this.state.game] ?? 0) * this.state.deals;
  }

  /** The byes rule now: the organiser's choice, else the mode's default (the house
   *  online, the average at the bar). */
  byes() {
    return this.state.byes ?? (this.state.mode === "online" ? "house" : "average");
  }

  byesRows() {
    const s = this.state;
    const rule = this.byes();
    return [
      h(
        "div",
        { class: "row" },
        h("label", { for: "night-byes" }, t("club.org.byes")),
        h("select", { id: "night-byes", onchange: (e) => this.change({ byes: e.target.value }, "night-byes") }, ["average", "fixed", "house"].map((b) => h("option", { value: b, selected: b === rule }, t(`club.org.byes.${b}`)))),
      ),
      h("p", { class: "help", id: "night-byes-help" }, t(`club.org.byes_help.${rule}`)),
      rule === "fixed"
        ? h("div", { class: "option" }, h("label", { for: "night-bye-score" }, t("club.org.bye_score")), h("input", { type: "number", id: "night-bye-score", class: "num", min: 0, max: this.byeMax(), step: 1, inputmode: "numeric", value: s.byeScore, placeholder: String(this.byeDefault()), dataset: { low: 0, high: this.byeMax(), label: t("club.org.bye_score") }, oninput: (e) => (s.byeScore = e.target.value) }))
        : null,
    ];
  }

  /** The table size sent: the organiser's choice where the variant allows it, else its usual. */
  tableSize() {
    const s = this.state;
    const g = this.game();
    const allowed = g.variant_seats?.[s.variant] ?? [];
    if (allowed.includes(s.tableSize)) return s.tableSize;
    const usual = g.traits?.[s.variant]?.usual_seats;
    return allowed.includes(usual) ? usual : allowed[0];
  }

  async submit(event) {
    event.preventDefault();
    // A number outside its range is not sent: the form says which one, in Dutch.
    const bad = [...event.target.querySelectorAll("input[type=number]")].find((input) => !checkNumber(input));
    if (bad) {
      const label = bad.dataset.label ?? optionLabel(this.state.game, bad.id.replace(/^opt-/, ""));
      this.refused = t("club.org.out_of_range", { field: label, low: bad.dataset.low, high: bad.dataset.high });
      this.redraw();
      return;
    }
    const s = this.state;
    const g = this.game();
    const options = Object.fromEntries(Object.entries(s.options).filter(([name]) => this.offeredOptions().some(([n]) => n === name)));
    const body = { game: s.game, variant: s.variant, options, table_size: this.tableSize(), rounds: s.rounds, deals_per_round: s.deals, mode: s.mode, pairs: s.game === "klaverjassen" && s.pairs, pairing: s.pairing };
    if (s.game === "klaverjassen" && s.duplicate && !MOVEMENTS.includes(s.pairing)) body.duplicate = s.duplicate;
    if (!MOVEMENTS.includes(s.pairing)) body.byes = this.byes();
    if (body.byes === "fixed" && String(s.byeScore).trim() !== "") body.bye_score = Number(s.byeScore);
    // Without a name the night is called after its game and date, in the page's language.
    const today = new Date().toLocaleDateString(lang() === "en" ? "en-GB" : "nl-NL", { day: "numeric", month: "long", year: "numeric" });
    body.title = s.title.trim() || t("club.org.default_title", { game: t(`game.${s.game}`), date: today });
    this.busy = true;
    try {
      const night = await api("POST", `/clubs/${encodeURIComponent(this.clubId)}/nights`, body);
      this.done(night);
    } catch (err) {
      const option = err.code === "bad_options" ? refusedOption(err, Object.keys(g.options)) : null;
      this.refused = option ? t("lobby.refused_option", { option: optionLabel(g.game, option) }) : clubErrorText(err);
      this.busy = false;
      this.redraw();
    }
  }
}
