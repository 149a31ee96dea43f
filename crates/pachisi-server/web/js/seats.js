// Seats and teams in players' words: by colour and who plays them ("Red — you", "Green — bot"),
// teams by their colours ("Yellow and Black"), never by number.

import { html, paint } from './dom.js';

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

// The server's own default bot, so that a seat left alone plays as `pachisi play` would.
export const DEFAULT_BOT = 'expectimax';

// The bots a seat may have, by how they play.
export const BOT_LEVELS = [
  ['random', 'random moves'],
  ['heuristic', 'good'],
  ['expectimax', 'strong'],
  ['mcts', 'strong, thinks longer'],
];

export function colours(name) {
  return PALETTE[String(name).toLowerCase()] ?? ['#888', '#fff'];
}

export function capital(word) {
  const text = String(word ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "Red", or "Seat 2" for a seat without a colour.
export function colourName(seat) {
  return seat?.colour ? capital(seat.colour) : `Seat ${(seat?.seat ?? 0) + 1}`;
}

function humans(seats) {
  return (seats ?? []).filter((s) => s.player === 'human').length;
}

// Who plays a seat, in a word or two: "you" when one person plays against bots, "player" when
// several people share the device, "bot".
export function playerWord(seat, seats) {
  if (!seat?.player) return '';
  if (seat.player === 'human') return humans(seats) > 1 ? 'player' : 'you';
  return 'bot';
}

// How a bot plays ("strong bot"), for titles and the new game panel.
export function botLevel(player) {
  const spec = player === 'bot' ? DEFAULT_BOT : String(player ?? '').replace(/^bot:/, '');
  const name = spec.split(':')[0];
  const level = BOT_LEVELS.find(([n]) => n === name);
  return level ? `${level[1]} bot` : 'bot';
}

// "Red — you", "Green — bot"; the colour alone where nobody is named (a record without seats).
export function seatLabel(seat, seats) {
  const who = playerWord(seat, seats);
  return who ? `${colourName(seat)} — ${who}` : colourName(seat);
}

// Whether the one person at the device plays this seat (then "you" and "your" are right).
export function isYou(seat, seats) {
  return seat?.player === 'human' && humans(seats) === 1;
}

// "Red and Yellow" (a partnership), "Red" (a seat alone).
export function teamName(members) {
  const names = members.map(colourName);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
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

export function ordinal(n) {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd'
    : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
