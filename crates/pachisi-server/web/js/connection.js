// The game's connection to the server: actions sent over HTTP, every state received on the game's
// WebSocket (bots' moves arrive only there), shown in order.

import { act, api, gamePath } from './api.js';
import { forgetHost } from './hosts.js';
import { showError } from './messages.js';
import { noteChange } from './motion.js';
import { hooks, ui } from './state.js';

export function sendAction(action) {
  const game = ui.game;
  if (!game) return Promise.resolve();
  return act(async () => {
    const state = await api('POST', gamePath(game.id, 'actions'), action);
    setState(state, 'http');
  });
}

export function connect(id) {
  disconnect();
  const url = new URL(gamePath(id, 'ws'), window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(url);
  ui.socket = socket;
  socket.addEventListener('open', () => {
    if (socket === ui.socket) ui.socketRetry = 0;
  });
  socket.addEventListener('message', (event) => {
    if (socket !== ui.socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      showError('the server sent a message that is not JSON');
      return;
    }
    if (message?.type === 'state' && message.state) {
      setState(message.state, 'socket');
    } else if (message?.type === 'deleted') {
      forgetHost(id);
      ui.socket = null;
      socket.close();
      showError('this game was deleted by its host');
    } else if (message?.type === 'error') {
      showError(String(message.error ?? 'the server refused the action'));
    }
  });
  socket.addEventListener('close', (event) => {
    if (socket !== ui.socket) return;
    // A game that was deleted, or a message the server refused, is not tried again.
    if (event.code === 1000 || event.code === 1007 || event.code === 1008 || event.code === 1009) {
      ui.socket = null;
      return;
    }
    ui.socket = null;
    // Bots' moves arrive only here, so a lost connection is opened again, less often each time.
    const delay = Math.min(30_000, 1000 * 2 ** ui.socketRetry);
    ui.socketRetry += 1;
    ui.socketTimer = window.setTimeout(() => {
      if (ui.game && ui.game.id === id) connect(id);
    }, delay);
  });
}

export function disconnect() {
  window.clearTimeout(ui.socketTimer);
  const socket = ui.socket;
  ui.socket = null;
  if (socket) socket.close();
}

function socketOpen() {
  return ui.socket !== null && ui.socket.readyState === WebSocket.OPEN;
}

// The WebSocket delivers every state in order; an HTTP answer may arrive after the socket has
// already told of later bot moves, so it is shown only when it is newer than what is shown. The
// other way round, a socket that has just connected may first tell of the state before an action
// whose answer is already shown. (Only an undo makes the count of actions fall, and its state
// comes on the socket after the answer.)
export function setState(state, source) {
  const shown = ui.game;
  const same = shown && shown.id === state.id;
  if (same && source === 'http' && socketOpen() && state.actions <= shown.actions) return;
  if (same && source === 'socket' && ui.shownFrom === 'http' && state.actions < shown.actions) {
    return;
  }
  ui.shownFrom = source;
  const sameTurn = same && shown.actions === state.actions;
  state.key = `game:${state.id}`;
  ui.game = state;
  if (!sameTurn) {
    ui.clickedPiece = null;
    ui.selected = state.moves.length > 0 ? 0 : null;
    // One action after the state shown: its move slides, its captures are marked.
    if (same && state.actions === shown.actions + 1) noteChange(shown, state);
  }
  if (!ui.replay) hooks.render();
}
