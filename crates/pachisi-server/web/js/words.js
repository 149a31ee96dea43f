// What the play screen says, in players' words: the throw, each move, whose turn it is, what the
// last action did. Built from the state's fields; the server's own sentences (which name squares
// like `0m8` and use the rule book's terms) stay in the log's details.

import { capital, colourName, isYou, otherPerson, seatLabel, teamName, teamsOf } from './seats.js';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six'];
const RANKS = ['front', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];

// "a six", "an eight", "a 12".
function aNumber(n) {
  const word = NUMBER_WORDS[n] ?? String(n);
  const an = /^8/.test(word) || word === '11' || word === '18';
  return `${an ? 'an' : 'a'} ${word}`;
}

function squares(n) {
  return `${n} ${n === 1 ? 'square' : 'squares'}`;
}

function list(words) {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

// One word for a piece in each family of rulesets, as its players say it: Parcheesi's pawns,
// Ludo's and Mensch ärgere dich nicht's tokens, Pachisi's (and its old rule books') pieces.
// `ruleset` is a state's `ruleset` (or its name).
export function pieceWord(ruleset, plural = false) {
  const name = String((typeof ruleset === 'string' ? ruleset : ruleset?.name) ?? '');
  const word = /^parcheesi/.test(name) ? 'pawn' : /^(ludo|maedn)/.test(name) ? 'token' : 'piece';
  return plural ? `${word}s` : word;
}

// `text` (the engine's or a rule book's) with its pieces, pawns, tokens and men all called by
// the family's one word.
export function ownWords(text, ruleset) {
  const one = pieceWord(ruleset);
  return String(text ?? '').replace(/\b(pieces?|pawns?|tokens?|men|man)\b/gi, (word) => {
    const lower = word.toLowerCase();
    const plural = lower === 'men' || lower.endsWith('s');
    const said = plural ? `${one}s` : one;
    return word[0] === word[0].toUpperCase() ? capital(said) : said;
  });
}

function seatOf(view, index) {
  return view.seats?.[index] ?? { seat: index };
}

// "You", "Ravi" (another person at the table) or "Red", as the sentence's subject.
function subject(view, index) {
  const seat = seatOf(view, index);
  if (isYou(seat, view)) return 'You';
  return otherPerson(seat, view) ?? colourName(seat);
}

function dieFaces(t) {
  const faces = Array.isArray(t.dice) ? t.dice.filter((d) => d > 0) : [];
  return faces.length > 0 ? faces : null;
}

// The last throw in a sentence: "Red threw a six: a piece may come in. Red throws again."
// Cowrie games call a throw that brings a piece in a grace, as their rule books do; a die's is
// called by its number.
export function throwSentence(view) {
  const t = view.last_throw;
  if (!t) return 'No throw yet.';
  const who = subject(view, t.seat);
  const faces = dieFaces(t);
  const parts = [];
  if (faces && faces.length === 1) {
    parts.push(`${who} threw ${aNumber(faces[0])}`);
  } else if (faces) {
    parts.push(`${who} threw ${list(faces.map(aNumber))}${t.doublet ? ' (doubles)' : ''}`);
  } else if (view.ruleset?.device === 'cowries') {
    const shells = view.ruleset.shells;
    const up = typeof t.result === 'number' && shells ? ` (${t.result} of ${shells} mouth up)` : '';
    parts.push(`${who} threw ${t.value}${up}`);
  } else {
    parts.push(`${who} threw ${aNumber(t.value)}`);
  }
  let sentence = parts[0];
  if (t.grace) {
    const piece = pieceWord(view.ruleset);
    sentence += view.ruleset?.device === 'cowries' ? `: a grace, a ${piece} may come in`
      : `: a ${piece} may come in`;
  }
  sentence += '.';
  if (t.extra_throw) sentence += ` ${who === 'You' ? 'You throw' : `${who} throws`} again.`;
  return sentence;
}

// What is left to play this turn: "Left to play: 5 and 3".
export function poolWords(view) {
  const values = (view.pool ?? []).map((p) => `${p.value}${p.bonus ? ' (bonus)' : ''}`);
  return values.length > 0 ? `Left to play: ${list(values)}` : '';
}

// A move written in record notation (docs/notation.md), read into its parts.
export function parseMove(text) {
  if (text === '-') return { pass: true };
  let m = /^E(\d+)(?:\+(\d+))?$/.exec(text);
  if (m) return { enter: true, value: Number(m[1]), second: m[2] ? Number(m[2]) : null };
  m = /^(\d+)\+(\d+)([a-z]?)(?::(\d+))?(p?)(o?)$/.exec(text);
  if (m) {
    const value = Number(m[2]);
    const pair = m[5] === 'p';
    const taken = m[4] ? Number(m[4]) : value;
    return { from: Number(m[1]), value, steps: pair ? Math.floor(taken / 2) : taken,
      split: Boolean(m[4]), pair, again: m[6] === 'o' };
  }
  return null;
}

// "the front piece", "the back pair": where the mover's piece at `progress` stands among its
// pieces on the board, counted from the one furthest along.
function pieceName(view, progress, pair) {
  const noun = pair ? 'pair' : pieceWord(view.ruleset);
  const mine = (view.pieces ?? []).filter((p) => p.seat === view.to_move && p.where === 'board');
  const along = [...new Set(mine.map((p) => p.progress))].sort((a, b) => b - a);
  if (along.length <= 1) return `your ${noun}`;
  const rank = along.indexOf(progress);
  if (rank === along.length - 1) return `the back ${noun}`;
  return `the ${RANKS[rank] ?? `${rank + 1}th`} ${noun}`;
}

// Whose pieces stand where a move lands (those it would send back).
function victims(view, square) {
  if (square === null || square === undefined) return [];
  const me = seatOf(view, view.to_move);
  const seats = new Set((view.pieces ?? [])
    .filter((p) => p.where === 'board' && p.square === square && p.seat !== view.to_move
      && seatOf(view, p.seat).team !== me.team)
    .map((p) => p.seat));
  return [...seats].map((s) => colourName(seatOf(view, s)));
}

// A legal move in words: `{ text, more }`, e.g. "Move the front piece 4 squares" and "sends
// Green back".
export function moveWords(move, view) {
  const parsed = parseMove(move.move);
  if (!parsed) return { text: 'Move', more: '' };
  if (parsed.pass) return { text: 'Pass', more: 'give up the rest of the throw' };
  const more = [];
  let text;
  const piece = pieceWord(view.ruleset);
  if (parsed.enter) {
    text = parsed.second !== null ? `Bring a ${piece} in with ${parsed.value} and ${parsed.second}`
      : `Bring a ${piece} in with the ${parsed.value}`;
  } else if (parsed.from === 0) {
    text = `Bring a ${piece} in and move it ${squares(parsed.steps)}`;
  } else {
    text = `Move ${pieceName(view, parsed.from, parsed.pair)} ${squares(parsed.steps)}`;
    if (parsed.split) more.push(`${parsed.steps} of the ${parsed.value}`);
  }
  if (move.to === null && !parsed.enter) more.push('reaches home');
  if (parsed.again) more.push('goes round again');
  if (move.captures > 0) {
    const who = victims(view, move.to);
    more.push(who.length > 0 ? `sends ${list(who)} back` : 'captures');
  }
  return { text, more: more.join(', ') };
}

// Whose turn it is and what they must do.
export function statusWords(view) {
  const seat = seatOf(view, view.to_move);
  if (view.replay) {
    if (view.phase === 'over') return 'Replay: the game is over.';
    return `Replay: ${colourName(seat)} to ${view.phase === 'throw' ? 'throw' : 'move'}.`;
  }
  if (view.phase === 'over' || view.result) return 'The game is over.';
  const open = (view.room?.seats ?? []).filter((s) => s.holder === 'open').length;
  if (view.room?.started === false) {
    return `Waiting for ${open === 1 ? 'a player' : `${open} players`} to take ${
      open === 1 ? 'the open seat' : 'the open seats'}.`;
  }
  const you = isYou(seat, view);
  if (view.awaiting === 'human') {
    const other = otherPerson(seat, view);
    const who = you ? `Your turn, ${colourName(seat)}`
      : other ? `${other}'s turn (${colourName(seat)})` : `${colourName(seat)}'s turn`;
    return `${who}: ${view.phase === 'throw' ? 'throw' : 'choose a move'}.`;
  }
  if (seat.player === 'human') return `${colourName(seat)} cannot move: the turn passes.`;
  return `${seatLabel(seat, view)} is ${view.phase === 'throw' ? 'throwing' : 'moving'}…`;
}

// The result: "You won!", "Yellow and Black won."
export function resultWords(view) {
  if (!view.result && view.phase !== 'over') return '';
  // A game stopped unfinished (it reached the most actions a game may have): the server's reason.
  if (view.room?.stopped) return `${capital(view.room.stopped)}.`;
  const first = (view.placings ?? [])[0];
  const team = teamsOf(view.seats).find(([t]) => t === first);
  if (!team) return view.result ? `${capital(view.result)}.` : 'The game is over.';
  const members = team[1];
  if (members.some((s) => isYou(s, view))) return 'You won!';
  return `${teamName(members)} won.`;
}

// What the last move did, from the views before and after it.
export function moveEvent(before, after, captured) {
  const m = after.last_move;
  if (!m) return '';
  const who = subject(after, m.seat);
  const parsed = parseMove(m.move) ?? {};
  let text;
  const piece = pieceWord(after.ruleset);
  if (parsed.pass) text = `${who} passed.`;
  else if (parsed.enter || m.from === null) text = `${who} brought a ${piece} in.`;
  else if (m.to === null) text = `${who} brought a ${piece} home.`;
  else if (parsed.steps === undefined) text = `${who} moved.`;
  else text = `${who} moved ${parsed.pair ? 'a pair' : `a ${piece}`} ${squares(parsed.steps)}.`;
  for (const seat of captured) {
    const them = seatOf(after, seat);
    text += isYou(them, after) ? ` Your ${piece} was sent back!`
      : ` ${colourName(them)}'s ${piece} was sent back.`;
  }
  return text;
}

// The engine's reasons why a piece cannot move, without the square names and record terms the
// play screen does not show: "0m8: the 5 would overshoot..." reads "The 5 would overshoot...".
export function plainReason(reason, view) {
  let text = String(reason).replace(/^[^:]*:\s*/, '');
  text = text.replace(/\s*\b\d+[lmr]\d+\b/g, '').replace(/\bprogress (\d+)\b/g, '$1 squares along');
  if (view?.ruleset?.device !== 'cowries') {
    text = text.replace(/\ba grace \(([^)]*)\)/g, 'a $1').replace(/\bgraces?\b/g, 'entering throw');
  }
  return capital(ownWords(text, view?.ruleset));
}

// Why the turn that is due passes (a state's `why_not`, sent during a person's forced pass), as
// sentences, each reason once.
export function passReasons(view) {
  return [...new Set((view.why_not ?? []).flatMap((w) => w.reasons ?? [])
    .map((r) => plainReason(r, view))
    // The engine's reasons are clauses; said alone, each is a sentence.
    .map((r) => (/[.!?]$/.test(r) ? r : `${r}.`)))];
}
