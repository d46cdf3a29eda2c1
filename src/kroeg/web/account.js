// The account page (/account): register or log in (password or passkey) as a guest;
// once logged in, the devices (sessions), the passkeys, the data download, deleting the
// account and logging out (docs/accounts.md).

import { api } from "./api.js";
import { botPanel, loadTokens } from "./bot_tokens.js";
import { h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";
import { settings, updateSettings } from "./settings.js";

const PASSWORD_MIN = 10;

/** Create a passkey: for a new account (`name`) or for the account logged in. */
async function createPasskey(name) {
  const { ceremony, options } = await api("POST", "/passkeys/register/options", name ? { name } : {});
  const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
  return api("POST", "/passkeys/register", { ceremony, credential: credential.toJSON() });
}

async function passkeyLogin() {
  const { ceremony, options } = await api("POST", "/passkeys/login/options", {});
  const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  return api("POST", "/passkeys/login", { ceremony, credential: credential.toJSON() });
}

/** A server error, or the browser's refusal of a passkey ceremony, as a Dutch text. */
function failure(err) {
  if (err instanceof DOMException) return t("account.passkey_failed");
  return errorText(err.code, err.message);
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(settings().lang === "en" ? "en-GB" : "nl-NL", { dateStyle: "medium", timeStyle: "short" });
}

export class AccountView {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.me = null;
    this.tokens = [];
    this.newToken = null; // a bot's API token just made: shown this once
    this.when = when;
    this.load();
  }

  async load() {
    try {
      this.me = await api("GET", "/me");
    } catch {
      this.me = { account: null };
    }
    if (this.me.account) {
      const [sessions, keys, visibility, tokens] = await Promise.all([
        api("GET", "/sessions"),
        api("GET", "/passkeys"),
        api("GET", "/me/visibility"),
        loadTokens(this.me.account),
      ]);
      this.sessions = sessions.sessions.filter((s) => s.kind !== "bot_token"); // the bot panel lists those
      this.passkeys = keys.passkeys;
      this.invisible = visibility.invisible;
      this.tokens = tokens;
    }
    this.render();
  }

  render() {
    if (!this.me) return;
    replace(this.root, h("div", { class: "lobby account" }, this.me.account ? this.accountPanels() : this.guestPanels()));
  }

  /** Logged in (or out) under another player: start over with the new session. */
  restart(name) {
    updateSettings({ name });
    location.assign("/account");
  }

  guestPanels() {
    return [
      h("h1", {}, t("account.title")),
      h("p", { class: "prompt" }, t("account.why")),
      this.form("register", t("account.register_title"), t("account.register_submit"), async (name, password) => {
        const made = await api("POST", "/accounts", { name, password });
        this.restart(made.account.name);
      }, () => this.passkeyButton("register")),
      this.form("login", t("account.login_title"), t("account.login_submit"), async (name, password) => {
        const done = await api("POST", "/session", { name, password });
        this.restart(done.account.name);
      }, () => this.passkeyButton("login")),
    ];
  }

  passkeyButton(kind) {
    return h(
      "button",
      {
        type: "button",
        class: "btn",
        id: `${kind}-passkey`,
        onclick: async (event) => {
          const form = event.target.closest("form");
          const error = form.querySelector("[role=alert]");
          const name = form.querySelector("input[name=name]").value.trim();
          error.textContent = "";
          if (kind === "register" && name.length < 2) {
            error.textContent = t("error.bad_name_account");
            return;
          }
          try {
            const done = kind === "register" ? await createPasskey(name) : await passkeyLogin();
            this.restart(done.account.name);
          } catch (err) {
            error.textContent = failure(err);
          }
        },
      },
      t(kind === "register" ? "account.register_passkey" : "account.login_passkey"),
    );
  }

  form(kind, title, submit, send, extra) {
    const error = h("p", { class: "prompt error-text", role: "alert" });
    const name = h("input", { type: "text", name: "name", id: `${kind}-name`, maxlength: 24, autocomplete: "username", value: kind === "register" ? settings().name : "" });
    const password = h("input", { type: "password", name: "password", id: `${kind}-password`, autocomplete: kind === "register" ? "new-password" : "current-password" });
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": `${kind}-h` },
      h("h2", { id: `${kind}-h` }, title),
      h(
        "form",
        {
          class: "account-form",
          id: `${kind}-form`,
          onsubmit: async (event) => {
            event.preventDefault();
            error.textContent = "";
            if (kind === "register" && password.value.length < PASSWORD_MIN) {
              error.textContent = t("error.bad_password");
              return;
            }
            try {
              await send(name.value.trim(), password.value);
            } catch (err) {
              error.textContent = failure(err);
            }
          },
        },
        h("label", { for: `${kind}-name` }, t("account.name")),
        name,
        h("label", { for: `${kind}-password` }, t(kind === "register" ? "account.password_new" : "account.password")),
        password,
        h("div", { class: "account-buttons" }, h("button", { type: "submit", class: "btn primary" }, submit), extra()),
        error,
      ),
    );
  }

  accountPanels() {
    const account = this.me.account;
    return [
      h("h1", {}, t("account.title_named", { name: account.name })),
      h(
        "section",
        { class: "card-panel", "aria-labelledby": "you-h" },
        h("h2", { id: "you-h" }, t("account.you")),
        h("p", { id: "account-name" }, t("account.logged_in_as", { name: account.name })),
        h("div", { class: "account-buttons" },
          h("button", { class: "btn", id: "log-out", onclick: () => this.act(async () => {
            await api("DELETE", "/session");
            this.restart("");
          }) }, t("account.log_out")),
          h("a", { class: "btn", href: "/api/me/data", download: "kroeg-data.json", id: "download" }, t("account.download"))),
        this.visibilityToggle(),
      ),
      this.sessionsPanel(),
      this.passkeysPanel(),
      botPanel(this, account),
      this.deletePanel(account),
    ];
  }

  /** Invisible: the people who follow you do not see that you are online, nor where. */
  visibilityToggle() {
    const error = h("p", { class: "prompt error-text", id: "invisible-status", role: "alert" });
    const box = h("input", {
      type: "checkbox",
      id: "invisible",
      checked: this.invisible,
      onchange: async () => {
        error.textContent = "";
        try {
          this.invisible = (await api("PUT", "/me/visibility", { invisible: box.checked })).invisible;
        } catch (err) {
          error.textContent = failure(err);
        }
        box.checked = this.invisible;
      },
    });
    return h("div", {},
      h("label", { class: "toggle", for: "invisible" }, box, " ", t("account.invisible")),
      h("p", { class: "prompt" }, t("account.invisible_explain")),
      error);
  }

  /** Run a change; its failure is shown in the page's status line. */
  async act(change) {
    const status = this.root.querySelector("#account-status");
    try {
      await change();
    } catch (err) {
      if (status) status.textContent = failure(err);
    }
  }

  sessionsPanel() {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "sessions-h" },
      h("h2", { id: "sessions-h" }, t("account.sessions")),
      h(
        "ul",
        { class: "account-list", id: "sessions" },
        this.sessions.map((s) =>
          h(
            "li",
            {},
            h("span", {}, s.current ? t("account.session_this") : t("account.session_other", { since: when(s.created_at) })),
            h("span", { class: "prompt" }, t("account.session_used", { when: when(s.last_used_at) })),
            s.current ? null : h("button", { class: "btn small", onclick: () => this.act(async () => {
              await api("DELETE", `/sessions/${encodeURIComponent(s.id)}`);
              await this.load();
            }) }, t("account.session_end")),
          ),
        ),
      ),
      h("button", { class: "btn", id: "log-out-everywhere", onclick: () => this.act(async () => {
        await api("DELETE", "/sessions");
        this.restart("");
      }) }, t("account.log_out_everywhere")),
      h("p", { class: "prompt error-text", id: "account-status", role: "alert" }),
    );
  }

  passkeysPanel() {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "passkeys-h" },
      h("h2", { id: "passkeys-h" }, t("account.passkeys")),
      this.passkeys.length
        ? h("ul", { class: "account-list", id: "passkeys" }, this.passkeys.map((k) =>
            h("li", {},
              h("span", {}, t("account.passkey_made", { when: when(k.created_at) })),
              h("span", { class: "prompt" }, k.last_used_at ? t("account.passkey_used", { when: when(k.last_used_at) }) : t("account.passkey_unused")),
              h("button", { class: "btn small", onclick: () => this.act(async () => {
                await api("DELETE", `/passkeys/${encodeURIComponent(k.id)}`);
                await this.load();
              }) }, t("account.passkey_remove")))))
        : h("p", { class: "prompt", id: "passkeys" }, t("account.no_passkeys")),
      h("button", { class: "btn", id: "add-passkey", onclick: () => this.act(async () => {
        await createPasskey(null);
        await this.load();
      }) }, t("account.passkey_add")),
    );
  }

  deletePanel(account) {
    const confirm = h("input", { type: "text", id: "delete-name", autocomplete: "off" });
    const error = h("p", { class: "prompt error-text", role: "alert" });
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "delete-h" },
      h("h2", { id: "delete-h" }, t("account.delete")),
      h("p", { class: "prompt" }, t("account.delete_explain")),
      h(
        "form",
        {
          class: "account-form",
          onsubmit: async (event) => {
            event.preventDefault();
            try {
              await api("DELETE", "/accounts/me", { name: confirm.value });
              this.restart("");
            } catch (err) {
              error.textContent = failure(err);
            }
          },
        },
        h("label", { for: "delete-name" }, t("account.delete_confirm", { name: account.name })),
        confirm,
        h("button", { type: "submit", class: "btn danger" }, t("account.delete_submit")),
        error,
      ),
    );
  }
}
