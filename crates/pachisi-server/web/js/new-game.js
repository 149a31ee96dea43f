// The new game panel: the game to play (with its rules behind "About these rules"), who plays
// each seat, the options, and the games already on the server, to open again or (for the
// browser that created them) to delete.

import { act, api, ApiError, gamePath } from './api.js';
import { connect, disconnect, setState } from './connection.js';
import { $, html } from './dom.js';
import { forgetHost, hostTokens, rememberHost } from './hosts.js';
import { clearError, showError } from './messages.js';
import { clearEffects } from './motion.js';
import { closeReplay } from './replay.js';
import { BOT_LEVELS, DEFAULT_BOT, capital, chip, teamName } from './seats.js';
import { hooks, ui } from './state.js';

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
  const seats = rulesetSeats(ruleset);
  const built = seats.map((seat) => {
    const colour = seat.colour ? capital(seat.colour) : `Seat ${seat.seat + 1}`;
    const kind = html('select', { id: `seat-${seat.seat}-kind`, class: 'kind',
      'data-seat': seat.seat, 'aria-label': `Who plays ${colour}` });
    kind.append(html('option', { value: 'human', text: 'a person' }),
      html('option', { value: 'bot', text: 'a bot' }));
    const strength = html('select', { id: `seat-${seat.seat}-bot`, class: 'strength',
      'data-seat': seat.seat, 'aria-label': `How the ${colour} bot plays` });
    for (const [value, text] of BOT_LEVELS) strength.append(html('option', { value, text }));
    const previous = before[seat.seat];
    if (previous === undefined) {
      kind.value = seat.seat === 0 ? 'human' : 'bot';
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
    const partners = seats.filter((s) => s.team === seat.team && s.seat !== seat.seat);
    const teamText = partners.length > 0 ? `with ${teamName(partners)}` : 'plays alone';
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
  $('#ruleset-description').textContent = ruleset?.description ?? '';
  $('#ruleset-about').hidden = !ruleset?.description;
  $('#cowrie-row').hidden = !ruleset || ruleset.device !== 'cowries';
  renderSeatRows();
}

export async function loadRulesets() {
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
    text: r.title || r.name })));
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

async function deleteGame(id) {
  const token = hostTokens()[id];
  if (!token) return;
  await act(async () => {
    await api('DELETE', gamePath(id), undefined, { Authorization: `Bearer ${token}` });
    forgetHost(id);
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
  ui.game = null;
  clearEffects();
  setState(state, 'http');
  history.replaceState(null, '', `#game=${encodeURIComponent(state.id)}`);
  showNewGame(false);
  connect(state.id);
  $('#board').focus({ preventScroll: true });
}

export async function openSavedGame(id) {
  await act(async () => {
    const state = await api('GET', gamePath(id));
    clearError();
    openGame(state);
  });
}

export function showNewGame(show) {
  $('#new-game').hidden = !show;
  $('#show-new-game').hidden = show;
  $('#cancel-new-game').hidden = !(show && ui.game);
  document.body.dataset.panel = show ? 'new-game' : 'game';
  if (show) loadGameList();
}

function when(seconds) {
  if (typeof seconds !== 'number') return '';
  return new Date(seconds * 1000).toLocaleString(undefined,
    { dateStyle: 'medium', timeStyle: 'short' });
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
    const title = rulesetByName(g.ruleset)?.title ?? g.ruleset;
    if (g.phase === 'unplayable') {
      return html('li', {}, [html('span', { text: `${title}: cannot be played here (${g.problem})` })]);
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
    const state = g.result ? `finished: ${g.result}` : g.actions === 0 ? 'not started'
      : 'under way';
    return html('li', {}, [
      html('span', { class: 'game-line', text: `${title} — ${state}, ${when(g.created)}` }),
      html('span', { class: 'buttons' }, buttons),
    ]);
  });
  $('#games').replaceChildren(...items);
  $('#saved-games').hidden = items.length === 0;
}

export function wireNewGame() {
  $('#ruleset').addEventListener('change', rulesetChanged);
  $('#new-game-form').addEventListener('submit', startGame);
  $('#show-new-game').addEventListener('click', () => showNewGame(true));
  $('#cancel-new-game').addEventListener('click', () => showNewGame(false));
}
