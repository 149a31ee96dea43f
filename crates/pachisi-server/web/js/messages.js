// Messages over the page: the server's errors (until clicked, or for ten seconds) and why a piece
// cannot move (over the board, for five seconds).

import { $, html } from './dom.js';
import { ui } from './state.js';

export function showError(message) {
  const box = $('#error');
  box.textContent = message;
  box.hidden = false;
  window.clearTimeout(ui.errorTimer);
  ui.errorTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 10_000);
}

export function clearError() {
  $('#error').hidden = true;
}

export function showWhy(lines) {
  const box = $('#why');
  box.replaceChildren(...lines.map((line) => html('p', { text: line })));
  box.hidden = false;
  window.clearTimeout(ui.whyTimer);
  ui.whyTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 5000);
}

export function hideWhy() {
  $('#why').hidden = true;
}
