// The new game panel: the game to play (with its rules behind "About these rules"), who plays
// each seat (you, a friend invited by link, or a bot), the options; below it the games this
// browser holds a seat in (never the server's whole list) and the public lobby's open seats.

import { act, api, ApiError, gameApi } from './api.js';
import { connect, disconnect, setState } from './connection.js';
import { $, focusFirst, html } from './dom.js';
import { t } from './i18n.js';
import { clearError, showError } from './messages.js';
import { clearEffects } from './motion.js';
import { closeReplay } from './replay.js';
import { refreshLinks } from './room.js';
import {
  BOT_LEVELS, DEFAULT_BOT, TURN_TIMES, chip, colourName, teamName, teamsOf, turnTimeWords,
} from './seats.js';
import { hooks, ui } from './state.js';
import { ownWords, rulesetTitle } from './words.js';
import {
  forgetGame, newPlayerSeed, rememberGame, saveName, savedGames, savedName,
} from './tokens.js';

function rulesetByName(name) {
  return ui.rulesets.find((r) => r.name === name) ?? null;
}

// The seats of a ruleset as the state names them, for the words of seats.js.
function rulesetSeats(ruleset) {
  const team = new Array(ruleset.seats).fill(0);
  (ruleset.teams ?? []).forEach((members, i) => {
    for (const seat of members) team[seat] = i;
  });
  return Array.from({ length: ruleset.seats }, (_, seat) => ({
    seat,
    colour: ruleset.colours?.[seat] ?? null,
    letter: ruleset.letters?.[seat] ?? String(seat + 1),
    team: team[seat],
  }));
}

function seatChoices() {
  const choices = [];
  for (const row of document.querySelectorAll('#seat-rows .seat-row')) {
    const kind = row.querySelector('.kind').value;
    const bot = row.querySelector('.strength').value;
    choices.push(kind === 'bot' ? `bot:${bot}` : kind);
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
  const seats = rulesetSeats(ruleset);
  const built = seats.map((seat) => {
    const colour = colourName(seat);
    const kind = html('select', { id: `seat-${seat.seat}-kind`, class: 'kind',
      'data-seat': seat.seat, 'aria-label': t('page-seat-kind-label', { colour }) });
    for (const value of ['me', 'open', 'bot']) {
      kind.append(html('option', { value, text: t('page-seat-kind', { kind: value }) }));
    }
    const strength = html('select', { id: `seat-${seat.seat}-bot`, class: 'strength',
      'data-seat': seat.seat, 'aria-label': t('page-seat-bot-label', { colour }) });
    for (const level of BOT_LEVELS) {
      strength.append(html('option', { value: level, text: t('page-bot-level', { level }) }));
    }
    const previous = before[seat.seat];
    if (previous === undefined) {
      kind.value = seat.seat === 0 ? 'me' : 'bot';
      strength.value = DEFAULT_BOT;
    } else if (!previous.startsWith('bot:')) {
      kind.value = previous;
      strength.value = DEFAULT_BOT;
    } else {
      kind.value = 'bot';
      strength.value = previous.slice('bot:'.length);
    }
    strength.hidden = kind.value !== 'bot';
    kind.addEventListener('change', () => {
      strength.hidden = kind.value !== 'bot';
    });
    const partners = seats.filter((s) => s.team === seat.team && s.seat !== seat.seat);
    const teamText = partners.length > 0
      ? t('page-seat-team', { partners: teamName(partners), count: partners.length })
      : t('page-seat-alone');
    return html('div', { class: 'seat-row', 'data-seat': seat.seat }, [
      chip(seat),
      html('span', { class: 'seat-colour', text: colour }),
      kind,
      strength,
      html('span', { class: 'team', 'data-team': seat.team, text: teamText }),
    ]);
  });
  rows.replaceChildren(...built);
}

function rulesetChanged() {
  const ruleset = rulesetByName($('#ruleset').value);
  $('#ruleset-description').textContent = ownWords(ruleset?.description ?? '', ruleset);
  $('#ruleset-about').hidden = !ruleset?.description;
  $('#ruleset-rules').href = `/rules/${encodeURIComponent(ruleset?.name ?? '')}`;
  $('#cowrie-row').hidden = !ruleset || ruleset.device !== 'cowries';
  renderSeatRows();
}

export async function loadRulesets() {
  try {
    const list = await api('GET', '/api/rulesets');
    if (!Array.isArray(list) || list.length === 0) throw new ApiError(t('page-error-no-rulesets'), 0);
    ui.rulesets = list;
  } catch (err) {
    showError(t('page-error-rulesets', { error: err.message }));
    return;
  }
  const select = $('#ruleset');
  select.replaceChildren(...ui.rulesets.map((r) => html('option', { value: r.name,
    text: rulesetTitle(r.name, r.title) })));
  select.value = ui.rulesets[0].name;
  rulesetChanged();
}

function newGameRequest() {
  const name = $('#player-name').value.trim();
  const body = {
    ruleset: $('#ruleset').value,
    seats: seatChoices(),
    name: name || t('page-host-name'),
    player_seed: newPlayerSeed(),
    public: $('#public').checked,
    hints: $('#allow-hints').checked,
    pace: $('#pace').value,
  };
  const turn = $('#turn-seconds').value;
  if (turn !== '') body.turn_seconds = Number(turn);
  if (name) saveName(name);
  const seed = $('#seed').value.trim();
  if (seed !== '') {
    const n = Number(seed);
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new ApiError(t('page-error-seed', { max: Number.MAX_SAFE_INTEGER }), 0);
    }
    body.seed = n;
  }
  const ruleset = rulesetByName(body.ruleset);
  const p = $('#cowrie-p').value.trim();
  if (ruleset?.device === 'cowries' && p !== '') {
    const n = Number(p);
    if (!Number.isFinite(n)) throw new ApiError(t('page-error-cowrie-p'), 0);
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
    // The creator's seat token: shown this once, kept in this browser only.
    if (typeof state.token === 'string') rememberGame(state.id, state.token, 'player');
    delete state.token;
    // The invitations and the watch link, for the room panel (room.js).
    ui.links = state.links ? { game: state.id, ...state.links } : null;
    delete state.links;
    openGame(state);
  });
}

async function deleteGame(id) {
  await act(async () => {
    await gameApi('DELETE', id);
    forgetGame(id);
    clearError();
    if (ui.game && ui.game.id === id) {
      disconnect();
      ui.game = null;
      history.replaceState(null, '', window.location.pathname);
      showNewGame(true);
      hooks.render();
    } else {
      loadGameList();
    }
  });
}

export function openGame(state) {
  closeReplay(false);
  if (ui.game?.id !== state.id) {
    ui.event = null;
    ui.you = null;
  }
  if (ui.links?.game !== state.id) ui.links = null;
  ui.game = null;
  clearEffects();
  setState(state, 'http');
  history.replaceState(null, '', `#game=${encodeURIComponent(state.id)}`);
  showNewGame(false);
  connect(state.id);
  // A host coming back (a reload) reads the invitations again.
  if (ui.you?.host && !ui.links) refreshLinks(state.id);
  $('#board').focus({ preventScroll: true });
}

export async function openSavedGame(id) {
  await act(async () => {
    try {
      const state = await gameApi('GET', id);
      clearError();
      openGame(state);
    } catch (err) {
      // A game deleted, expired, or whose seat this browser no longer holds.
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) forgetGame(id);
      // Someone else's game: what to do, not how the server checks.
      if (err instanceof ApiError && err.status === 403) {
        throw new ApiError(t('page-error-private'), 403);
      }
      throw err;
    }
  });
}

export function showNewGame(show) {
  $('#new-game').hidden = !show;
  $('#show-new-game').hidden = show;
  $('#cancel-new-game').hidden = !(show && ui.game);
  document.body.dataset.panel = show ? 'new-game' : 'game';
  if (show) loadGameList();
}

// What a game of this browser's is at: "your turn", "waiting for players", "finished: Red and
// Black won" (the winners from the placings).
function gameLine(g) {
  if (g.result || g.phase === 'over') {
    const first = (g.placings ?? [])[0];
    const team = teamsOf(g.seats).find(([n]) => n === first);
    if (!team) return t('page-game-state', { state: 'finished' });
    return t('page-game-state', { state: 'won', winners: teamName(team[1]), count: team[1].length });
  }
  if (g.room?.started === false) return t('page-game-state', { state: 'waiting' });
  const yours = Array.isArray(g.you?.seats) && g.you.seats.includes(g.to_move);
  if (yours && g.awaiting === 'human') return t('page-game-state', { state: 'turn' });
  return t('page-game-state', { state: g.you?.watcher ? 'watching' : 'going' });
}

async function loadMyGames() {
  const ids = Object.keys(savedGames());
  const answers = await Promise.allSettled(ids.map((id) => gameApi('GET', id)));
  const items = [];
  answers.forEach((answer, i) => {
    const id = ids[i];
    if (answer.status === 'rejected') {
      const status = answer.reason?.status;
      if (status === 403 || status === 404) forgetGame(id);
      return;
    }
    const g = answer.value;
    const open = html('button', { type: 'button', class: 'open-game', 'data-game': id,
      text: t('page-open') });
    open.addEventListener('click', () => openSavedGame(id));
    const buttons = [open];
    if (g.you?.host) {
      const remove = html('button', { type: 'button', class: 'delete-game', 'data-game': id,
        text: t('page-delete') });
      remove.addEventListener('click', () => deleteGame(id));
      buttons.push(remove);
    }
    const title = rulesetTitle(g.ruleset?.name, g.ruleset?.title) || t('page-game-untitled');
    items.push(html('li', {}, [
      html('span', { class: 'game-line', text: t('page-game-line', { title, state: gameLine(g) }) }),
      html('span', { class: 'buttons' }, buttons),
    ]));
  });
  $('#games').replaceChildren(...items);
  $('#saved-games').hidden = items.length === 0;
}

// The lobby: public rooms not yet begun, each open seat a button that takes the invitation.
async function loadLobby() {
  let rooms;
  try {
    rooms = await api('GET', '/api/lobby');
  } catch (err) {
    showError(t('page-error-lobby', { error: err.message }));
    return;
  }
  if (!Array.isArray(rooms)) return;
  const mine = savedGames();
  const items = rooms.filter((r) => !mine[r.id]).slice(0, 20).map((r) => {
    const seats = Array.isArray(r.seats) ? r.seats : [];
    const joins = (r.invites ?? []).map((inv) => {
      const seat = seats.find((s) => s.seat === inv.seat) ?? { seat: inv.seat };
      const button = html('button', { type: 'button', class: 'join-game', 'data-game': r.id,
        'data-seat': inv.seat, text: t('page-lobby-play', { colour: colourName(seat) }) });
      button.addEventListener('click', () => {
        window.location.hash = `join=${encodeURIComponent(r.id)}.${encodeURIComponent(inv.invite)}`;
      });
      return button;
    });
    const host = typeof r.host === 'string' && r.host ? r.host : null;
    return html('li', {}, [
      html('span', { class: 'game-line', text: t('page-lobby-line', { game: r.name || r.ruleset,
        from: host ? 'host' : 'none', host: host ?? '' }) }),
      html('span', { class: 'buttons' }, joins),
    ]);
  });
  $('#lobby-games').replaceChildren(...items);
  $('#lobby').hidden = items.length === 0;
}

function loadGameList() {
  loadMyGames();
  loadLobby();
}

export function wireNewGame() {
  const turn = $('#turn-seconds');
  turn.replaceChildren(...TURN_TIMES.map((value) => html('option', { value,
    text: turnTimeWords(value) })));
  $('#player-name').value = savedName();
  $('#ruleset').addEventListener('change', rulesetChanged);
  $('#new-game-form').addEventListener('submit', startGame);
  $('#show-new-game').addEventListener('click', () => {
    showNewGame(true);
    focusFirst('#ruleset');
  });
  $('#cancel-new-game').addEventListener('click', () => {
    showNewGame(false);
    focusFirst('#show-new-game', '#board');
  });
}
