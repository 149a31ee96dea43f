// Staying in the game: the turn's clock counting down (from the `left_ms` the server sent, on
// this device's own clock), "I'm back" for a seat a bot plays while its person is away, and the
// rematch offered at the end (the same people, seats and tokens in a new room).

import { act, gameApi } from './api.js';
import { setState } from './connection.js';
import { $, focusFirst } from './dom.js';
import { t } from './i18n.js';
import { clearError } from './messages.js';
import { openSavedGame } from './new-game.js';
import { colourName } from './seats.js';
import { mine, ui } from './state.js';
import { isWatcher, rememberGame, secretFor } from './tokens.js';

// The running clock: which state it belongs to, and when (on `performance.now()`) it runs out.
let running = null;
let ticker = null;

function format(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function tick() {
  const box = $('#clock');
  if (!running) {
    box.hidden = true;
    $('#turn-box').classList.remove('timed');
    return;
  }
  const left = running.end - performance.now();
  box.hidden = false;
  $('#turn-box').classList.add('timed');
  $('#clock-time').textContent = format(left);
  $('#clock-bar').style.width = `${Math.max(0, Math.min(100, (left / running.total) * 100))}%`;
  box.classList.toggle('low', left < Math.min(10_000, running.total / 3));
  box.setAttribute('aria-label', t('page-clock-label', { time: format(left), ...running.who }));
}

export function renderClock(view) {
  const clock = view && !view.replay ? view.clock : null;
  if (!clock || typeof clock.left_ms !== 'number') {
    running = null;
    window.clearInterval(ticker);
    ticker = null;
    tick();
    return;
  }
  // Every state counts from the server's newest figure.
  const seat = view.seats[clock.seat] ?? { seat: clock.seat };
  running = {
    who: mine(clock.seat) ? { you: 'yes' } : { you: 'no', colour: colourName(seat) },
    total: Math.max(1, (clock.seconds ?? 1) * 1000),
    end: performance.now() + clock.left_ms,
  };
  if (!ticker) ticker = window.setInterval(tick, 250);
  tick();
}

// "I'm back": the seats of this person that a bot plays while they are away.
export function renderAway(view) {
  const away = (view && !view.replay ? view.room?.seats ?? [] : [])
    .filter((s) => s.away && mine(s.seat));
  $('#away').hidden = away.length === 0;
  $('#back').dataset.seat = away.length > 0 ? String(away[0].seat) : '';
}

function takeBack() {
  const game = ui.game;
  const seat = $('#back').dataset.seat;
  if (!game || seat === '') return undefined;
  return act(async () => {
    const state = await gameApi('POST', game.id, `seats/${seat}/back`, {});
    clearError();
    setState(state, 'http');
    // "I'm back" is gone: the focus goes on to what is due.
    focusFirst('#throw', '#moves button', '#board');
  });
}

// At the end: "Rematch" for a player, or "Play the rematch" once someone has asked for it.
export function renderRematch(view) {
  const game = view && !view.replay ? view : null;
  const over = Boolean(game && (game.phase === 'over' || game.result));
  const next = game?.room?.rematch ?? null;
  const player = Boolean(ui.you && !ui.you.watcher);
  $('#rematch-box').hidden = !(over && (player || next));
  $('#rematch').textContent = !next ? t('page-rematch') : player ? t('page-rematch-play')
    : t('page-rematch-watch');
}

async function rematch() {
  const game = ui.game;
  if (!game) return;
  const secret = secretFor(game.id);
  const role = isWatcher(game.id) ? 'watcher' : 'player';
  const next = game.room?.rematch ?? null;
  const id = await act(async () => {
    const state = next ? null : await gameApi('POST', game.id, 'rematch', {});
    const found = next ?? state?.id ?? null;
    // The rematch keeps every person's token (and the watch code): the same secret opens it.
    if (found && secret) rememberGame(found, secret, role);
    clearError();
    return found;
  });
  if (id) await openSavedGame(id);
}

export function wireClock() {
  $('#back').addEventListener('click', takeBack);
  $('#rematch').addEventListener('click', rematch);
}
