// The moves a person may play: listed as buttons in words (a tap plays one; focus shows it on the
// board), chosen by a piece on the board, and ranked by the hint bot on request.

import { act, gameApi } from './api.js';
import { drawBoard } from './board.js';
import { sendAction } from './connection.js';
import { $, html } from './dom.js';
import { t } from './i18n.js';
import { chip } from './seats.js';
import { currentView, humanMoveDue, ui } from './state.js';
import { moveWords } from './words.js';

// The button of move `m`, the `i`th listed, in words: its key, the mover's chip and what it does
// (the game page and the guided first game list moves alike).
export function moveButton(m, i, view, mover) {
  const words = moveWords(m, view);
  // The button is named by its words; its key is announced as a shortcut, not read as text.
  return html('button', { type: 'button', class: 'play-move',
    'aria-keyshortcuts': i < 9 ? String(i + 1) : null }, [
    html('span', { class: 'key', 'aria-hidden': 'true', text: i < 9 ? String(i + 1) : '' }),
    m.move === '-' ? html('span', { class: 'swatch blank' }) : chip(mover),
    html('span', { class: 'what' }, [
      html('span', { class: 'text', text: words.text }),
      ...(words.more ? [html('span', { class: 'more', text: words.more })] : []),
    ]),
  ]);
}

export function renderMoves(view) {
  const list = $('#moves');
  if (view.replay) {
    list.replaceChildren();
    return;
  }
  if (ui.hintsFor !== view.actions) clearHints();
  const mover = view.seats[view.to_move];
  // Another person's moves (or a watcher's view of them) are theirs to choose, not listed here.
  const moves = humanMoveDue() ? view.moves : [];
  const items = moves.map((m, i) => {
    const li = html('li', {
      'data-index': m.index,
      'data-move': m.move,
      'aria-current': ui.selected === m.index ? 'true' : null,
      class: ui.selected === m.index ? 'selected' : null,
    });
    const button = moveButton(m, i, view, mover);
    button.addEventListener('click', () => {
      select(m.index);
      playMove(m);
    });
    button.addEventListener('focus', () => {
      if (ui.selected !== m.index) {
        ui.selected = m.index;
        drawBoard(currentView());
        for (const other of list.children) {
          const on = Number(other.dataset.index) === m.index;
          other.classList.toggle('selected', on);
          if (on) other.setAttribute('aria-current', 'true');
          else other.removeAttribute('aria-current');
        }
      }
    });
    li.append(button);
    return li;
  });
  list.replaceChildren(...items);
  list.classList.toggle('many', items.length >= 5);
  $('#moves-box').hidden = moves.length === 0;
  fitMoves();
}

// Keeps the list of moves above the bottom of the screen (as it stands scrolled to the top), so
// that on a phone every button to play is in sight; a list longer than that scrolls.
export function fitMoves() {
  const list = $('#moves');
  list.style.removeProperty('max-height');
  if (list.childElementCount === 0 || list.offsetParent === null) return;
  const top = list.getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - top - 8;
  list.style.maxHeight = `${Math.max(96, Math.floor(room))}px`;
}

export function select(index) {
  ui.selected = index;
  ui.chosen = true;
  if (!ui.replay) {
    drawBoard(currentView());
    renderMoves(currentView());
  }
}

export function playMove(move) {
  if (!humanMoveDue() || ui.busy > 0) return;
  sendAction({ action: 'move', move: move.move });
}

export function passMove() {
  return ui.game?.moves.find((m) => m.move === '-') ?? null;
}

export function clearHints() {
  $('#hints').replaceChildren();
  ui.hintsFor = null;
}

export async function showHint() {
  const game = ui.game;
  if (!game || !humanMoveDue()) return;
  await act(async () => {
    const hint = await gameApi('GET', game.id, 'hint');
    if (ui.game !== game) return;
    const items = (hint.moves ?? []).map((h) => {
      const chance = typeof h.win_chance === 'number'
        ? t('page-percent', { percent: Math.round(h.win_chance * 100) }) : '?';
      const move = game.moves.find((m) => m.move === h.move);
      const words = move ? moveWords(move, game) : { text: t('page-move'), more: '' };
      const button = html('button', { type: 'button', class: 'play-hint' }, [
        html('span', { class: 'chance', text: chance }),
        html('span', { class: 'what' }, [
          html('span', { class: 'text', text: words.text }),
          ...(words.more ? [html('span', { class: 'more', text: words.more })] : []),
        ]),
      ]);
      button.addEventListener('click', () => {
        const now = ui.game?.moves.find((m) => m.move === h.move);
        if (now) playMove(now);
      });
      return html('li', { 'data-move': h.move }, [button]);
    });
    const caption = html('li', { class: 'hint-caption', text: t('page-hint-caption') });
    $('#hints').replaceChildren(caption, ...items);
    ui.hintsFor = game.actions;
  });
}
