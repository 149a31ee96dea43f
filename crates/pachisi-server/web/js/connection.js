// The game's connection to the server: actions sent over HTTP with this browser's seat token,
// every event received on the game's WebSocket, in order of its number (bots' moves, the other
// people's moves, seats taken, chat lines). A lost connection is opened again by itself, less
// often each time, saying the last event it saw, so that nothing is missed or told twice; the
// page shows "reconnecting" meanwhile.

import { act, ApiError, gameApi, gamePath } from './api.js';
import { lang, t } from './i18n.js';
import { showError } from './messages.js';
import { noteChange } from './motion.js';
import { applyPatch, hooks, ui } from './state.js';
import { forgetGame, secretFor } from './tokens.js';

export function sendAction(action) {
  const game = ui.game;
  if (!game) return Promise.resolve();
  // The state the person chose in: if the game has moved on since, the server refuses the
  // action instead of playing it on a state nobody saw.
  const body = { ...action, actions: game.actions };
  return act(async () => {
    try {
      const state = await gameApi('POST', game.id, 'actions', body);
      setState(state, 'http');
    } catch (err) {
      // The game moved on (another seat, or another server, was quicker): the answer holds the
      // game as it is now, shown at once; the person chooses again.
      if (err instanceof ApiError && err.status === 409 && err.data?.state?.id === game.id) {
        setState(err.data.state, 'socket');
      }
      throw err;
    }
  });
}

function setConnection(status) {
  ui.connection = status;
  hooks.renderConnection();
}

export function connect(id) {
  disconnect();
  const secret = secretFor(id);
  if (!secret) return;
  const url = new URL(gamePath(id, 'ws'), window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(url);
  ui.socket = socket;
  // A new connection's welcome brings the state whole; patches follow from it.
  ui.told = null;
  let welcomed = false;
  socket.addEventListener('open', () => {
    if (socket !== ui.socket) return;
    // The first connection asks for every event (the chat so far comes with them); a
    // reconnection for those after the last one seen.
    socket.send(JSON.stringify({ type: 'hello', token: secret, after: ui.event ?? 0 }));
  });
  socket.addEventListener('message', (event) => {
    if (socket !== ui.socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      showError(t('page-error-not-json'));
      return;
    }
    switch (message?.type) {
      case 'welcome':
        welcomed = true;
        ui.socketRetry = 0;
        ui.you = message.you ?? null;
        received(message, ui.event === null);
        setConnection('live');
        break;
      case 'events':
        received(message, false);
        break;
      case 'closed':
        // Watching turned off, the seat handed over, or the game opened in another window.
        ui.socket = null;
        setConnection('closed');
        showError(lang === 'en' && message.reason ? String(message.reason)
          : t('page-error-watching-off'));
        break;
      case 'deleted':
        forgetGame(id);
        ui.socket = null;
        setConnection('closed');
        showError(t('page-error-deleted'));
        break;
      case 'error':
        showError(lang === 'en' && message.error ? String(message.error) : t('page-error-refused'));
        break;
      default:
        break;
    }
  });
  socket.addEventListener('close', (event) => {
    if (socket !== ui.socket) return;
    ui.socket = null;
    if (!welcomed && event.code === 1008) {
      // The server knows this browser's secret no more: the seat was given away, or the link
      // turned off.
      forgetGame(id);
      setConnection('closed');
      showError(t('page-error-no-seat'));
      return;
    }
    // A game that was deleted, or a message the server refused, is not tried again.
    if (event.code === 1000 || event.code === 1007 || event.code === 1008 || event.code === 1009) {
      setConnection('closed');
      return;
    }
    setConnection('reconnecting');
    const delay = Math.min(30_000, 1000 * 2 ** ui.socketRetry);
    ui.socketRetry += 1;
    ui.socketTimer = window.setTimeout(() => {
      if (ui.game && ui.game.id === id) connect(id);
    }, delay);
  });
}

// A welcome or an events message: its events in order, then its state (if any): whole, or what
// changed since the last one, applied to the state the socket told before.
function received(message, history) {
  const events = Array.isArray(message.events) ? message.events : [];
  const fresh = events.filter((e) => typeof e?.n === 'number' && (ui.event === null || e.n > ui.event));
  if (typeof message.event === 'number') ui.event = Math.max(ui.event ?? 0, message.event);
  if (fresh.length > 0 || history) hooks.events(fresh, history);
  let state = null;
  if (message.state && typeof message.state === 'object') {
    state = message.state;
  } else if (message.patch && typeof message.patch === 'object' && ui.told) {
    state = applyPatch(ui.told, message.patch);
  }
  if (!state) return;
  ui.told = state;
  // The page marks the state it shows (its `key`): the socket's own copy stays as told.
  setState({ ...state }, 'socket');
}

export function disconnect() {
  window.clearTimeout(ui.socketTimer);
  const socket = ui.socket;
  ui.socket = null;
  ui.told = null;
  if (socket) socket.close();
}

function socketOpen() {
  return ui.socket !== null && ui.socket.readyState === WebSocket.OPEN;
}

// The WebSocket delivers every state in order; an HTTP answer may arrive after the socket has
// already told of later moves, so it is shown only when it is newer than what is shown. The
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
  if (state.you !== undefined) ui.you = state.you;
  ui.game = state;
  if (!sameTurn) {
    ui.clickedPiece = null;
    ui.selected = state.moves.length > 0 ? 0 : null;
    ui.chosen = false;
    // One action after the state shown: its move slides, its captures are marked.
    if (same && state.actions === shown.actions + 1) noteChange(shown, state);
    // An undo: what the last move did is no longer so.
    if (same && state.actions < shown.actions) {
      ui.lastEvent = { key: state.key, at: state.actions, text: t('page-event-undone') };
    }
  }
  hooks.announce(same ? shown : null, state, ui.lastEvent);
  if (!ui.replay) hooks.render();
}
