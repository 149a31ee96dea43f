// The room around a game: the host's invitations (a link to copy and a QR code for each open
// seat) and watch link, the room's options, and handing a seat over (to a bot, or to someone new
// by a fresh invitation). Everything here is asked of the server, which checks who may do it.

import { act, gameApi } from './api.js';
import { $, html } from './dom.js';
import { t } from './i18n.js';
import { clearError } from './messages.js';
import {
  againstBotsOnly, BOT_LEVELS, chip, colourName, DEFAULT_BOT, PACES, TURN_TIMES, turnTimeWords,
} from './seats.js';
import { mine, ui } from './state.js';

// The server's QR code is an SVG document; shown as an image it can run nothing.
function qrImage(svgText, alt) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(String(svgText ?? ''))}`;
  return html('img', { class: 'qr', src, alt, width: 160, height: 160 });
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The clipboard is refused outside HTTPS: the link is selected for the person to copy.
    input.focus();
    input.select();
    return false;
  }
}

// A link to hand on: its words, the link to copy, and its QR code.
function linkBlock(kind, label, link, seat) {
  const input = html('input', { type: 'text', readonly: true, class: 'link', value: link.link,
    'aria-label': label, 'data-link': kind, ...(seat === undefined ? {} : { 'data-seat': seat }) });
  input.addEventListener('focus', () => input.select());
  const button = html('button', { type: 'button', class: 'copy', text: t('page-copy-link') });
  button.addEventListener('click', async () => {
    button.textContent = (await copy(link.link, input)) ? t('page-copied') : t('page-copy-select');
  });
  return html('div', { class: 'invite', 'data-link': kind }, [
    html('p', { class: 'invite-label', text: label }),
    html('p', { class: 'invite-link' }, [input, button]),
    qrImage(link.qr_svg, t('page-qr-code', { label })),
  ]);
}

function renderInvites(view) {
  const links = ui.links?.game === view.id ? ui.links : null;
  const blocks = [];
  for (const invite of links?.invites ?? []) {
    const seat = view.seats[invite.seat] ?? { seat: invite.seat };
    blocks.push(linkBlock('join', t('page-invite-for', { colour: colourName(seat) }), invite,
      invite.seat));
  }
  if (links?.watch) {
    blocks.push(linkBlock('watch', t('page-watch-link'), links.watch));
  }
  $('#invites').replaceChildren(...blocks);
}

function checkbox(id, label, checked, disabled, changed) {
  const input = html('input', { type: 'checkbox', id, checked, disabled });
  input.addEventListener('change', () => changed(input.checked));
  return html('p', { class: 'check' }, [input, html('label', { for: id, text: label })]);
}

// The time per turn, changed from the next turn on (docs/api.md, "Turn timer").
function turnSelect(view, room) {
  const select = html('select', { id: 'opt-turn' });
  const now = room.turn_seconds ? String(room.turn_seconds) : '';
  const times = TURN_TIMES.includes(now) ? TURN_TIMES : [...TURN_TIMES, now];
  for (const value of times) select.append(html('option', { value, text: turnTimeWords(value) }));
  select.value = now;
  select.addEventListener('change', () => setOption(view, {
    turn_seconds: select.value === '' ? null : Number(select.value) }));
  return html('p', { class: 'field' }, [html('label', { for: 'opt-turn',
    text: t('page-turn-time-label') }), select]);
}

function setOption(view, option) {
  return act(async () => {
    await gameApi('PATCH', view.id, 'room', option);
    clearError();
    await refreshLinks(view.id);
  });
}

function renderOptions(view) {
  const room = view.room;
  if (!ui.you?.host || !room) {
    $('#room-options').replaceChildren();
    return;
  }
  $('#room-options').replaceChildren(
    html('h2', { text: t('page-room') }),
    checkbox('opt-watch', t('page-room-watching'), room.watching, false,
      (on) => setOption(view, { watch: on })),
    checkbox('opt-public', t('page-room-public'), room.public, room.started,
      (on) => setOption(view, { public: on })),
    turnSelect(view, room),
  );
}

// The seats this person may hand over: their own, and every seat for the host.
function renderHandOver(view) {
  const over = view.phase === 'over' || Boolean(view.result);
  const rows = [];
  for (const held of view.room?.seats ?? []) {
    if (over || held.holder === 'open' || !(ui.you?.host || mine(held.seat))) continue;
    const seat = view.seats[held.seat] ?? { seat: held.seat };
    const to = html('select', { class: 'hand-to', 'data-seat': held.seat,
      'aria-label': t('page-hand-to-label', { colour: colourName(seat) }) });
    for (const level of BOT_LEVELS) {
      to.append(html('option', { value: `bot:${level}`, text: t('page-hand-to-bot', { level }) }));
    }
    // A practice game's throws are known to whoever knows its seed: nobody else may join it.
    if (view.fair) to.append(html('option', { value: 'open', text: t('page-hand-to-new') }));
    // The strong bot the new game form offers first, not the weakest.
    to.value = `bot:${DEFAULT_BOT}`;
    const button = html('button', { type: 'button', class: 'hand-over', 'data-seat': held.seat,
      text: t('page-hand-over') });
    button.addEventListener('click', () => handOver(view, held.seat, to.value));
    rows.push(html('p', { class: 'hand-row' }, [chip(seat),
      html('span', { text: t('page-hand-row', { colour: colourName(seat) }) }), ' ', to, button]));
  }
  $('#hand-over').replaceChildren(...(rows.length === 0 ? [] : [
    html('h2', { text: t('page-hand-over-heading') }),
    html('p', { class: 'help', text: t('page-hand-over-help') }),
    ...rows]));
}

function handOver(view, seat, to) {
  return act(async () => {
    const answer = await gameApi('POST', view.id, `seats/${seat}`, { to });
    clearError();
    if (answer?.invite && ui.you?.host) await refreshLinks(view.id);
  });
}

// Reads the host's links again (an invitation taken, a new one made, watching turned on).
export async function refreshLinks(id) {
  if (!ui.you?.host) return;
  try {
    const links = await gameApi('GET', id, 'room');
    if (ui.game?.id === id) ui.links = { game: id, ...links };
  } catch {
    // Shown again at the next change; the game goes on without them.
  }
  if (ui.game?.id === id) renderRoom(ui.game);
}

// The bots' pace, for the host of a game with a bot in it: changed from the bots' next action.
function renderPace(view) {
  const row = $('#pace-row');
  const bots = (view?.room?.seats ?? []).some((s) => s.holder === 'bot');
  const over = view?.phase === 'over' || Boolean(view?.result);
  row.hidden = !view || view.replay || !ui.you?.host || !bots || over;
  if (row.hidden) return;
  const select = $('#game-pace');
  if (select.childElementCount === 0) {
    for (const pace of PACES) {
      select.append(html('option', { value: pace, text: t('page-pace', { pace }) }));
    }
    select.addEventListener('change', () => {
      if (ui.game) setOption(ui.game, { pace: select.value });
    });
  }
  select.value = view.room.pace ?? 'normal';
}

export function renderRoom(view) {
  const box = $('#room-box');
  renderPace(view);
  // A game against bots only has nobody to invite, seat or tell.
  if (!view || view.replay || !view.room || ui.you?.watcher || againstBotsOnly(view)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  renderInvites(view);
  renderOptions(view);
  renderHandOver(view);
  // While seats are open, the host's invitations are what matters most.
  if (ui.you?.host && view.room.started === false && box.dataset.opened !== view.id) {
    box.open = true;
    box.dataset.opened = view.id;
  }
}

// Seats taken, handed over or options changed: who this person is may have changed too.
export async function roomEvents(events) {
  const game = ui.game;
  if (!game || !events.some((e) => e.kind === 'seat' || e.kind === 'room')) return;
  try {
    const state = await gameApi('GET', game.id);
    if (ui.game?.id === game.id) ui.you = state.you ?? null;
  } catch {
    return;
  }
  await refreshLinks(game.id);
}
