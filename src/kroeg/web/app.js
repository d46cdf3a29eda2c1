// The app shell: top bar, router (/ is the lobby, /t/{id} a table, /t/{id}?replay=GAME a
// replay, /speler/{name} a profile, /mijn-spellen your own, /ranglijst/{game} a
// leaderboard, /vrienden the people you follow, /regels/{game} the rules, /puzzels the puzzles, /account the account page, /clubs, /clubs/{club} and /clubs/avond/{night}
// the organiser's pages, /duplicate/{set} a set against the house), the one connection, invitations, and the
// "verbinding kwijt" banner.

import { installSuitSprite } from "./cards.js";
import { Connection } from "./connection.js";
import { h, replace } from "./dom.js";
import { toast } from "./errors.js";
import { LANGUAGES, lang, t } from "./i18n.js";
import { AccountView } from "./account.js";
import { NightView } from "./club_night.js";
import { ClubsView, ClubView } from "./clubs.js";
import { FriendsView } from "./friends.js";
import { HouseSetView } from "./house_set.js";
import { LobbyView } from "./lobby.js";
import { LeaderboardView, ProfileView, showInvite } from "./players.js";
import { PuzzleView } from "./puzzles.js";
import { ReplayView } from "./replay.js";
import { RulesView } from "./rules.js";
import { onSettings, settings, updateSettings } from "./settings.js";
import { TableView } from "./table.js";

const app = {
  connection: null,
  view: null,
  navigate,
  ensureConnection,
  link,
};

/** The websocket, opened once the player has a display name. */
function ensureConnection() {
  if (!app.connection) {
    app.connection = new Connection(settings().name);
    app.connection.onStatus(showConnectionStatus);
    app.connection.onMessage((msg) => {
      if (msg.type === "bye") toast(t("error.server_restarting"));
      if (msg.type === "invite") showInvite(app, msg);
      if (msg.type === "invite_sent") toast(t("players.invite_sent", { name: msg.to }));
    });
  }
  return app.connection;
}

let lostTimer = null;
function showConnectionStatus(status) {
  const banner = document.getElementById("banner");
  clearTimeout(lostTimer);
  if (status === "lost") {
    // A short grace so a page reload or a quick reconnect does not flash the banner.
    lostTimer = setTimeout(() => {
      banner.textContent = t("conn.lost");
      banner.hidden = false;
    }, 1000);
  } else {
    banner.hidden = true;
  }
}

function renderTopbar() {
  const bar = document.getElementById("topbar");
  const s = settings();
  replace(
    bar,
    h("a", { href: "/", class: "logo", onclick: link("/"), "aria-label": t("nav.lobby") }, "Kroeg"),
    h("a", { href: "/mijn-spellen", class: "nav-link", id: "nav-my-games", onclick: link("/mijn-spellen") }, t("players.my_games")),
    h("a", { href: "/ranglijst/toepen", class: "nav-link", id: "nav-leaderboard", onclick: link("/ranglijst/toepen") }, t("players.leaderboard")),
    h("a", { href: "/vrienden", class: "nav-link", id: "nav-friends", onclick: link("/vrienden") }, t("nav.friends")),
    h("a", { href: "/clubs", class: "nav-link", id: "nav-clubs", onclick: link("/clubs") }, t("nav.clubs")),
    h("span", { class: "spacer" }),
    s.name ? h("span", { class: "who hide-small" }, t("nav.you", { name: s.name })) : null,
    h("a", { href: "/account", class: "btn small", id: "account-link", onclick: link("/account") }, t("nav.account")),
    h(
      "label",
      { class: "toggle" },
      h("input", {
        type: "checkbox",
        id: "four-colour",
        checked: s.fourColour,
        onchange: (e) => updateSettings({ fourColour: e.target.checked }),
      }),
      h("span", {}, t("settings.four_colour")),
    ),
    h(
      "label",
      { class: "toggle" },
      h("input", { type: "checkbox", id: "sound", checked: s.sound, onchange: (e) => updateSettings({ sound: e.target.checked }) }),
      h("span", {}, t("settings.sound")),
    ),
    h(
      "select",
      { id: "language", "aria-label": t("settings.language"), onchange: (e) => updateSettings({ lang: e.target.value }) },
      LANGUAGES.map((code) => h("option", { value: code, selected: code === lang() }, t(`lang.${code}`))),
    ),
  );
}

function applySettings() {
  document.documentElement.lang = lang();
  document.body.classList.toggle("four-colour", settings().fourColour);
  document.body.classList.toggle("large-cards", settings().largeCards);
  document.body.classList.toggle("high-contrast", settings().highContrast);
  document.title = t("app.title");
  renderTopbar();
}

/** A click handler for in-app links: navigate without reloading. */
export function link(path) {
  return (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
}

function navigate(path) {
  if (path !== location.pathname + location.search) history.pushState(null, "", path);
  route();
}

function route() {
  app.view?.destroy?.();
  const root = document.getElementById("app");
  root.replaceChildren();
  const table = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  const query = new URLSearchParams(location.search);
  const replay = query.get("replay");
  const houseSet = location.pathname.match(/^\/duplicate\/([0-9a-f]+)\/?$/);
  const player = location.pathname.match(/^\/speler\/([^/]+)\/?$/);
  const board = location.pathname.match(/^\/ranglijst\/([a-z]+)\/?$/);
  const night = location.pathname.match(/^\/clubs\/avond\/([A-Za-z0-9_-]+)\/?$/);
  const club = location.pathname.match(/^\/clubs\/([A-Za-z0-9_-]+)\/?$/);
  const puzzle = location.pathname.match(/^\/puzzels(?:\/([a-z0-9]+))?\/?$/);
  const rules = location.pathname.match(/^\/regels(?:\/([a-z]+))?\/?$/);
  if (location.pathname === "/account") {
    app.view = new AccountView(root, app);
  } else if (rules) {
    app.view = new RulesView(root, app, rules[1]);
  } else if (puzzle) {
    app.view = new PuzzleView(root, app, puzzle[1] || "next");
  } else if (location.pathname.replace(/\/$/, "") === "/vrienden") {
    app.view = new FriendsView(root, app);
  } else if (location.pathname.replace(/\/$/, "") === "/clubs") {
    app.view = new ClubsView(root, app);
  } else if (night) {
    app.view = new NightView(root, app, night[1]);
  } else if (club) {
    app.view = new ClubView(root, app, club[1]);
  } else if (player) {
    app.view = new ProfileView(root, app, decodeURIComponent(player[1]));
  } else if (location.pathname.replace(/\/$/, "") === "/mijn-spellen") {
    app.view = new ProfileView(root, app, null, { mine: true });
  } else if (board) {
    app.view = new LeaderboardView(root, app, board[1]);
  } else if (houseSet) {
    app.view = new HouseSetView(root, app, houseSet[1]);
  } else if (table && replay) {
    app.view = new ReplayView(root, app, table[1], Number(replay), Number(query.get("deal")) || 1);
  } else if (table) {
    app.view = new TableView(root, app, table[1], query.get("set"));
  } else {
    app.view = new LobbyView(root, app);
  }
}

installSuitSprite();
applySettings();
onSettings(() => {
  // A setting changed by keyboard keeps the focus on its control: the top bar and the
  // view are drawn anew, so the control with the same id takes the focus again.
  const focused = document.activeElement?.id;
  applySettings();
  app.view?.render?.();
  if (focused) document.getElementById(focused)?.focus();
});
window.addEventListener("popstate", route);
route();
