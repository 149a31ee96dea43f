// The board in words, for a player who cannot see it: every seat's pieces under a heading of its
// own (a screen reader moves from heading to heading and from line to line), each piece where it
// stands, whether it is safe and what threatens it; and a field where the player types a question
// (`where`, `threats 2`, `why 3`, `moves`, `help`), answered in a live region. The words are the
// server's (`GET /api/games/{id}/words`, `POST /api/games/{id}/ask`, from the same code as the
// terminal's screen reader), in the page's language.
//
// The board's words are read when "The board in words" is opened and again after each action
// while it stays open. The key / puts the focus in the question field; w asks why the person's
// pieces that cannot move cannot, answered in the same place.

import { gameApi } from './api.js';
import { $, html } from './dom.js';
import { t } from './i18n.js';
import { ui } from './state.js';
import { family } from './words.js';

// The game and action the words shown were read at, and the one being read.
let shown = null;
let reading = null;

function where() {
  const game = ui.game;
  return game && !ui.replay ? `${game.id}:${game.actions}` : null;
}

async function readBoard() {
  const at = where();
  const box = $('#board-words-box');
  if (!at || !box?.open || at === shown || at === reading) return;
  reading = at;
  try {
    const data = await gameApi('GET', ui.game.id, 'words');
    if (where() !== at) return;
    const parts = [];
    for (const seat of Array.isArray(data?.seats) ? data.seats : []) {
      parts.push(html('h3', { text: seat.heading }),
        html('ul', {}, (seat.pieces ?? []).map((line) => html('li', { text: line }))));
    }
    $('#board-words').replaceChildren(...parts);
    shown = at;
  } catch (err) {
    $('#board-words').replaceChildren(html('p', { text: String(err?.message ?? err) }));
  } finally {
    if (reading === at) reading = null;
  }
}

// The server's answer to `question` about the game shown, in the page's language (lines), or
// none when it cannot be had. With `actions`, about the moment after that many actions (a state
// the page was shown, which the game may have left by the time the question arrives).
export async function askAbout(question, actions = null) {
  if (!ui.game || ui.replay) return [];
  try {
    const body = Number.isInteger(actions) ? { question, actions } : { question };
    const data = await gameApi('POST', ui.game.id, 'ask', body);
    return Array.isArray(data?.lines) ? data.lines : [];
  } catch {
    return [];
  }
}

// Says in the question's live region why the person's pieces that cannot move cannot (the key
// w, as in the terminal): the answer to "why".
export async function sayWhyNot() {
  if (!ui.game || ui.replay) return;
  const lines = await askAbout('why');
  if (lines.length > 0) $('#ask-answer')?.replaceChildren(...lines.map((line) => html('p', { text: line })));
}

async function ask(event) {
  event.preventDefault();
  const field = $('#ask');
  const question = field.value.trim().slice(0, 200);
  if (!ui.game || ui.replay) return;
  try {
    const data = await gameApi('POST', ui.game.id, 'ask', { question });
    const lines = Array.isArray(data?.lines) ? data.lines : [];
    $('#ask-answer').replaceChildren(...lines.map((line) => html('p', { text: line })));
  } catch (err) {
    $('#ask-answer').replaceChildren(html('p', { text: String(err?.message ?? err) }));
  }
  field.select();
}

// Builds the board in words and the question field, after the players' list.
export function wireBoardWords() {
  const box = html('details', { id: 'board-words-box' }, [
    // A heading of its own, so that the seats' headings below it are in order.
    html('summary', {}, [html('h2', { text: t('access-board') })]),
    html('p', { id: 'board-words-help', class: 'help', text: t('access-board-mine') }),
    html('div', { id: 'board-words' }),
  ]);
  const form = html('form', { id: 'ask-form' }, [
    html('label', { for: 'ask', text: t('access-ask') }),
    html('p', { id: 'ask-help', class: 'help', text: t('access-ask-help') }),
    html('p', { class: 'ask-row' }, [
      html('input', { id: 'ask', type: 'text', maxlength: '200', autocomplete: 'off',
        'aria-describedby': 'ask-help' }),
      html('button', { type: 'submit', id: 'ask-send', text: t('access-ask-send') }),
    ]),
    html('div', { id: 'ask-answer', role: 'status', 'aria-live': 'polite' }),
  ]);
  const anchor = $('#teams');
  if (anchor) anchor.after(box, form);
  else $('#more')?.append(box, form);
  box.addEventListener('toggle', () => readBoard());
  form.addEventListener('submit', ask);
}

// After each state: the board's words again while they are open.
export function renderBoardWords() {
  if (!ui.game || ui.replay) {
    shown = null;
    return;
  }
  const help = $('#board-words-help');
  if (help) help.textContent = t('access-board-mine', { family: family(ui.game.ruleset) });
  readBoard();
}
