// Choosing the display name once (lobby and deep links share this form).

import { api } from "./api.js";
import { h } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";
import { settings, updateSettings } from "./settings.js";

/**
 * Make sure this browser has a session (its cookie): a guest's or an account's; returns
 * who it is (GET /api/me). A guest who picks another name stays the same player: the
 * websocket's `hello` renames it.
 */
export async function ensureGuest(name) {
  try {
    return await api("GET", "/me");
  } catch (err) {
    if (err.code !== "not_authenticated") throw err;
  }
  await api("POST", "/guests", { name });
  return api("GET", "/me");
}

/** The "what is your name" form, filled with the name you had or a suggestion; calls
 *  onDone(name) once a guest is made. */
export function nameForm(onDone, suggestion = "") {
  const input = h("input", {
    type: "text",
    id: "name-input",
    maxlength: 24,
    autocomplete: "nickname",
    value: settings().name || suggestion,
    "aria-label": t("lobby.name_label"),
    placeholder: t("lobby.name_placeholder"),
  });
  const error = h("p", { class: "prompt", role: "alert" });
  const form = h(
    "form",
    {
      class: "name-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name || name.length > 24) {
          error.textContent = t("error.bad_name");
          return;
        }
        try {
          await ensureGuest(name);
        } catch (err) {
          error.textContent = errorText(err.code);
          return;
        }
        updateSettings({ name });
        onDone(name);
      },
    },
    h("label", { for: "name-input" }, t("lobby.name_label")),
    input,
    h("button", { type: "submit", class: "btn primary" }, t("lobby.name_submit")),
    error,
  );
  return form;
}
