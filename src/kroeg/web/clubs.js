// The organiser's pages of club nights (docs/clubs.md, "Organiser pages"): /clubs lists
// your clubs and makes a new one; /clubs/{club} shows a club's nights, organisers and
// members, and to its organisers the forms to add members and to create a night. The
// night itself is club_night.js. The API refuses whoever may not; these pages do not
// offer an organiser's controls to anyone else either.

import { api } from "./api.js";
import { NightForm } from "./club_night_form.js";
import { h, replace } from "./dom.js";
import { clubErrorText } from "./errors.js";
import { t } from "./i18n.js";

const ACCOUNT_NAME_MAX = 24;

/** Your clubs with your role in each; `null` without an account (GET /api/clubs). */
export async function myClubs() {
  try {
    return (await api("GET", "/clubs")).clubs;
  } catch (err) {
    if (["not_authenticated", "not_an_account"].includes(err.code)) return null;
    throw err;
  }
}

/** Whether you organise this club, from your clubs (myClubs). */
export function organises(mine, clubId) {
  return Boolean(mine?.some((c) => c.id === clubId && c.role === "organiser"));
}

export function nightPath(nightId) {
  return `/clubs/avond/${encodeURIComponent(nightId)}`;
}

export function clubPath(clubId) {
  return `/clubs/${encodeURIComponent(clubId)}`;
}

/** Input a page refuses before sending it; its message is the Dutch text. */
export class RefusedHere extends Error {}

/**
 * Add a member to the club (POST /api/clubs/{club}/members): `kind` "member" or
 * "organiser" (an account, by its name) or "guest" (a name). A name that cannot be right
 * is refused here (RefusedHere) and not sent; the API's refusals are its ApiError.
 */
export async function addMember(clubId, name, kind) {
  if (!name) throw new RefusedHere(t("club.error.bad_member"));
  // No account has so long a name (the API would refuse the body without a code).
  if (kind !== "guest" && name.length > ACCOUNT_NAME_MAX) throw new RefusedHere(t("club.error.unknown_account"));
  return api("POST", `${clubPath(clubId)}/members`, kind === "guest" ? { guest: name } : { account: name, role: kind });
}

/** A page's refusal line: empty (but present, for screen readers) until something is refused. */
export function refusalLine(id, text) {
  return h("p", { class: "refused club-refused", role: "alert", id }, text ?? "");
}

/** A page that could not load: the reason in Dutch and the way back. */
function failedPage(root, app, err) {
  replace(root, h("div", { class: "lobby clubs" }, h("h1", {}, t("club.org.clubs")), h("p", { class: "refused", role: "alert", id: "page-refused" }, clubErrorText(err)), h("a", { href: "/clubs", onclick: app.link("/clubs") }, t("club.org.back_clubs"))));
}

/** /clubs: your clubs, and a new club. */
export class ClubsView {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.mine = undefined;
    this.refused = null;
    this.load();
  }

  async load() {
    try {
      this.mine = await myClubs();
    } catch (err) {
      failedPage(this.root, this.app, err);
      return;
    }
    this.render();
  }

  render() {
    if (this.mine === undefined) return;
    const a = (path, text, cls) => h("a", { href: path, class: cls, onclick: this.app.link(path) }, text);
    if (this.mine === null) {
      replace(this.root, h("div", { class: "lobby clubs" }, h("h1", {}, t("club.org.clubs")), h("section", { class: "card-panel" }, h("p", { id: "clubs-need-account" }, t("club.org.need_account")), a("/account", t("club.org.to_account"), "btn primary"))));
      return;
    }
    replace(
      this.root,
      h(
        "div",
        { class: "lobby clubs" },
        h("h1", {}, t("club.org.clubs")),
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "my-clubs-h" },
          h("h2", { id: "my-clubs-h" }, t("club.org.my_clubs")),
          this.mine.length
            ? h("ul", { class: "club-list", id: "my-clubs" }, this.mine.map((c) => h("li", { dataset: { club: c.id } }, a(clubPath(c.id), c.name, "btn"), h("span", { class: "prompt" }, t(`club.org.role.${c.role}`)))))
            : h("p", { class: "empty" }, t("club.org.no_clubs")),
        ),
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "new-club-h" },
          h("h2", { id: "new-club-h" }, t("club.org.new_club")),
          h(
            "form",
            { class: "club-inline-form", id: "club-form", onsubmit: (e) => this.create(e) },
            h("label", { for: "club-name" }, t("club.org.club_name")),
            h("input", { type: "text", id: "club-name", maxlength: 64, required: true }),
            h("button", { type: "submit", class: "btn primary" }, t("club.org.create_club")),
          ),
          refusalLine("club-refused", this.refused),
        ),
      ),
    );
  }

  async create(event) {
    event.preventDefault();
    const name = this.root.querySelector("#club-name").value.trim();
    if (!name) {
      this.refused = t("club.error.bad_club");
      this.render();
      return;
    }
    try {
      const club = await api("POST", "/clubs", { name });
      this.app.navigate(clubPath(club.id));
    } catch (err) {
      this.refused = clubErrorText(err);
      this.render();
      this.root.querySelector("#club-name").value = name;
    }
  }
}

/** /clubs/{club}: the nights, the organisers and the members; an organiser's forms. */
export class ClubView {
  constructor(root, app, clubId) {
    this.root = root;
    this.app = app;
    this.clubId = clubId;
    this.club = null;
    this.memberRefused = null;
    this.nightForm = null;
    this.load();
  }

  async load() {
    try {
      const [club, mine] = await Promise.all([api("GET", clubPath(this.clubId)), myClubs()]);
      this.club = club;
      this.organiser = organises(mine, this.clubId);
      this.season = await api("GET", `${clubPath(this.clubId)}/season`).catch((err) => ({ refused: clubErrorText(err) }));
      if (this.organiser && !this.games) this.games = (await api("GET", "/variants")).games;
    } catch (err) {
      failedPage(this.root, this.app, err);
      return;
    }
    this.render();
  }

  render() {
    const club = this.club;
    if (!club) return;
    const organisers = club.members.filter((m) => m.role === "organiser");
    const members = club.members.filter((m) => m.role !== "organiser");
    const names = (list, id) => (list.length ? h("ul", { class: "club-names", id }, list.map((m) => h("li", { dataset: { member: m.id } }, m.name, m.guest ? h("span", { class: "prompt" }, ` (${t("club.org.guest")})`) : null))) : h("p", { class: "empty" }, t("club.org.nobody")));
    replace(
      this.root,
      h(
        "div",
        { class: "lobby clubs" },
        h("header", { class: "club-head" }, h("a", { href: "/clubs", class: "btn", id: "back-clubs", onclick: this.app.link("/clubs") }, t("club.org.back_clubs")), h("h1", { id: "club-title" }, club.name)),
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "nights-h" },
          h("h2", { id: "nights-h" }, t("club.org.nights")),
          club.nights.length
            ? h("ul", { class: "club-list", id: "club-nights" }, club.nights.map((n) => h("li", { dataset: { night: n.id } }, h("a", { href: nightPath(n.id), class: "btn", onclick: this.app.link(nightPath(n.id)) }, n.title), h("span", { class: "prompt" }, `${t(`game.${n.game}`)} · ${t(`club.org.status.${n.status}`)}`))))
            : h("p", { class: "empty" }, t("club.org.no_nights")),
          this.organiser && !this.nightForm ? h("button", { class: "btn primary", id: "new-night", onclick: () => this.openNightForm() }, t("club.org.new_night")) : null,
        ),
        this.seasonPanel(),
        this.nightForm ? h("section", { class: "card-panel", "aria-labelledby": "night-form-h" }, h("h2", { id: "night-form-h" }, t("club.org.new_night")), this.nightForm.render()) : null,
        h("div", { class: "club-people" }, h("section", { class: "card-panel", "aria-labelledby": "organisers-h" }, h("h2", { id: "organisers-h" }, t("club.org.organisers")), names(organisers, "club-organisers")), h("section", { class: "card-panel", "aria-labelledby": "members-h" }, h("h2", { id: "members-h" }, t("club.org.members")), names(members, "club-members"))),
        this.organiser ? this.memberForm() : null,
      ),
    );
  }

  /** The season: each member's best K closed nights summed (K is the club's). */
  seasonPanel() {
    const season = this.season;
    if (!season) return null;
    let body;
    if (season.refused) body = h("p", { class: "refused", role: "alert" }, season.refused);
    else if (!season.nights) body = h("p", { class: "empty" }, t("club.org.season_empty"));
    else {
      const heads = ["club.org.season_rank", "club.org.season_name", "club.org.season_total", "club.org.season_nights"];
      body = h(
        "table",
        { class: "table-list", id: "club-season" },
        h("thead", {}, h("tr", {}, heads.map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, season.standings.map((s) => h("tr", { dataset: { member: s.member } }, h("td", {}, String(s.rank)), h("td", {}, s.name), h("td", {}, String(s.total)), h("td", {}, t("club.org.season_counted", { counted: s.counted.length, nights: s.nights }))))),
      );
    }
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "season-h" },
      h("h2", { id: "season-h" }, t("club.org.season")),
      season.refused ? null : h("p", { class: "help" }, t("club.org.season_help", { best: season.best, nights: season.nights })),
      body,
    );
  }

  openNightForm() {
    this.nightForm = new NightForm(this.clubId, this.games, () => this.render(), (night) => this.app.navigate(nightPath(night.id)));
    this.render();
    this.root.querySelector("#night-form-h")?.scrollIntoView({ block: "start" });
  }

  /** An account by its name, or a guest by a name; organisers are accounts. */
  memberForm() {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "add-member-h" },
      h("h2", { id: "add-member-h" }, t("club.org.add_member")),
      h(
        "form",
        { class: "club-inline-form", id: "member-form", onsubmit: (e) => this.addMember(e) },
        h("label", { for: "member-name" }, t("club.org.member_name")),
        h("input", { type: "text", id: "member-name", maxlength: 64, required: true }),
        h("label", { for: "member-kind" }, t("club.org.member_kind")),
        h("select", { id: "member-kind" }, h("option", { value: "member" }, t("club.org.kind.member")), h("option", { value: "organiser" }, t("club.org.kind.organiser")), h("option", { value: "guest" }, t("club.org.kind.guest"))),
        h("button", { type: "submit", class: "btn primary" }, t("club.org.add")),
      ),
      h("p", { class: "help" }, t("club.org.member_help")),
      refusalLine("member-refused", this.memberRefused),
    );
  }

  async addMember(event) {
    event.preventDefault();
    const name = this.root.querySelector("#member-name").value.trim();
    const kind = this.root.querySelector("#member-kind").value;
    this.memberRefused = null;
    try {
      await addMember(this.clubId, name, kind);
      this.club = await api("GET", clubPath(this.clubId));
    } catch (err) {
      this.memberRefused = err instanceof RefusedHere ? err.message : clubErrorText(err);
    }
    this.render();
    const again = this.root.querySelector("#member-name");
    again.value = this.memberRefused ? name : ""; // a refused name stays to be put right
    this.root.querySelector("#member-kind").value = kind;
    again.focus();
  }
}
