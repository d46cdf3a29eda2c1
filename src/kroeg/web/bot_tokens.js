// The account page's bot panel (docs/bots-api.md): a person's account can be turned into
// a bot account, for good, after a confirmation; a bot's page makes API tokens (each
// shown once, when it is made), lists them and revokes them.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The tokens of the bot logged in, or [] for a person's account. */
export async function loadTokens(account) {
  return account.kind === "bot" ? (await api("GET", "/me/tokens")).tokens : [];
}

/** The panel for the account page (a token's `last_used_at` is its `created_at` until
 *  its first use renews it). `view` has `act(change)` (a change whose failure its
 *  status line shows), `load()`, `tokens`, `newToken` (the token just made, shown once)
 *  and `when(seconds)`. */
export function botPanel(view, account) {
  return h(
    "section",
    { class: "card-panel", "aria-labelledby": "bot-h", id: "bot-panel" },
    h("h2", { id: "bot-h" }, t("account.bot")),
    account.kind === "bot" ? tokensPart(view) : becomePart(view),
  );
}

function becomePart(view) {
  const sure = h("input", { type: "checkbox", id: "bot-sure" });
  const button = h("button", { type: "button", class: "btn danger", id: "become-bot", disabled: true, onclick: () => view.act(async () => {
    await api("POST", "/me/bot");
    await view.load();
  }) }, t("account.bot_become"));
  sure.addEventListener("change", () => { button.disabled = !sure.checked; });
  return [
    h("p", { class: "prompt" }, t("account.bot_explain")),
    h("p", { class: "account-check" }, sure, h("label", { for: "bot-sure" }, t("account.bot_confirm"))),
    h("div", { class: "account-buttons" }, button),
  ];
}

function tokensPart(view) {
  const live = view.tokens.filter((k) => !k.revoked);
  return [
    h("p", { class: "prompt" }, t("account.bot_is")),
    view.newToken
      ? h("div", { class: "new-token", id: "new-token" },
          h("p", {}, t("account.token_once")),
          h("code", { class: "token-text" }, view.newToken))
      : null,
    live.length
      ? h("ul", { class: "account-list", id: "tokens" }, live.map((k) =>
          h("li", { "data-token": k.id },
            h("span", {}, t("account.token_made", { when: view.when(k.created_at) })),
            h("span", { class: "prompt" }, k.last_used_at !== k.created_at ? t("account.token_used", { when: view.when(k.last_used_at) }) : t("account.token_unused")),
            h("button", { class: "btn small", onclick: () => view.act(async () => {
              await api("DELETE", `/me/tokens/${encodeURIComponent(k.id)}`);
              view.newToken = null;
              await view.load();
            }) }, t("account.token_revoke")))))
      : h("p", { class: "prompt", id: "tokens" }, t("account.no_tokens")),
    h("button", { class: "btn", id: "add-token", onclick: () => view.act(async () => {
      const made = await api("POST", "/me/tokens");
      view.newToken = made.token;
      await view.load();
    }) }, t("account.token_add")),
  ];
}
