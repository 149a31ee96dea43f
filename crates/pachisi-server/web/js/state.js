// What the page holds: the game shown (as the server last sent it), the replay open, the move
// selected. Every module reads and writes this one object; `hooks` lets a module ask for a redraw
// without importing the modules that draw (app.js fills them in).

export const ui = {
  rulesets: [],
  game: null,
  // Where the state shown came from: 'http' (an action's answer) or 'socket'.
  shownFrom: null,
  // Who this browser is at the game shown (the server's `you`: `{ name, seats, host }` for a
  // player, `{ watcher: true }` for a watcher), and the number of the last event it has seen.
  you: null,
  event: null,
  socket: null,
  // The game's state as the socket told it: the welcome's, then each patch applied in turn
  // (kept apart from `game`, which an action's answer may replace).
  told: null,
  socketRetry: 0,
  socketTimer: null,
  // 'live', 'reconnecting' or 'closed': what the page says of its connection.
  connection: null,
  // The invitations and watch link of the game shown, for its host: `{ game, invites, watch }`.
  links: null,
  // Index into the current state's `moves`.
  selected: null,
  // Whether the person chose the selected move (a click, a key, the list), rather than it being
  // the first move, selected for them when the moves came.
  chosen: false,
  // The piece whose moves a click cycles through, so that a first click on another piece starts
  // at that piece's first move.
  clickedPiece: null,
  busy: 0,
  replay: null,
  throwKey: null,
  whyTimer: null,
  errorTimer: null,
  // What the last action did, in words, for the view it belongs to (`{ key, text }`).
  lastEvent: null,
  // Pieces sliding and captures being marked on the board (motion.js).
  effects: [],
};

export const hooks = {
  // Draws everything from `currentView()`.
  render: () => {},
  // Enables and disables the buttons (while a request is answered, nothing can be sent twice).
  renderControls: () => {},
  // Shows (true) or hides the new game panel.
  showNewGame: () => {},
  // Shows the state of the game's connection.
  renderConnection: () => {},
  // Takes the events just received, in order (`history`: the first ones of this game).
  events: () => {},
  // Says to a screen reader what changed from the state shown to the next (announce.js).
  announce: () => {},
};

// The state after `patch`, what changed since `state` as the socket tells it (docs/api.md, "Live
// updates"): each field it names replaces the state's, except the log, which keeps its first
// `log_keep` lines and takes the patch's `log` after them. `state` is left as it was.
export function applyPatch(state, patch) {
  const next = { ...state };
  for (const [name, value] of Object.entries(patch)) {
    if (name !== 'log' && name !== 'log_keep') next[name] = value;
  }
  if (typeof patch.log_keep === 'number') {
    const log = Array.isArray(state.log) ? state.log : [];
    next.log = log.slice(0, patch.log_keep).concat(Array.isArray(patch.log) ? patch.log : []);
  }
  return next;
}

// The log at a replay frame: the first `lines` lines of the whole log, the last cut to `tail`
// characters.
export function replayLog(log, at) {
  const [lines, tail] = Array.isArray(at) ? at : [0, 0];
  const shown = (log ?? []).slice(0, lines);
  if (shown.length > 0) shown[shown.length - 1] = shown[shown.length - 1].slice(0, tail);
  return shown;
}

// A frame of the open replay, shaped as a game's state is, so that one drawing serves both.
export function frameView(replay, index) {
  const { data, frames } = replay;
  const f = frames[index];
  return {
    replay: true,
    key: `replay:${replay.serial}`,
    frame: index,
    ruleset: data.ruleset,
    board: data.board,
    seats: data.seats,
    pieces: f.pieces ?? [],
    last_throw: f.last_throw ?? null,
    last_move: f.last_move ?? null,
    phase: f.phase,
    to_move: f.to_move,
    thrower: f.thrower,
    awaiting: null,
    pool: [],
    moves: [],
    why_not: [],
    log: replayLog(data.log, f.log),
    result: null,
    placings: [],
  };
}

// The view every drawing reads: a game's state (with `key`), or the replay's current frame.
export function currentView() {
  if (ui.replay) return frameView(ui.replay, ui.replay.frame);
  return ui.game;
}

// Whether this browser's person holds `seat` in the game shown.
export function mine(seat) {
  return Array.isArray(ui.you?.seats) && ui.you.seats.includes(seat);
}

// Whether this browser's person is to act now: their seat's turn, a person's action due, the
// room full (a game begins when its last seat is taken).
function myTurn(g) {
  return Boolean(!ui.replay && g && g.awaiting === 'human' && g.room?.started !== false
    && mine(g.to_move));
}

export function humanMoveDue() {
  const g = ui.game;
  return myTurn(g) && g.phase === 'move' && g.moves.length > 0;
}

export function humanThrowDue() {
  const g = ui.game;
  return myTurn(g) && g.phase === 'throw';
}

export function selectedMove() {
  if (!humanMoveDue() || ui.selected === null) return null;
  return ui.game.moves[ui.selected] ?? null;
}
