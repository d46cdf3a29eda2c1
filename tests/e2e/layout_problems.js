// What test_overlap.py measures on a page: every hand card on the screen and tappable near
// its left edge, every decision button on the screen, tappable and clear of the hand and the
// trick, every trick card uncovered, and every dialog on the screen with its parts inside it
// and clear of the hand, the trick and the decision buttons; fading messages and toasts clear
// of the hand, the trick and the buttons. Returns the problems found.
() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => el.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const inside = (b, o) => b.left >= o.left - 0.5 && b.top >= o.top - 0.5 && b.right <= o.right + 0.5 && b.bottom <= o.bottom + 0.5;
  const screen = { left: 0, top: 0, right: vw, bottom: vh };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => (el.getAttribute('aria-label') || el.innerText || el.className || el.tagName).trim().slice(0, 40);
  const hitName = (x, y) => { const el = document.elementFromPoint(x, y); return el ? name(el.closest('button, a, [role=dialog], .seat, section, div') || el) : 'nothing'; };
  const owns = (el, x, y) => { const hit = document.elementFromPoint(x, y); return Boolean(hit) && el.contains(hit); };
  const problems = [];
  const dialogs = [...document.querySelectorAll('[role=dialog]')].filter(shown);
  const hand = [...document.querySelectorAll('.hand .card')].filter(shown);
  const trick = [...document.querySelectorAll('.played .card')].filter(shown);
  const buttons = [...document.querySelectorAll('.actions-bar button')].filter(shown);
  const messages = [...document.querySelectorAll('.effect, .toast')].filter(shown);
  for (const card of hand) {
    const b = box(card);
    if (!inside(b, screen)) problems.push(`hand card ${name(card)} is outside the screen`);
    else if (!owns(card, b.left + 5, b.top + b.height * 0.6)) problems.push(`hand card ${name(card)} is covered by ${hitName(b.left + 5, b.top + b.height * 0.6)}`);
  }
  for (const button of buttons) {
    const b = box(button);
    if (!inside(b, screen)) problems.push(`button ${name(button)} is outside the screen`);
    else if (!owns(button, (b.left + b.right) / 2, (b.top + b.bottom) / 2)) problems.push(`button ${name(button)} is covered by ${hitName((b.left + b.right) / 2, (b.top + b.bottom) / 2)}`);
    for (const card of hand) if (meet(b, box(card))) problems.push(`button ${name(button)} lies over hand card ${name(card)}`);
    for (const card of trick) if (meet(b, box(card))) problems.push(`button ${name(button)} lies over trick card ${name(card)}`);
  }
  for (const card of trick) {
    const b = box(card);
    if (!inside(b, screen)) problems.push(`trick card ${name(card)} is outside the screen`);
    else if (!dialogs.length && !owns(card, (b.left + b.right) / 2, (b.top + b.bottom) / 2)) problems.push(`trick card ${name(card)} at ${Math.round(b.top)}-${Math.round(b.bottom)} is covered by ${hitName((b.left + b.right) / 2, (b.top + b.bottom) / 2)} (felt ${Math.round(box(document.querySelector('.felt')).height)} px high)`);
  }
  for (const message of messages) {
    const m = box(message);
    for (const el of [...hand, ...trick, ...buttons]) if (meet(m, box(el))) problems.push(`message ${name(message)} lies over ${name(el)}`);
  }
  for (const dialog of dialogs) {
    const d = box(dialog);
    if (!inside(d, screen)) problems.push(`dialog ${name(dialog)} is outside the screen`);
    for (const part of dialog.querySelectorAll('h2, p, button, a')) {
      if (!shown(part)) continue;
      const b = box(part);
      if (!inside(b, d)) problems.push(`dialog part ${name(part)} sticks out of its dialog`);
      else if (part.matches('button, a') && !owns(part, (b.left + b.right) / 2, (b.top + b.bottom) / 2)) problems.push(`dialog button ${name(part)} is covered by ${hitName((b.left + b.right) / 2, (b.top + b.bottom) / 2)}`);
    }
    for (const card of hand) if (meet(d, box(card))) problems.push(`dialog ${name(dialog)} lies over hand card ${name(card)}`);
    for (const card of trick) if (meet(d, box(card))) problems.push(`dialog ${name(dialog)} lies over trick card ${name(card)}`);
    for (const button of buttons) if (meet(d, box(button))) problems.push(`dialog ${name(dialog)} lies over button ${name(button)}`);
  }
  return problems;
}
