// A game's options as form fields, built from GET /api/variants (server/schema.py): the
// lobby's new-table form and the organiser's new-night form (clubs_pages.js) both use them,
// so an option is offered, labelled and checked the same way in both.

import { h } from "./dom.js";
import { has, hasOwn, t } from "./i18n.js";

/** The help text of an option in the chosen language; the engine's own text is English. */
export function optionHelp(game, name, spec) {
  const key = `opt.${game}.${name}`;
  return hasOwn(key) ? t(key) : spec.help;
}

export function optionLabel(game, name) {
  const key = `optname.${game}.${name}`;
  return has(key) ? t(key) : name.replaceAll("_", " ");
}

export function variantLabel(game, variant) {
  const key = `variant.${game}.${variant}`;
  return has(key) ? t(key) : variant;
}

/** An option value as the form shows it: "aan"/"uit", a choice's Dutch label (never its raw code). */
export function valueText(game, name, value) {
  if (typeof value === "boolean") return t(value ? "lobby.on" : "lobby.off");
  const key = `optval.${game}.${name}.${value}`;
  return has(key) ? t(key) : String(value).replaceAll("_", " ");
}

/** Whether a number input holds a whole number in its range; if not it says so in Dutch. */
export function checkNumber(input) {
  input.setCustomValidity("");
  if (!input.validity.valid) input.setCustomValidity(t("lobby.out_of_range", { low: input.dataset.low, high: input.dataset.high }));
  return input.validity.valid;
}

/** Whether an option is offered now: a refinement (`requires`) only while its parent is on. */
export function offered(spec, value) {
  return !spec.requires || Boolean(value(spec.requires));
}

/** The option a server refusal is about: its `args.option` (a coded refusal), else the
 *  option the English message names ("option max_points must be …"). */
export function refusedOption(err, names) {
  if (typeof err.args?.option === "string") return err.args.option;
  const named = /\boption '?(\w+)'?/.exec(err.message || "");
  if (named && names.includes(named[1])) return named[1];
  return names.find((n) => (err.message || "").includes(n)) ?? null;
}

/**
 * One option's row: a checkbox, a number within its range or a choice with Dutch labels.
 * `set(value, redraw)` is called on a change; `redraw` is true when the option has
 * refinements, which then appear or go. `choices` narrows a choice's values.
 */
export function optionField(g, name, spec, value, fallback, set, choices = spec.choices) {
  const id = `opt-${name}`;
  const refines = Object.values(g.options).some((s) => s.requires === name);
  let control;
  if (spec.type === "bool") {
    control = h("input", { type: "checkbox", id, checked: Boolean(value), onchange: (e) => set(e.target.checked, refines) });
  } else if (spec.type === "int") {
    // A number outside the range is never sent: the form checks it (checkNumber) first.
    control = h("input", { type: "number", id, min: spec.min, max: spec.max, step: 1, required: true, value, class: "num", dataset: { low: spec.min, high: spec.max }, onchange: (e) => { if (checkNumber(e.target)) set(Number(e.target.value), false); } });
  } else {
    control = h("select", { id, onchange: (e) => set(e.target.value, refines) }, choices.map((c) => h("option", { value: c, selected: c === value }, valueText(g.game, name, c))));
  }
  return h(
    "div",
    { class: `option${spec.requires ? " refinement" : ""}`, dataset: { option: name } },
    h("label", { for: id }, optionLabel(g.game, name)),
    control,
    h("span", { class: "help" }, optionHelp(g.game, name, spec), " ", t("lobby.default_is", { value: valueText(g.game, name, fallback) })),
  );
}
