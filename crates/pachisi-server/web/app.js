// The page of `pachisi serve`: shows the state the server sends and sends back what a person
// chose. Every rule lives in the server (docs/api.md); nothing here decides whether a move is
// legal, only which of the server's legal moves a click or a key means.

const SVG = 'http://www.w3.org/2000/svg';
const BOTS = ['random', 'heuristic', 'expectimax', 'mcts'];
// The server's own default bot, so that a seat left alone plays as `pachisi play` would.
const DEFAULT_BOT = 'expectimax';

// Fill and letter colour of each seat colour. The letter is always drawn as well, so that the
// board reads the same to someone who cannot tell the colours apart.
const PALETTE = {
  yellow: ['#f2c81f', '#222'],
  green: ['#2f9e44', '#fff'],
  black: ['#262626', '#fff'],
  red: ['#d63a2f', '#fff'],
  blue: ['#2f6fd6', '#fff'],
  white: ['#fafafa', '#222'],
  purple: ['#7d4bc2', '#fff'],
  magenta: ['#c2409e', '#fff'],
  cyan: ['#20a4b8', '#222'],
};

const $ = (selector) => document.querySelector(selector);

const ui = {
  rulesets: [],
  game: null,
  // Where the state shown came from: 'http' (an action's answer) or 'socket'.
  shownFrom: null,
  socket: null,
  socketRetry: 0,
  socketTimer: null,
  // Index into the current state's `moves`.
  selected: null,
  // The piece whose moves a click cycles through, so that a first click on another piece starts
  // at that piece's first move.
  clickedPiece: null,
  busy: 0,
  replay: null,
  throwKey: null,
  whyTimer: null,
  errorTimer: null,
};

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the server

async function api(method, path, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(`cannot reach the server (${err.message})`, 0);
  }
  const type = response.headers.get('Content-Type') ?? '';
  let data;
  if (type.includes('json')) {
    data = await response.json().catch(() => null);
  } else {
    data = await response.text().catch(() => '');
  }
  if (!response.ok) {
    const said = data && typeof data === 'object' && typeof data.error === 'string' ? data.error : '';
    throw new ApiError(said || `the server answered ${response.status} ${response.statusText}`,
      response.status);
  }
  return data;
}

// Runs a request that changes something, with the controls locked until it is answered so that
// a second click cannot send an action that is no longer due.
async function act(work) {
  ui.busy += 1;
  document.body.dataset.busy = 'true';
  renderControls();
  try {
    return await work();
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err?.message ?? err));
    return undefined;
  } finally {
    ui.busy -= 1;
    document.body.dataset.busy = ui.busy > 0 ? 'true' : 'false';
    renderControls();
  }
}

function sendAction(action) {
  const game = ui.game;
  if (!game) return Promise.resolve();
  return act(async () => {
    const state = await api('POST', `/api/games/${encodeURIComponent(game.id)}/actions`, action);
    setState(state, 'http');
  });
}

function connect(id) {
  disconnect();
  const url = new URL(`/api/games/${encodeURIComponent(id)}/ws`, window.location.href);
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

function disconnect() {
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
function setState(state, source) {
  const shown = ui.game;
  const same = shown && shown.id === state.id;
  if (same && source === 'http' && socketOpen() && state.actions <= shown.actions) return;
  if (same && source === 'socket' && ui.shownFrom === 'http' && state.actions < shown.actions) {
    return;
  }
  ui.shownFrom = source;
  const sameTurn = same && shown.actions === state.actions;
  ui.game = state;
  if (!sameTurn) {
    ui.clickedPiece = null;
    ui.selected = state.moves.length > 0 ? 0 : null;
    clearHints();
  }
  if (!ui.replay) render();
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function colours(name) {
  return PALETTE[String(name).toLowerCase()] ?? ['#888', '#fff'];
}

function seatName(seat) {
  return `${seat.letter} ${seat.colour}`;
}

function playerName(player) {
  if (player === 'human') return 'person';
  if (player === 'bot') return `bot ${DEFAULT_BOT}`;
  return String(player).replace(/^bot:/, 'bot ');
}

function showError(message) {
  const box = $('#error');
  box.textContent = message;
  box.hidden = false;
  window.clearTimeout(ui.errorTimer);
  ui.errorTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 10_000);
}

function clearError() {
  $('#error').hidden = true;
}

function showWhy(lines) {
  const box = $('#why');
  box.replaceChildren(...lines.map((line) => html('p', { text: line })));
  box.hidden = false;
  window.clearTimeout(ui.whyTimer);
  ui.whyTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 5000);
}

// ---------------------------------------------------------------------------------------------
// The new game panel

function rulesetByName(name) {
  return ui.rulesets.find((r) => r.name === name) ?? null;
}

// Each seat's team number: the server lists every team (those of one seat too) in the engine's
// order.
function teamsOf(ruleset) {
  const team = new Array(ruleset.seats).fill(0);
  (ruleset.teams ?? []).forEach((members, i) => {
    for (const seat of members) team[seat] = i;
  });
  return team;
}

function seatChoices() {
  const choices = [];
  for (const row of document.querySelectorAll('#seat-rows .seat-row')) {
    const kind = row.querySelector('.kind').value;
    const bot = row.querySelector('.strength').value;
    choices.push(kind === 'human' ? 'human' : `bot:${bot}`);
  }
  return choices;
}

function renderSeatRows() {
  const ruleset = rulesetByName($('#ruleset').value);
  const rows = $('#seat-rows');
  if (!ruleset) {
    rows.replaceChildren();
    return;
  }
  const before = seatChoices();
  const team = teamsOf(ruleset);
  // The server lists every team, those of one seat too; only partnerships are worth naming.
  const partnered = Array.isArray(ruleset.teams) && ruleset.teams.some((t) => t.length > 1);
  const built = [];
  for (let seat = 0; seat < ruleset.seats; seat++) {
    const colour = ruleset.colours?.[seat] ?? `seat ${seat}`;
    const letter = ruleset.letters?.[seat] ?? String(seat);
    const [fill, ink] = colours(colour);
    const kind = html('select', { id: `seat-${seat}-kind`, class: 'kind', 'data-seat': seat,
      'aria-label': `Who plays ${colour}` });
    kind.append(html('option', { value: 'human', text: 'person' }),
      html('option', { value: 'bot', text: 'bot' }));
    const strength = html('select', { id: `seat-${seat}-bot`, class: 'strength', 'data-seat': seat,
      'aria-label': `Strength of the ${colour} bot` });
    for (const bot of BOTS) strength.append(html('option', { value: bot, text: bot }));
    const previous = before[seat];
    if (previous === undefined) {
      kind.value = seat === 0 ? 'human' : 'bot';
      strength.value = DEFAULT_BOT;
    } else if (previous === 'human') {
      kind.value = 'human';
      strength.value = DEFAULT_BOT;
    } else {
      kind.value = 'bot';
      strength.value = previous.slice('bot:'.length);
    }
    strength.hidden = kind.value !== 'bot';
    kind.addEventListener('change', () => {
      strength.hidden = kind.value !== 'bot';
    });
    const partners = ruleset.letters
      ? team.map((t, s) => (t === team[seat] ? ruleset.letters[s] : null)).filter(Boolean)
      : [];
    const teamText = partnered && partners.length > 1
      ? `team ${team[seat] + 1} (${partners.join(' ')})`
      : 'plays alone';
    const swatch = html('span', { class: 'swatch', text: letter });
    swatch.style.background = fill;
    swatch.style.color = ink;
    built.push(html('div', { class: 'seat-row', 'data-seat': seat }, [
      swatch,
      html('span', { class: 'seat-colour', text: colour }),
      kind,
      strength,
      html('span', { class: 'team', 'data-team': team[seat], text: teamText }),
    ]));
  }
  rows.replaceChildren(...built);
}

function rulesetChanged() {
  const ruleset = rulesetByName($('#ruleset').value);
  $('#ruleset-description').textContent = ruleset
    ? `${ruleset.title}${ruleset.source ? ` [source ${ruleset.source}]` : ''}. ${ruleset.description ?? ''}`
    : '';
  $('#cowrie-row').hidden = !ruleset || ruleset.device !== 'cowries';
  renderSeatRows();
}

async function loadRulesets() {
  try {
    const list = await api('GET', '/api/rulesets');
    if (!Array.isArray(list) || list.length === 0) throw new ApiError('the server has no rulesets', 0);
    ui.rulesets = list;
  } catch (err) {
    showError(`cannot load the rulesets: ${err.message}`);
    return;
  }
  const select = $('#ruleset');
  select.replaceChildren(...ui.rulesets.map((r) => html('option', { value: r.name,
    text: `${r.title} (${r.name})` })));
  select.value = ui.rulesets[0].name;
  rulesetChanged();
}

function newGameRequest() {
  const body = { ruleset: $('#ruleset').value, seats: seatChoices() };
  const seed = $('#seed').value.trim();
  if (seed !== '') {
    const n = Number(seed);
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new ApiError(`the seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`, 0);
    }
    body.seed = n;
  }
  const ruleset = rulesetByName(body.ruleset);
  const p = $('#cowrie-p').value.trim();
  if (ruleset?.device === 'cowries' && p !== '') {
    const n = Number(p);
    if (!Number.isFinite(n)) throw new ApiError('the cowrie probability must be a number', 0);
    body.cowrie_p = n;
  }
  const set = $('#set').value.trim();
  // Whitespace only: a value may hold commas (`throw.grace=[1,6]`).
  if (set !== '') body.set = set.split(/\s+/).filter(Boolean);
  return body;
}

async function startGame(event) {
  event.preventDefault();
  let body;
  try {
    body = newGameRequest();
  } catch (err) {
    showError(err.message);
    return;
  }
  await act(async () => {
    const state = await api('POST', '/api/games', body);
    clearError();
    // The token that lets this browser delete the game: sent once, kept here.
    if (typeof state.host_token === 'string') rememberHost(state.id, state.host_token);
    delete state.host_token;
    openGame(state);
  });
}

// The games this browser created, with their host tokens (localStorage: they outlive the tab).
const HOSTS_KEY = 'pachisi.hosts';

function hostTokens() {
  try {
    const hosts = JSON.parse(window.localStorage.getItem(HOSTS_KEY) ?? '{}');
    return hosts && typeof hosts === 'object' ? hosts : {};
  } catch {
    return {};
  }
}

function rememberHost(id, token) {
  const hosts = hostTokens();
  hosts[id] = token;
  try {
    window.localStorage.setItem(HOSTS_KEY, JSON.stringify(hosts));
  } catch {
    // Storage may be full or refused: the game is played all the same, only not deletable here.
  }
}

function forgetHost(id) {
  const hosts = hostTokens();
  delete hosts[id];
  try {
    window.localStorage.setItem(HOSTS_KEY, JSON.stringify(hosts));
  } catch {
    // As above.
  }
}

async function deleteGame(id) {
  const token = hostTokens()[id];
  if (!token) return;
  await act(async () => {
    await api('DELETE', `/api/games/${encodeURIComponent(id)}`, undefined,
      { Authorization: `Bearer ${token}` });
    forgetHost(id);
    clearError();
    if (ui.game && ui.game.id === id) {
      disconnect();
      ui.game = null;
      history.replaceState(null, '', window.location.pathname);
      showNewGame(true);
      render();
    } else {
      loadGameList();
    }
  });
}

function openGame(state) {
  closeReplay(false);
  ui.game = null;
  setState(state, 'http');
  history.replaceState(null, '', `#game=${encodeURIComponent(state.id)}`);
  showNewGame(false);
  connect(state.id);
  $('#board').focus({ preventScroll: true });
}

async function openSavedGame(id) {
  await act(async () => {
    const state = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    clearError();
    openGame(state);
  });
}

function showNewGame(show) {
  $('#new-game').hidden = !show;
  $('#show-new-game').hidden = show;
  $('#cancel-new-game').hidden = !(show && ui.game);
  if (show) loadGameList();
}

async function loadGameList() {
  let games;
  try {
    games = await api('GET', '/api/games');
  } catch (err) {
    showError(`cannot list the games: ${err.message}`);
    return;
  }
  if (!Array.isArray(games)) return;
  const hosts = hostTokens();
  const items = games.slice(0, 20).map((g) => {
    if (g.phase === 'unplayable') {
      return html('li', {}, [html('span', { text: `${g.ruleset} · cannot be played: ${g.problem}` })]);
    }
    const open = html('button', { type: 'button', class: 'open-game', 'data-game': g.id,
      text: 'Open' });
    open.addEventListener('click', () => openSavedGame(g.id));
    const buttons = [open];
    if (hosts[g.id]) {
      const remove = html('button', { type: 'button', class: 'delete-game', 'data-game': g.id,
        text: 'Delete' });
      remove.addEventListener('click', () => deleteGame(g.id));
      buttons.push(remove);
    }
    const state = g.result ? `over: ${g.result}` : `${g.actions} actions`;
    return html('li', {}, [html('span', { text: `${g.ruleset} · ${state} · ${g.created} ` }),
      ...buttons]);
  });
  $('#games').replaceChildren(...items);
  $('#saved-games').hidden = items.length === 0;
}

// ---------------------------------------------------------------------------------------------
// What is shown: the game, or a frame of a replayed record

function currentView() {
  if (ui.replay) {
    const { data, frames, frame } = ui.replay;
    const f = frames[frame];
    return {
      replay: true,
      ruleset: data.ruleset,
      board: data.board,
      seats: data.seats,
      pieces: f.pieces ?? [],
      last_throw: f.last_throw ?? null,
      last_move: f.last_move ?? null,
      phase: f.phase,
      to_move: f.to_move,
      awaiting: null,
      pool: [],
      moves: [],
      why_not: [],
      log: replayLog(data.log, f.log),
      result: null,
      placings: [],
    };
  }
  return ui.game;
}

function humanMoveDue() {
  const g = ui.game;
  return !ui.replay && g && g.phase === 'move' && g.awaiting === 'human' && g.moves.length > 0;
}

function humanThrowDue() {
  const g = ui.game;
  return !ui.replay && g && g.phase === 'throw' && g.awaiting === 'human';
}

function selectedMove() {
  if (!humanMoveDue() || ui.selected === null) return null;
  return ui.game.moves[ui.selected] ?? null;
}

function render() {
  const view = currentView();
  const body = document.body;
  $('#no-board').hidden = Boolean(view);
  // An SVG element has no `hidden` property; the attribute is what the style sheet reads.
  $('#board').toggleAttribute('hidden', !view);
  for (const id of ['#throw-box', '#log-box']) $(id).hidden = !view;
  $('#moves-box').hidden = !view || view.replay;
  if (!view) {
    body.dataset.phase = 'none';
    return;
  }
  body.dataset.phase = view.phase ?? '';
  body.dataset.awaiting = view.awaiting ?? '';
  body.dataset.toMove = view.to_move ?? '';
  body.dataset.actions = view.replay ? '' : String(view.actions);
  body.dataset.mode = view.replay ? 'replay' : 'game';
  $('#game-title').textContent = view.ruleset?.title ?? '';
  drawBoard(view);
  renderStatus(view);
  renderTeams(view);
  renderThrow(view);
  renderMoves(view);
  renderLog(view);
  renderControls();
  renderReplayControls();
}

// ---------------------------------------------------------------------------------------------
// The board

function pieceGroups(view) {
  const onSquare = new Map();
  const offBoard = new Map();
  for (const p of view.pieces) {
    if (p.where === 'board' && p.square !== null && p.square !== undefined) {
      const key = `${p.seat}:${p.progress}`;
      const list = onSquare.get(p.square) ?? [];
      const group = list.find((g) => g.key === key);
      if (group) group.count += 1;
      else list.push({ key, seat: p.seat, progress: p.progress, count: 1 });
      onSquare.set(p.square, list);
    } else {
      const list = offBoard.get(p.seat) ?? { waiting: [], home: [] };
      (p.where === 'home' ? list.home : list.waiting).push(p);
      offBoard.set(p.seat, list);
    }
  }
  return { onSquare, offBoard };
}

function drawPiece(view, seatIndex, progress, count, cx, cy, r, where, movable) {
  const seat = view.seats[seatIndex] ?? { letter: '?', colour: 'grey' };
  const [fill, ink] = colours(seat.colour);
  const g = svg('g', {
    class: `piece${movable ? ' movable' : ''}`,
    'data-piece': `${seatIndex}:${progress}`,
    'data-seat': seatIndex,
    'data-progress': progress,
    'data-where': where,
    'data-count': count,
    'data-movable': movable ? 'true' : null,
  });
  g.append(svg('title', {}, [`${seatName(seat)}${count > 1 ? ` ×${count}` : ''}`
    + `${where === 'board' ? `, progress ${progress}` : `, ${where}`}`]));
  if (movable) g.append(svg('circle', { class: 'ring', cx, cy, r: r * 1.22 }));
  g.append(svg('circle', { class: 'body', cx, cy, r, fill, stroke: '#111' }));
  g.append(svg('text', { class: 'letter', x: cx, y: cy, fill: ink, 'font-size': r * 1.15 },
    [seat.letter]));
  if (count > 1) {
    const bx = cx + r * 0.8;
    const by = cy - r * 0.8;
    g.append(svg('circle', { class: 'badge', cx: bx, cy: by, r: r * 0.5 }));
    g.append(svg('text', { class: 'badge-text', x: bx, y: by, 'font-size': r * 0.62 },
      [String(count)]));
  }
  return g;
}

function drawBoard(view) {
  const board = view.board;
  const root = $('#board');
  const side = board.side;
  root.setAttribute('viewBox', `-0.1 -0.1 ${side + 0.2} ${side + 0.2}`);
  root.setAttribute('aria-label', `The board: ${view.ruleset?.title ?? ''}`);
  const { onSquare, offBoard } = pieceGroups(view);
  const mover = view.to_move;
  const moves = view.replay ? [] : (view.moves ?? []);
  const movable = new Set(moves.filter((m) => m.progress !== null).map((m) => m.progress));
  const canMove = (seat, progress) => !view.replay && view.awaiting === 'human'
    && seat === mover && movable.has(progress);
  const sel = view.replay ? null : selectedMove();
  const last = view.last_move ?? null;
  const nodes = [svg('rect', { class: 'cloth', x: -0.1, y: -0.1, width: side + 0.2,
    height: side + 0.2 })];

  // Seats' corners: their waiting and finished pieces.
  for (const corner of board.corners ?? []) {
    const seat = view.seats[corner.seat];
    if (!seat) continue;
    const [fill] = colours(seat.colour);
    const { x, y, size } = corner;
    const off = offBoard.get(corner.seat) ?? { waiting: [], home: [] };
    const g = svg('g', { class: 'corner', 'data-corner': corner.seat });
    const frame = svg('rect', { class: 'corner-ground', x: x + 0.15, y: y + 0.15,
      width: size - 0.3, height: size - 0.3, rx: 0.4 });
    frame.style.fill = fill;
    g.append(frame);
    const fs = 0.46;
    const active = mover === corner.seat && view.phase !== 'over';
    g.append(svg('text', { class: `corner-title${active ? ' active' : ''}`, x: x + 0.45,
      y: y + 0.9, 'font-size': fs }, [`${seatName(seat)}${active ? ' ◀' : ''}`]));
    if (seat.player) {
      g.append(svg('text', { class: 'corner-player', x: x + 0.45, y: y + 1.45,
        'font-size': fs * 0.78 }, [playerName(seat.player)]));
    }
    // Bigger corners (Pachisi's arms of eight) draw their pieces bigger too.
    const k = Math.min(1.4, Math.max(1, size / 6));
    const perRow = Math.max(1, Math.floor((size - 1) / k));
    const r = 0.36 * k;
    const drawRow = (pieces, top, label, where) => {
      g.append(svg('text', { class: 'corner-label', x: x + 0.45, y: top, 'font-size': fs * 0.72 },
        [`${label}${pieces.length === 0 ? ' –' : ''}`]));
      pieces.forEach((p, i) => {
        const cx = x + 0.5 + k * (0.5 + (i % perRow));
        const cy = top + 0.2 + k * (0.4 + Math.floor(i / perRow) * 0.85);
        const isMovable = where === 'waiting' && canMove(corner.seat, p.progress);
        const piece = drawPiece(view, corner.seat, p.progress, 1, cx, cy, r, where, isMovable);
        if (sel && sel.from === null && sel.progress === p.progress && corner.seat === mover
            && where === 'waiting' && i === 0) {
          piece.classList.add('selected');
        }
        g.append(piece);
      });
      return top + 0.2 + k * (0.4 + Math.ceil(Math.max(1, pieces.length) / perRow) * 0.85) + 0.1;
    };
    const next = drawRow(off.waiting, y + 2.1, 'waiting', 'waiting');
    drawRow(off.home, next, 'home', 'home');
    nodes.push(g);
  }

  // The centre: the Charkoni, or the home of rulesets that start in a nest.
  const c = (side - 3) / 2;
  const centre = svg('g', { class: 'centre', 'data-centre': '' });
  centre.append(svg('rect', { x: c + 0.04, y: c + 0.04, width: 2.92, height: 2.92, rx: 0.2 }));
  centre.append(svg('text', { x: c + 1.5, y: c + 1.5, 'font-size': 0.45 }, [board.centre ?? '']));
  if (last && last.to === null && last.from !== null) centre.classList.add('last');
  if (sel && sel.to === null && sel.progress !== null) {
    centre.classList.add('dest');
    centre.setAttribute('data-dest', '');
  }
  nodes.push(centre);

  // The squares, each with the pieces standing on it, so that a click on a piece is also a click
  // on its square.
  for (const sq of board.squares) {
    const classes = ['square'];
    if (sq.castle) classes.push('castle');
    if (last && (last.from === sq.id || last.to === sq.id)) classes.push('last');
    if (sel && sel.from === sq.id) classes.push('from');
    const isDest = sel && sel.to === sq.id;
    if (isDest) classes.push('dest');
    const g = svg('g', { class: classes.join(' '), 'data-square': sq.id, 'data-name': sq.name,
      'data-dest': isDest ? '' : null });
    g.append(svg('title', {}, [`${sq.name}${sq.castle ? ' (castle)' : ''}`]));
    g.append(svg('rect', { class: 'cell', x: sq.x + 0.04, y: sq.y + 0.04, width: 0.92,
      height: 0.92, rx: 0.08 }));
    if (sq.castle) {
      g.append(svg('path', { class: 'castle-mark',
        d: `M${sq.x + 0.28} ${sq.y + 0.28}L${sq.x + 0.72} ${sq.y + 0.72}`
          + `M${sq.x + 0.72} ${sq.y + 0.28}L${sq.x + 0.28} ${sq.y + 0.72}` }));
    }
    const groups = onSquare.get(sq.id) ?? [];
    const spots = groups.length === 1 ? [[0.5, 0.5]]
      : [[0.27, 0.27], [0.73, 0.73], [0.73, 0.27], [0.27, 0.73]];
    const r = groups.length === 1 ? 0.38 : 0.23;
    groups.forEach((group, i) => {
      const [dx, dy] = spots[i % spots.length];
      const piece = drawPiece(view, group.seat, group.progress, group.count, sq.x + dx, sq.y + dy,
        r, 'board', canMove(group.seat, group.progress));
      if (sel && sel.from === sq.id && sel.progress === group.progress && group.seat === mover) {
        piece.classList.add('selected');
      }
      g.append(piece);
    });
    nodes.push(g);
  }
  root.replaceChildren(...nodes);
}

function boardClicked(event) {
  const pieceNode = event.target.closest('[data-piece]');
  const squareNode = event.target.closest('[data-square]');
  const centreNode = event.target.closest('[data-centre]');
  const game = ui.game;
  if (ui.replay || !game) return;
  const sel = selectedMove();
  if (sel) {
    const onDest = (squareNode && sel.to !== null && Number(squareNode.dataset.square) === sel.to)
      || (centreNode && sel.to === null && sel.progress !== null);
    if (onDest) {
      playMove(sel);
      return;
    }
  }
  if (pieceNode) {
    pieceClicked(Number(pieceNode.dataset.seat), Number(pieceNode.dataset.progress),
      pieceNode.dataset.where);
  }
}

function pieceClicked(seat, progress, where) {
  const game = ui.game;
  const seatInfo = game.seats[seat];
  if (game.phase === 'over') {
    showWhy(['The game is over.']);
    return;
  }
  if (seat !== game.to_move) {
    const mover = game.seats[game.to_move];
    showWhy([`That is ${seatName(seatInfo)}'s piece; ${mover ? seatName(mover) : 'another seat'} is to play.`]);
    return;
  }
  if (game.awaiting !== 'human') {
    showWhy(['A bot plays this seat.']);
    return;
  }
  if (game.phase !== 'move') {
    showWhy(['Throw first.']);
    return;
  }
  if (where === 'home') {
    showWhy(['This piece is home.']);
    return;
  }
  const candidates = game.moves.filter((m) => m.progress === progress);
  if (candidates.length === 0) {
    const why = (game.why_not ?? []).find((w) => w.progress === progress);
    showWhy(why && why.reasons.length > 0 ? why.reasons : ['This piece has no legal move.']);
    return;
  }
  const key = `${seat}:${progress}`;
  const at = candidates.findIndex((m) => m.index === ui.selected);
  const next = ui.clickedPiece === key && at >= 0 ? candidates[(at + 1) % candidates.length]
    : candidates[0];
  ui.clickedPiece = key;
  select(next.index);
}

function select(index) {
  ui.selected = index;
  if (!ui.replay) {
    drawBoard(currentView());
    renderMoves(currentView());
  }
}

function playMove(move) {
  if (!humanMoveDue() || ui.busy > 0) return;
  sendAction({ action: 'move', move: move.move });
}

// ---------------------------------------------------------------------------------------------
// The side panel

function renderStatus(view) {
  const status = $('#status');
  const result = $('#result');
  if (view.replay) {
    const seat = view.seats[view.to_move];
    status.textContent = `Replay: ${view.ruleset?.title ?? ''}`
      + (seat && view.phase !== 'over' ? ` · ${seatName(seat)} to ${view.phase}` : '');
    result.hidden = true;
    return;
  }
  if (view.phase === 'over' || view.result) {
    status.textContent = 'The game is over.';
    result.textContent = view.result ?? 'The game is over.';
    result.hidden = false;
    return;
  }
  result.hidden = true;
  result.textContent = '';
  const seat = view.seats[view.to_move];
  const who = seat ? seatName(seat) : `seat ${view.to_move}`;
  const humans = view.seats.filter((s) => s.player === 'human').length;
  if (view.awaiting === 'human') {
    const you = humans > 1 ? who : `${who} (you)`;
    status.textContent = view.phase === 'throw' ? `${you} to throw: Space, Enter or Throw.`
      : `${you} to move: choose a move.`;
  } else {
    status.textContent = `${who} (${playerName(seat?.player ?? 'bot')}) to ${view.phase}…`;
  }
}

function renderTeams(view) {
  const teams = new Map();
  for (const seat of view.seats) {
    const list = teams.get(seat.team) ?? [];
    list.push(seat);
    teams.set(seat.team, list);
  }
  const items = [];
  for (const [team, seats] of [...teams.entries()].sort((a, b) => a[0] - b[0])) {
    const members = new Set(seats.map((s) => s.seat));
    const mine = view.pieces.filter((p) => members.has(p.seat));
    const home = mine.filter((p) => p.where === 'home').length;
    const place = (view.placings ?? []).indexOf(team);
    const letters = seats.map((s) => {
      const [fill, ink] = colours(s.colour);
      const chip = html('span', { class: 'swatch', text: s.letter, title: `${s.colour}: ${playerName(s.player)}` });
      chip.style.background = fill;
      chip.style.color = ink;
      return chip;
    });
    items.push(html('li', { 'data-team': team }, [
      html('span', { class: 'team-name', text: `Team ${team + 1}` }),
      ...letters,
      html('span', { class: 'home', text: ` home ${home}/${mine.length}` }),
      ...(place >= 0 ? [html('strong', { text: ` · ${ordinal(place + 1)}` })] : []),
    ]));
  }
  $('#teams').replaceChildren(...items);
}

function ordinal(n) {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd'
    : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function renderThrow(view) {
  const t = view.last_throw;
  const box = $('#throw-view');
  const words = $('#throw-words');
  const pool = $('#pool');
  const ruleset = view.ruleset ?? {};
  if (!t) {
    box.replaceChildren();
    box.setAttribute('viewBox', '0 0 1 1');
    words.textContent = 'No throw yet.';
    pool.textContent = '';
    ui.throwKey = null;
    return;
  }
  const seat = view.seats[t.seat];
  words.textContent = `${seat ? seat.letter : t.seat}: ${t.words ?? t.name ?? t.value}`;
  const spend = (view.pool ?? []).map((p) => `${p.value}${p.bonus ? ' (bonus)' : ''}`);
  pool.textContent = spend.length > 0 ? `To spend: ${spend.join(', ')}` : '';
  const nodes = ruleset.device === 'cowries' ? drawShells(ruleset.shells ?? 0, t.result ?? 0)
    : drawDice(t);
  box.setAttribute('viewBox', `0 0 ${nodes.width} 2`);
  box.setAttribute('aria-label', `The last throw: ${t.words ?? t.name ?? t.value}`);
  box.replaceChildren(...nodes.items);
  // A throw is animated once, when it first appears; the count of throws in the log tells a new
  // throw from the same one shown again.
  const thrown = (view.log ?? []).join(' ').split('(').length;
  const key = `${JSON.stringify(t)}|${thrown}|${view.replay ? 'r' : 'g'}`;
  if (key !== ui.throwKey) {
    ui.throwKey = key;
    box.classList.remove('rolling');
    // Reading the layout restarts the animation when the class comes back.
    void box.getBoundingClientRect();
    box.classList.add('rolling');
  }
}

function drawShells(count, up) {
  const items = [];
  for (let i = 0; i < count; i++) {
    const cx = 0.75 + i * 1.3;
    const mouthUp = i < up;
    const g = svg('g', { class: `shell ${mouthUp ? 'up' : 'down'}`, 'data-shell': i });
    g.style.animationDelay = `${i * 60}ms`;
    g.append(svg('ellipse', { class: 'shell-body', cx, cy: 1, rx: 0.5, ry: 0.78 }));
    if (mouthUp) {
      g.append(svg('path', { class: 'mouth',
        d: `M${cx} 0.42 C${cx + 0.14} 0.8 ${cx + 0.14} 1.2 ${cx} 1.58`
          + ` C${cx - 0.14} 1.2 ${cx - 0.14} 0.8 ${cx} 0.42Z` }));
      for (let k = 0; k < 5; k++) {
        const ty = 0.62 + k * 0.19;
        g.append(svg('path', { class: 'teeth', d: `M${cx - 0.16} ${ty}L${cx + 0.16} ${ty}` }));
      }
    } else {
      g.append(svg('ellipse', { class: 'shine', cx: cx - 0.15, cy: 0.75, rx: 0.12, ry: 0.25 }));
    }
    g.append(svg('title', {}, [mouthUp ? 'mouth up' : 'mouth down']));
    items.push(g);
  }
  return { items, width: Math.max(1.5, count * 1.3 + 0.2) };
}

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

function drawDice(t) {
  let faces = Array.isArray(t.dice) ? t.dice.filter((d) => d > 0) : [];
  if (faces.length === 0) faces = [t.value];
  const items = faces.map((face, i) => {
    const x = 0.2 + i * 2;
    const g = svg('g', { class: 'die', 'data-die': face });
    g.style.animationDelay = `${i * 90}ms`;
    g.append(svg('rect', { class: 'die-face', x, y: 0.2, width: 1.6, height: 1.6, rx: 0.25 }));
    const pips = PIPS[face];
    if (pips) {
      for (const [px, py] of pips) {
        g.append(svg('circle', { class: 'pip', cx: x + 0.1 + px * 1.4, cy: 0.3 + py * 1.4, r: 0.14 }));
      }
    } else {
      g.append(svg('text', { class: 'die-number', x: x + 0.8, y: 1, 'font-size': 0.8 },
        [String(face)]));
    }
    g.append(svg('title', {}, [String(face)]));
    return g;
  });
  return { items, width: Math.max(2, faces.length * 2 + 0.2) };
}

function renderMoves(view) {
  const list = $('#moves');
  if (view.replay) {
    list.replaceChildren();
    return;
  }
  const items = view.moves.map((m, i) => {
    const li = html('li', {
      'data-index': m.index,
      'data-move': m.move,
      'aria-selected': ui.selected === m.index ? 'true' : 'false',
      class: ui.selected === m.index ? 'selected' : null,
    });
    const button = html('button', { type: 'button', class: 'play-move',
      'aria-label': `Play ${m.move}: ${m.description}` }, [
      html('span', { class: 'key', text: i < 9 ? String(i + 1) : '' }),
      html('code', { text: m.move }),
      html('span', { class: 'description', text: m.description }),
    ]);
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
          other.setAttribute('aria-selected', on ? 'true' : 'false');
        }
      }
    });
    li.append(button);
    return li;
  });
  list.replaceChildren(...items);
  const why = $('#move-help');
  why.hidden = view.moves.length === 0;
}

function renderLog(view) {
  const log = $('#log');
  const lines = view.log ?? [];
  log.replaceChildren(...lines.map((line) => html('li', { text: line })));
  const box = $('#log-box');
  box.scrollTop = box.scrollHeight;
  log.scrollTop = log.scrollHeight;
}

function renderControls() {
  const game = ui.game;
  const inGame = Boolean(game) && !ui.replay;
  const idle = ui.busy === 0;
  $('#throw').disabled = !(inGame && idle && humanThrowDue());
  $('#pass').disabled = !(inGame && idle && humanMoveDue() && game.moves.some((m) => m.move === '-'));
  $('#hint').disabled = !(inGame && idle && humanMoveDue());
  $('#undo').disabled = !(inGame && idle && game.can_undo);
  for (const id of ['#throw', '#pass', '#hint', '#undo']) $(id).hidden = !inGame;
  const download = $('#download');
  download.hidden = !inGame;
  if (game) {
    download.href = `/api/games/${encodeURIComponent(game.id)}/record`;
    download.setAttribute('download', `pachisi-${game.id}.record`);
  }
  $('#start').disabled = !idle;
}

function clearHints() {
  $('#hints').replaceChildren();
}

async function showHint() {
  const game = ui.game;
  if (!game || !humanMoveDue()) return;
  await act(async () => {
    const hint = await api('GET', `/api/games/${encodeURIComponent(game.id)}/hint`);
    if (ui.game !== game) return;
    const items = (hint.moves ?? []).map((h) => {
      const chance = typeof h.win_chance === 'number' ? `${(h.win_chance * 100).toFixed(1)}%` : '?';
      const button = html('button', { type: 'button', class: 'play-hint' }, [
        html('code', { text: h.move }),
        html('span', { class: 'chance', text: chance }),
        html('span', { class: 'description', text: h.description ?? '' }),
      ]);
      button.addEventListener('click', () => {
        const move = ui.game?.moves.find((m) => m.move === h.move);
        if (move) playMove(move);
      });
      return html('li', { 'data-move': h.move }, [button]);
    });
    const caption = html('li', { class: 'hint-caption',
      text: `${hint.bot ?? 'The hint bot'}: your side's chance of winning after each move` });
    $('#hints').replaceChildren(caption, ...items);
  });
}

// ---------------------------------------------------------------------------------------------
// The replay viewer

// Each frame of a replay says what changed since the one before (docs/api.md): the pieces that
// moved, the last throw and move when they changed. Rebuilt here into whole frames.
function expandFrames(changes) {
  let pieces = [];
  let lastThrow = null;
  let lastMove = null;
  return changes.map((f) => {
    const next = pieces.slice();
    for (const p of f.pieces ?? []) {
      const i = next.findIndex((q) => q.seat === p.seat && q.piece === p.piece);
      if (i < 0) next.push(p);
      else next[i] = p;
    }
    pieces = next;
    if ('last_throw' in f) lastThrow = f.last_throw;
    if ('last_move' in f) lastMove = f.last_move;
    return { action: f.action, pieces, last_throw: lastThrow, last_move: lastMove, phase: f.phase,
      to_move: f.to_move, log: f.log };
  });
}

// The log at a frame: the first `lines` lines of the whole log, the last cut to `tail` characters.
function replayLog(log, at) {
  const [lines, tail] = Array.isArray(at) ? at : [0, 0];
  const shown = (log ?? []).slice(0, lines);
  if (shown.length > 0) shown[shown.length - 1] = shown[shown.length - 1].slice(0, tail);
  return shown;
}

async function replayFile() {
  const input = $('#replay-file');
  const file = input.files?.[0];
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch (err) {
    showError(`cannot read ${file.name}: ${err.message}`);
    return;
  }
  await act(async () => {
    const data = await api('POST', '/api/replay', { record: text });
    if (!data || !Array.isArray(data.frames) || data.frames.length === 0) {
      throw new ApiError('the server sent a replay without frames', 0);
    }
    clearError();
    const frames = expandFrames(data.frames);
    ui.replay = { data, frames, frame: frames.length - 1, name: file.name };
    ui.throwKey = null;
    render();
  });
  input.value = '';
}

function stepReplay(to) {
  if (!ui.replay) return;
  const last = ui.replay.frames.length - 1;
  const frame = Math.max(0, Math.min(last, to));
  if (frame === ui.replay.frame) return;
  ui.replay.frame = frame;
  render();
}

function closeReplay(redraw = true) {
  if (!ui.replay) return;
  ui.replay = null;
  ui.throwKey = null;
  if (redraw) render();
}

function renderReplayControls() {
  const controls = $('#replay-controls');
  if (!ui.replay) {
    controls.hidden = true;
    return;
  }
  controls.hidden = false;
  const { frames, frame, name } = ui.replay;
  const last = frames.length - 1;
  const action = frames[frame].action;
  $('#replay-frame').textContent = `${name}: ${frame}/${last}${action ? ` ${action}` : ' start'}`;
  $('#replay-frame').dataset.frame = frame;
  $('#replay-prev').disabled = frame === 0;
  $('#replay-start').disabled = frame === 0;
  $('#replay-next').disabled = frame === last;
  $('#replay-end').disabled = frame === last;
}

// ---------------------------------------------------------------------------------------------
// Keys

function keyPressed(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const tag = target?.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  // A focused button already answers Enter and Space itself.
  const onButton = tag === 'button' || tag === 'a';
  if (!$('#new-game').hidden && $('#new-game').contains(target)) return;

  if (ui.replay) {
    const { frame, frames } = ui.replay;
    const moves = { ArrowRight: frame + 1, ArrowLeft: frame - 1, Home: 0,
      End: frames.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      stepReplay(moves[event.key]);
    } else if (event.key === 'Escape') {
      closeReplay();
    }
    return;
  }
  const game = ui.game;
  if (!game || ui.busy > 0) return;
  const key = event.key;
  if ((key === 'Enter' || key === ' ') && !onButton) {
    event.preventDefault();
    if (humanThrowDue()) sendAction({ action: 'throw' });
    else {
      const move = selectedMove();
      if (move) playMove(move);
    }
    return;
  }
  if (/^[1-9]$/.test(key) && humanMoveDue()) {
    const move = game.moves[Number(key) - 1];
    if (move) {
      event.preventDefault();
      select(move.index);
      playMove(move);
    }
    return;
  }
  if ((key === 'ArrowDown' || key === 'ArrowUp') && humanMoveDue()) {
    event.preventDefault();
    const n = game.moves.length;
    const at = ui.selected ?? (key === 'ArrowDown' ? -1 : 0);
    ui.clickedPiece = null;
    select((at + (key === 'ArrowDown' ? 1 : n - 1)) % n);
    return;
  }
  if (key === 'p' && humanMoveDue()) {
    const pass = game.moves.find((m) => m.move === '-');
    if (pass) playMove(pass);
  } else if (key === 'h' && humanMoveDue()) {
    showHint();
  } else if (key === 'u' && game.can_undo) {
    sendAction({ action: 'undo' });
  }
}

// ---------------------------------------------------------------------------------------------
// Start

function wire() {
  $('#ruleset').addEventListener('change', rulesetChanged);
  $('#new-game-form').addEventListener('submit', startGame);
  $('#show-new-game').addEventListener('click', () => showNewGame(true));
  $('#cancel-new-game').addEventListener('click', () => showNewGame(false));
  $('#board').addEventListener('click', boardClicked);
  $('#throw').addEventListener('click', () => {
    if (humanThrowDue()) sendAction({ action: 'throw' });
  });
  $('#pass').addEventListener('click', () => {
    const pass = ui.game?.moves.find((m) => m.move === '-');
    if (pass) playMove(pass);
  });
  $('#hint').addEventListener('click', showHint);
  $('#undo').addEventListener('click', () => {
    if (ui.game?.can_undo) sendAction({ action: 'undo' });
  });
  $('#error').addEventListener('click', clearError);
  $('#why').addEventListener('click', () => {
    $('#why').hidden = true;
  });
  $('#replay-file').addEventListener('change', replayFile);
  $('#replay-prev').addEventListener('click', () => stepReplay((ui.replay?.frame ?? 0) - 1));
  $('#replay-next').addEventListener('click', () => stepReplay((ui.replay?.frame ?? 0) + 1));
  $('#replay-start').addEventListener('click', () => stepReplay(0));
  $('#replay-end').addEventListener('click', () => stepReplay(Number.MAX_SAFE_INTEGER));
  $('#replay-close').addEventListener('click', () => closeReplay());
  document.addEventListener('keydown', keyPressed);
}

async function main() {
  wire();
  render();
  renderControls();
  await loadRulesets();
  const match = /^#game=(.+)$/.exec(window.location.hash);
  if (match) {
    await openSavedGame(decodeURIComponent(match[1]));
    if (!ui.game) showNewGame(true);
  } else {
    showNewGame(true);
  }
  document.body.dataset.ready = 'true';
}

main();
