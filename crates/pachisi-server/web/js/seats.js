// Seats and teams in players' words: by colour and who plays them ("Red — you", "Green — bot"),
// teams by their colours ("Yellow and Black"), never by number.

import { html, paint } from './dom.js';
import { listAnd, t } from './i18n.js';
import { mine } from './state.js';

// Fill and letter colour of each seat colour. The letter is always drawn as well, so that the
// board reads the same to someone who cannot tell the colours apart; its colour keeps WCAG's
// 4.5:1 against the fill (white on this green would be 3.4:1).
const PALETTE = {
  yellow: ['#f2c81f', '#222'],
  green: ['#2f9e44', '#111'],
  black: ['#262626', '#fff'],
  red: ['#d63a2f', '#fff'],
  blue: ['#2f6fd6', '#fff'],
  white: ['#fafafa', '#222'],
  purple: ['#7d4bc2', '#fff'],
  magenta: ['#c2409e', '#fff'],
  cyan: ['#20a4b8', '#222'],
};

// The server's own default bot, so that a seat left alone plays as `pachisi play` would.
export const DEFAULT_BOT = 'expectimax';

// Whether a game on the server is one person's against bots: nobody else at the table, no seat
// open for anyone (invitations, hand-overs and the chat have no use there).
export function againstBotsOnly(view) {
  const room = view?.room;
  return Boolean(room && !view.replay && (room.players ?? 0) <= 1
    && !(room.seats ?? []).some((s) => s.holder === 'open'));
}

// How fast the bots play, as the room chooses it (docs/api.md); in words, `page-pace`.
export const PACES = ['slow', 'normal', 'fast'];

// The bots a seat may have, by how they play; in words, `page-bot-level`.
export const BOT_LEVELS = ['random', 'heuristic', 'expectimax', 'mcts'];

// The times per turn a room may choose, in seconds ('' no limit; docs/api.md, "Turn timer").
export const TURN_TIMES = ['', '15', '30', '60', '120', '300'];

// A time per turn in words: "no limit", "30 seconds", "2 minutes".
export function turnTimeWords(value) {
  const seconds = Number(value);
  if (value === '' || !Number.isFinite(seconds) || seconds <= 0) return t('page-turn-no-limit');
  return t('page-turn-time', { seconds, minutes: seconds % 60 === 0 ? seconds / 60 : 0 });
}

export function colours(name) {
  return PALETTE[String(name).toLowerCase()] ?? ['#888', '#fff'];
}

export function capital(word) {
  const text = String(word ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "Red", or "Seat 2" for a seat without a colour.
export function colourName(seat) {
  if (!seat?.colour) return t('page-seat-number', { number: (seat?.seat ?? 0) + 1 });
  const colour = String(seat.colour).toLowerCase();
  return t('page-colour', { colour, name: capital(seat.colour) });
}

function humans(seats) {
  return (seats ?? []).filter((s) => s.player === 'human').length;
}

// Who holds `seat` in a game on the server (`{ holder, name, bot, host }` of the state's `room`),
// or null for a record's replay, which knows only who played.
function heldBy(seat, view) {
  if (view?.replay || !Array.isArray(view?.room?.seats)) return null;
  return view.room.seats.find((s) => s.seat === seat?.seat) ?? null;
}

// The name of the person at `seat` when it is somebody else's ("Ravi"), else null.
export function otherPerson(seat, view) {
  const held = heldBy(seat, view);
  return held?.holder === 'person' && !isYou(seat, view) && held.name ? held.name : null;
}

// Who plays a seat, as `page-seat-label` takes it: `{ who, name, away }`, `who` one of `you`,
// `person` (`name` theirs), `player`, `open`, `bot` or `none`; for a record, `you` when one person
// played against bots and `player` when several did.
export function playerOf(seat, view) {
  const held = heldBy(seat, view);
  if (held) {
    const away = held.away ? 'yes' : 'no';
    if (isYou(seat, view)) return { who: 'you', away };
    if (held.holder === 'person') {
      return held.name ? { who: 'person', name: held.name, away } : { who: 'player', away };
    }
    if (held.holder === 'open') return { who: 'open' };
    return { who: 'bot' };
  }
  if (!seat?.player) return { who: 'none' };
  if (seat.player === 'human') return { who: humans(view?.seats) > 1 ? 'player' : 'you' };
  return { who: 'bot' };
}

// How a bot plays ("strong bot"), for titles.
export function botLevel(player) {
  const spec = player === 'bot' ? DEFAULT_BOT : String(player ?? '').replace(/^bot:/, '');
  return t('page-bot-title', { level: spec.split(':')[0] });
}

// "Red — you", "Green — Ravi", "Blue — bot"; the colour alone where nobody is named.
export function seatLabel(seat, view) {
  return t('page-seat-label', { colour: colourName(seat), away: 'no', ...playerOf(seat, view) });
}

// Whether this browser's person plays this seat (then "you" and "your" are right). For a
// record, whether the one person who played against bots did.
export function isYou(seat, view) {
  if (heldBy(seat, view)) return mine(seat.seat);
  return seat?.player === 'human' && humans(view?.seats) === 1;
}

// "Red and Yellow" (a partnership), "Red" (a seat alone).
export function teamName(members) {
  return listAnd(members.map(colourName));
}

// The teams of a game, each a list of seats, in the engine's order.
export function teamsOf(seats) {
  const teams = new Map();
  for (const seat of seats ?? []) {
    const list = teams.get(seat.team) ?? [];
    list.push(seat);
    teams.set(seat.team, list);
  }
  return [...teams.entries()].sort((a, b) => a[0] - b[0]);
}

// A round chip in the seat's colour with its letter.
export function chip(seat, extraClass = '') {
  const node = html('span', { class: `swatch${extraClass ? ` ${extraClass}` : ''}`,
    text: seat?.letter ?? '?', 'aria-hidden': 'true' });
  return paint(node, colours(seat?.colour));
}

// A team's place at the end: "1st".
export function ordinal(n) {
  return t('page-place', { place: n });
}
