// A club night's page (/clubs/avond/{night}, docs/clubs.md "Organiser pages"): who plays,
// the schedule of every round once the night is open (tables, the house's seats marked),
// links to the big screen, the standings and the tables' score links; to the club's
// organisers the controls: register players, open the night, start and finish each round,
// replace a player who left, close the night. It follows the night's changes (a long poll)
// so a second organiser's phone shows the same.

import { api } from "./api.js";
import { addMember, clubPath, myClubs, organises, RefusedHere, refusalLine } from "./clubs.js";
import { h, replace } from "./dom.js";
import { clubErrorText } from "./errors.js";
import { t } from "./i18n.js";
import { variantLabel } from "./option_fields.js";

const RETRY_MS = 3000;

/** The night as the page shows it: everything but its change count. */
function shape(night) {
  return JSON.stringify({ ...night, changes: null });
}

export class NightView {
  constructor(root, app, nightId) {
    this.root = root;
    this.app = app;
    this.nightId = nightId;
    this.night = null;
    this.refused = null;
    this.busy = false;
    this.alive = true;
    this.load().then(() => this.follow());
  }

  destroy() {
    this.alive = false;
  }

  path(tail = "") {
    return `/clubs/nights/${encodeURIComponent(this.nightId)}${tail}`;
  }

  async load() {
    try {
      this.night = await api("GET", this.path());
      const [club, mine] = await Promise.all([api("GET", clubPath(this.night.club_id)), myClubs()]);
      this.club = club;
      this.organiser = organises(mine, club.id);
    } catch (err) {
      if (!this.night) {
        replace(this.root, h("div", { class: "lobby clubs" }, h("p", { class: "refused", role: "alert", id: "page-refused" }, clubErrorText(err))));
        return;
      }
    }
    this.render();
  }

  /** Redraw whenever the night changes (a scorer's line, another organiser's step). */
  async follow() {
    while (this.alive && this.night) {
      try {
        const r = await fetch(`/api${this.path(`/changes?after=${this.night.changes}`)}`);
        if (!r.ok) throw new Error(String(r.status));
        const { changes } = await r.json();
        if (this.alive && changes !== this.night.changes && !this.busy) await this.refresh();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** After a change: redraw only when the night itself moved, not for a score line
   *  (a redraw would reset a choice the organiser is making). */
  async refresh() {
    const before = shape(this.night);
    const night = await api("GET", this.path());
    if (shape(night) === before) {
      this.night = night;
      return;
    }
    await this.load();
  }

  /** An organiser's step: refused, it says why in Dutch and the page shows the night as it is. */
  async act(method, tail, body) {
    this.busy = true;
    this.refused = null;
    try {
      this.night = await api(method, this.path(tail), body);
    } catch (err) {
      this.refused = clubErrorText(err);
    }
    this.busy = false;
    await this.load();
  }

  render() {
    const n = this.night;
    if (!n || !this.club) return;
    const a = (path, text, id) => h("a", { href: path, class: "btn", id, onclick: this.app.link(path) }, text);
    const ext = (href, text, id) => h("a", { href, class: "btn", id, target: "_blank", rel: "noopener" }, text);
    const hash = `#${encodeURIComponent(n.id)}`;
    replace(
      this.root,
      h(
        "div",
        { class: "lobby clubs" },
        h(
          "header",
          { class: "club-head" },
          a(clubPath(this.club.id), t("club.org.back_club", { club: this.club.name }), "back-club"),
          h("h1", { id: "night-title" }, n.title),
          h("p", { class: "prompt", id: "night-what" }, this.description()),
          h("p", { id: "night-status", role: "status" }, this.status()),
        ),
        this.organiser ? this.controls() : null,
        this.organiser ? refusalLine("night-refused", this.refused) : null,
        h(
          "div",
          { class: "club-links" },
          ext(`/web/mieke/stand.html${hash}`, t("club.org.big_screen"), "link-stand"),
          ext(`/api/clubs/nights/${encodeURIComponent(n.id)}/standings.csv`, t("club.org.csv"), "link-csv"),
          this.organiser && n.mode === "bar" && n.status !== "draft" ? ext(`/web/mieke/links.html${hash}`, t("club.org.score_links"), "link-sheets") : null,
          // A movement night's printed papers: the boards hold every hand, so organisers only.
          this.organiser && n.boards ? ext(`/api/clubs/nights/${encodeURIComponent(n.id)}/boards.pdf`, t("club.org.boards_pdf"), "link-boards") : null,
          this.organiser && n.boards ? ext(`/api/clubs/nights/${encodeURIComponent(n.id)}/movement.pdf`, t("club.org.movement_pdf"), "link-movement") : null,
        ),
        this.playersPanel(),
        n.status === "draft" ? null : this.schedulePanel(),
      ),
    );
  }

  description() {
    const n = this.night;
    const parts = [t(`game.${n.game}`), variantLabel(n.game, n.variant), t(`club.org.mode.${n.mode}`), t("club.org.shape", { n: n.rounds, deals: n.deals_per_round, size: n.table_size })];
    if (n.pairs) parts.push(t("club.org.pairs"));
    if (n.pairing && n.pairing !== "random") parts.push(t(`club.org.pairing.${n.pairing}`));
    if (n.byes && n.byes !== "house") parts.push(t(`club.org.byes_short.${n.byes}`, { score: n.bye_score }));
    // A duplicate night: its scoring, and the board set it committed to when announced.
    if (n.duplicate) parts.push(t(`club.org.duplicate.${n.duplicate.scoring}`), t("club.dup.committed", { commitment: `${n.duplicate.set.commitment.slice(0, 16)}…` }));
    if (n.boards?.source === "imported") parts.push(t("club.org.own_boards_played", { commitment: `${n.boards.commitment.slice(0, 16)}…` }));
    return parts.join(" · ");
  }

  status() {
    const n = this.night;
    if (n.status === "draft") return t("club.org.status_draft");
    if (n.status === "closed") return t("club.org.status_closed");
    if (n.round_running) return t("club.stand.round_running", { round: n.current_round, rounds: n.rounds });
    if (n.current_round) return t("club.stand.round_done", { round: n.current_round, rounds: n.rounds });
    return t("club.org.status_open");
  }

  /** Only what the night's state allows: register and open a draft; rounds, a
   *  replacement and closing an open night; nothing once it is closed. */
  controls() {
    const n = this.night;
    const button = (id, text, onclick, cls = "btn primary") => h("button", { id, class: cls, disabled: this.busy, onclick }, text);
    if (n.status === "closed") return null;
    if (n.status === "draft") {
      return h("section", { class: "card-panel", "aria-labelledby": "register-h" }, h("h2", { id: "register-h" }, t("club.org.register")), this.registerForm(), this.registerManyForm(), this.newPlayerForm(), this.ownBoardsForm(), h("div", { class: "row club-actions" }, button("open-night", t("club.org.open"), () => this.act("POST", "/open"))), h("p", { class: "help" }, t("club.org.open_help")));
    }
    const next = n.current_round + 1;
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "run-h" },
      h("h2", { id: "run-h" }, t("club.org.run")),
      h(
        "div",
        { class: "row club-actions" },
        n.round_running
          ? button("finish-round", t("club.org.finish_round", { n: n.current_round }), () => this.act("POST", "/rounds/finish"))
          : next <= n.rounds
            ? button("start-round", t("club.org.start_round", { n: next }), () => this.act("POST", "/rounds/start"))
            : null,
        button("close-night", t("club.org.close"), () => window.confirm(t("club.org.close_confirm")) && this.act("POST", "/close"), "btn danger"),
      ),
      h("h3", {}, t("club.org.replace_title")),
      this.replaceForm(),
    );
  }

  /** A movement night's own board set before it opens: a kroeg-boards/1 file from the
   *  club's dealing program (docs/clubs.md, "Een eigen spellenset"), checked board by
   *  board by the server; without one the night deals its own. */
  ownBoardsForm() {
    const n = this.night;
    if (n.pairing !== "mitchell" && n.pairing !== "howell") return null;
    const state = n.own_boards
      ? t("club.org.own_boards_in", { count: n.own_boards.count, commitment: `${n.own_boards.commitment.slice(0, 16)}…` })
      : t("club.org.own_boards_help");
    return h(
      "div",
      { class: "own-boards" },
      h("label", { for: "own-boards" }, t("club.org.own_boards")),
      h("input", { type: "file", id: "own-boards", accept: "application/json,.json", disabled: this.busy, onchange: (e) => this.importBoards(e.target.files[0]) }),
      h("p", { class: "help", id: "own-boards-state" }, state),
    );
  }

  async importBoards(file) {
    if (!file) return;
    let doc;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      this.refused = t("club.org.own_boards_not_json");
      this.render();
      return;
    }
    await this.act("PUT", "/boards", doc);
  }

  /** The club's members not yet playing tonight, as choices; on an online night only
   *  accounts (a guest plays at the bar: the server refuses one with guest_online, so
   *  none is offered, to play or to replace; issue 32, bug 14). */
  free() {
    const playing = new Set(this.night.players.map((p) => p.member));
    const online = this.night.mode === "online";
    return this.club.members.filter((m) => !playing.has(m.id) && !(online && m.guest));
  }

  /** Several members at once (a night of single players): a box each, "Iedereen" to tick
   *  them all, then one registration after the other in the list's order; a refusal
   *  stops there and is said (those before it stay registered). */
  registerManyForm() {
    const free = this.free();
    if (this.night.pairs || free.length < 2) return null;
    const boxes = free.map((m) => h("label", { class: "toggle", dataset: { member: m.id } }, h("input", { type: "checkbox", value: m.id, name: "many" }), " ", m.guest ? `${m.name} (${t("club.org.guest")})` : m.name));
    const all = h("input", { type: "checkbox", id: "register-all", onchange: (e) => boxes.forEach((b) => (b.querySelector("input").checked = e.target.checked)) });
    return h(
      "form",
      { class: "club-inline-form register-many", id: "register-many-form", onsubmit: (e) => this.registerMany(e) },
      h("fieldset", {}, h("legend", {}, t("club.org.register_many")), h("label", { class: "toggle" }, all, " ", t("club.org.register_all")), boxes),
      h("button", { type: "submit", class: "btn primary", disabled: this.busy }, t("club.org.register_many_submit")),
    );
  }

  async registerMany(event) {
    event.preventDefault();
    const chosen = [...this.root.querySelectorAll("#register-many-form input[name=many]:checked")].map((b) => b.value);
    if (!chosen.length) return;
    this.busy = true;
    this.refused = null;
    for (const member of chosen) {
      try {
        this.night = await api("POST", this.path("/players"), { member });
      } catch (err) {
        this.refused = clubErrorText(err);
        break;
      }
    }
    this.busy = false;
    await this.load();
  }

  memberSelect(id, members, label) {
    return [h("label", { for: id }, label), h("select", { id }, members.map((m) => h("option", { value: m.id }, m.guest ? `${m.name} (${t("club.org.guest")})` : m.name)))];
  }

  registerForm() {
    const free = this.free();
    if (!free.length) return h("p", { class: "empty", id: "nobody-free" }, t("club.org.all_registered"));
    const pairs = this.night.pairs;
    return h(
      "form",
      {
        class: "club-inline-form",
        id: "register-form",
        onsubmit: (e) => {
          e.preventDefault();
          const body = { member: this.root.querySelector("#register-member").value };
          if (pairs) body.partner = this.root.querySelector("#register-partner").value;
          this.act("POST", "/players", body);
        },
      },
      this.memberSelect("register-member", free, t(pairs ? "club.org.player_1" : "club.org.player")),
      pairs ? this.memberSelect("register-partner", free.slice(1).concat(free.slice(0, 1)), t("club.org.player_2")) : null,
      h("button", { type: "submit", class: "btn primary", disabled: this.busy }, t("club.org.register_submit")),
    );
  }

  /** Someone not yet in the club: an account by its name or a guest by a name becomes a
   *  member and, on a night of single players, is registered at once. */
  newPlayerForm() {
    const pairs = this.night.pairs;
    return h(
      "form",
      { class: "club-inline-form", id: "new-player-form", onsubmit: (e) => this.newPlayer(e) },
      h("label", { for: "new-player-name" }, t("club.org.new_player")),
      h("input", { type: "text", id: "new-player-name", maxlength: 64 }),
      h("select", { id: "new-player-kind", "aria-label": t("club.org.member_kind") }, h("option", { value: "member" }, t("club.org.kind.member")), this.night.mode === "online" ? null : h("option", { value: "guest" }, t("club.org.kind.guest"))),
      h("button", { type: "submit", class: "btn", disabled: this.busy }, t(pairs ? "club.org.add" : "club.org.add_register")),
    );
  }

  async newPlayer(event) {
    event.preventDefault();
    const name = this.root.querySelector("#new-player-name").value.trim();
    const kind = this.root.querySelector("#new-player-kind").value;
    this.busy = true;
    this.refused = null;
    try {
      const member = await addMember(this.club.id, name, kind);
      if (!this.night.pairs) this.night = await api("POST", this.path("/players"), { member: member.id });
    } catch (err) {
      this.refused = err instanceof RefusedHere ? err.message : clubErrorText(err);
    }
    this.busy = false;
    await this.load();
    if (!this.refused) return;
    this.root.querySelector("#new-player-name").value = name; // a refused name stays to be put right
    this.root.querySelector("#new-player-kind").value = kind;
  }

  replaceForm() {
    const playing = this.night.players.filter((p) => !p.left);
    const names = new Map(this.club.members.map((m) => [m.id, m]));
    return h(
      "form",
      {
        class: "club-inline-form",
        id: "replace-form",
        onsubmit: (e) => {
          e.preventDefault();
          this.act("POST", "/replace", { out: this.root.querySelector("#replace-out").value, replacement: this.root.querySelector("#replace-by").value });
        },
      },
      this.memberSelect("replace-out", playing.map((p) => names.get(p.member) ?? { id: p.member, name: p.name }), t("club.org.replace_out")),
      this.memberSelect("replace-by", this.free(), t("club.org.replace_by")),
      h("button", { type: "submit", class: "btn", disabled: this.busy || !this.free().length }, t("club.org.replace")),
    );
  }

  playersPanel() {
    const n = this.night;
    const names = new Map(n.players.map((p) => [p.member, p.name]));
    // A pair night lists each pair once, "Anna & Bert".
    const shown = n.pairs ? n.players.filter((p) => !p.partner || p.member < p.partner || !names.has(p.partner)) : n.players;
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "players-h" },
      h("h2", { id: "players-h" }, t("club.org.players", { n: n.players.filter((p) => !p.left).length })),
      shown.length
        ? h("ul", { class: "club-names", id: "night-players" }, shown.map((p) => h("li", { class: p.left ? "left" : "", dataset: { member: p.member } }, n.pairs && p.partner ? `${p.name} & ${names.get(p.partner) ?? "?"}` : p.name, p.left ? h("span", { class: "prompt" }, ` (${t("club.org.left")})`) : null)))
        : h("p", { class: "empty" }, t("club.org.no_players")),
    );
  }

  /** Every round's tables, shown in advance; the house's seats marked, and who sits
   *  the round out on a night with byes ("Rust: Anna"). */
  schedulePanel() {
    const n = this.night;
    const teams = n.game === "klaverjassen";
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "schedule-h" },
      h("h2", { id: "schedule-h" }, t("club.org.schedule")),
      h("p", { class: "help" }, t(`${teams ? "club.org.schedule_help_teams" : "club.org.schedule_help"}${n.byes && n.byes !== "house" ? "_byes" : ""}`)),
      n.schedule.map((round) =>
        h(
          "div",
          { class: "club-round", dataset: { round: round.round } },
          h("h3", {}, t("club.stand.round", { n: round.round }), " ", h("span", { class: "prompt" }, this.roundState(round))),
          round.tables.length === 0 && n.pairing === "swiss" ? h("p", { class: "help" }, t("club.org.swiss_later")) : null,
          round.sitting_out?.length ? h("p", { class: "sitting-out" }, t("club.org.sitting_out", { names: round.sitting_out.map((s) => s.name).join(", ") })) : null,
          h(
            "div",
            { class: "club-tables" },
            round.tables.map((table) =>
              h(
                "div",
                { class: "tablecard", dataset: { table: table.number } },
                h("h4", {}, t("club.links.table", { n: table.number })),
                table.boards ? h("p", { class: "prompt table-boards" }, t("club.org.table_boards", { first: table.boards[0], last: table.boards[1] })) : null,
                h("ol", {}, table.seats.map((s, i) => h("li", { class: [s.house ? "house" : "", teams ? `team-${i % 2}` : ""].join(" ").trim() }, s.house ? t("club.org.house_seat") : s.name, teams ? h("span", { class: "prompt" }, ` · ${t(i % 2 ? "club.kj.zij" : "club.kj.wij")}`) : null))),
              ),
            ),
          ),
        ),
      ),
    );
  }

  roundState(round) {
    if (round.finished) return t("club.org.round_done");
    if (round.started) return t("club.org.round_running");
    return t("club.org.round_planned");
  }
}
