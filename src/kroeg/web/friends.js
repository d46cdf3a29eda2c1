// "Vrienden" (the top bar's, issue 32 build 10): the people you follow, where they are,
// an invite to your newest table whose game is not over, and following someone by name;
// the lobby's friends panel on a page of its own.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { friendsPanel } from "./players.js";

export class FriendsView {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.table = null;
    this.friends = friendsPanel(app, () => this.table);
    replace(root, h("div", { class: "lobby" }, h("h1", {}, t("nav.friends")), this.friends.panel));
    app.ensureConnection(); // you are in the pub: the people you follow see you online
    this.findTable();
  }

  /** Your newest table whose game is not over, as the lobby finds it. */
  async findTable() {
    try {
      const me = (await api("GET", "/me")).player;
      const mine = (await api("GET", "/tables")).tables.filter((tb) => !tb.over && tb.players.some((p) => p.player === me));
      this.table = mine.length ? mine[mine.length - 1] : null;
      this.friends.refresh();
    } catch {
      /* no table: no invite buttons */
    }
  }

  destroy() {}
}
