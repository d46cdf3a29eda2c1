// Small DOM helpers: build elements from data, never from HTML strings with user text.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "…"}, child, …)
 * Children may be strings (set as text), nodes, arrays, null or false (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace every child of `el` with the given children. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// Escape closes what was opened last (a form, a banner: docs/accessibility.md). A part
// that opens registers its closer and removes it when it closes by other means.
const closers = [];
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !closers.length || event.defaultPrevented) return;
  event.preventDefault();
  closers.pop()();
});

/** Register `close` for Escape; returns the function that unregisters it. */
export function onEscape(close) {
  closers.push(close);
  return () => {
    const i = closers.lastIndexOf(close);
    if (i >= 0) closers.splice(i, 1);
  };
}
