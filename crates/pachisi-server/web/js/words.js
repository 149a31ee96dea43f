// What the play screen says, in players' words: the throw, each move, whose turn it is, what the
// last action did. Built from the state's fields; the server's own sentences (which name squares
// like `0m8` and use the rule book's terms) stay in the log's details.

import { lang, listAnd, t } from './i18n.js';
import { capital, colourName, isYou, otherPerson, seatLabel, teamName, teamsOf } from './seats.js';

// The family of a ruleset, which names its pieces in every message that says them (`$family`):
// Parcheesi's pawns, Ludo's and Mensch ärgere dich nicht's tokens, Pachisi's (and its old rule
// books') pieces. The server decides it, as it does for its own words: `ruleset` is a state's
// `ruleset` or a ruleset of `/api/rulesets`, each with its `family`.
export function family(ruleset) {
  const said = ruleset?.family;
  return said === 'parcheesi' || said === 'ludo' ? said : 'pachisi';
}

// The family's word for a piece, alone ("token", or "tokens" when `plural`): where a name is
// needed outside a sentence. A sentence that speaks of pieces is a message of its own, given
// the family.
export function pieceWord(ruleset, plural = false) {
  return t('page-piece-noun', { family: family(ruleset), plural: plural ? 'yes' : 'no' });
}

// The engine's English text (or a rule book's) with its pieces, pawns, tokens and men all
// called by the family's one word. Only English is rewritten so: a text in another language
// is shown as it came.
export function ownWords(text, ruleset) {
  const said = String(text ?? '');
  if (lang !== 'en') return said;
  const one = pieceWord(ruleset);
  const many = pieceWord(ruleset, true);
  return said.replace(/\b(pieces?|pawns?|tokens?|men|man)\b/gi, (word) => {
    const lower = word.toLowerCase();
    const plural = lower === 'men' || lower.endsWith('s');
    const put = plural ? many : one;
    return word[0] === word[0].toUpperCase() ? capital(put) : put;
  });
}

function seatOf(view, index) {
  return view.seats?.[index] ?? { seat: index };
}

// Who a sentence is about, as the messages take it: `{ you: 'yes' }` for this browser's person,
// else `{ you: 'no', who }` with another person's name ("Ravi") or the seat's colour ("Red").
function subject(view, index) {
  const seat = seatOf(view, index);
  if (isYou(seat, view)) return { you: 'yes', who: '' };
  return { you: 'no', who: otherPerson(seat, view) ?? colourName(seat) };
}

// The dice of a throw, as they fell: the separate dice (largest first), or the pair a throw of
// two dice is known by (`4-0`, Tayam Sonalu's), a 0 included; null for a throw known by its
// value alone.
export function dieFaces(thrown) {
  const faces = Array.isArray(thrown.dice) ? thrown.dice.filter((d) => d > 0) : [];
  if (faces.length > 0) return faces;
  const pair = /^(\d+)-(\d+)$/.exec(String(thrown.name ?? ''));
  return pair ? [Number(pair[1]), Number(pair[2])] : null;
}

const aNumber = (value) => t('page-a-number', { value });

// The last throw in a sentence: "Red threw a six: a piece may come in. Red throws again."
// Cowrie games call a throw that brings a piece in a grace, as their rule books do; a die's is
// called by its number.
export function throwSentence(view) {
  const thrown = view.last_throw;
  if (!thrown) return t('page-throw-none');
  const who = subject(view, thrown.seat);
  const faces = dieFaces(thrown);
  const cowries = view.ruleset?.device === 'cowries';
  let what;
  if (faces && faces.length === 1) {
    what = aNumber(faces[0]);
  } else if (faces) {
    const all = listAnd(faces.map(aNumber));
    what = thrown.doublet ? t('page-throw-doubles', { faces: all }) : all;
  } else if (cowries) {
    const shells = view.ruleset.shells;
    what = typeof thrown.result === 'number' && shells
      ? t('page-throw-cowries', { value: thrown.value, up: thrown.result, shells })
      : String(thrown.value);
  } else {
    what = aNumber(thrown.value);
  }
  const grace = !thrown.grace ? 'no' : cowries ? 'cowries' : 'yes';
  const sentence = t('page-throw-said', { ...who, throw: what, grace, family: family(view.ruleset) });
  return thrown.extra_throw ? `${sentence} ${t('page-throw-again', who)}` : sentence;
}

// What is left to play this turn: "Left to play: 5 and 3".
export function poolWords(view) {
  const values = (view.pool ?? []).map((p) => t('page-pool-value', { value: p.value,
    bonus: p.bonus ? 'yes' : 'no' }));
  return values.length > 0 ? t('page-pool', { values: listAnd(values) }) : '';
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

// Where the mover's piece at `progress` stands among its pieces on the board, counted from the
// one furthest along, as `page-move-along` takes it: `{ which: 'only' }` (one place), `'back'`,
// or `'rank'` with `rank` from 1 (the front one).
function whichPiece(view, progress) {
  const mine = (view.pieces ?? []).filter((p) => p.seat === view.to_move && p.where === 'board');
  const along = [...new Set(mine.map((p) => p.progress))].sort((a, b) => b - a);
  if (along.length <= 1) return { which: 'only' };
  const rank = along.indexOf(progress);
  if (rank === along.length - 1) return { which: 'back' };
  return { which: 'rank', rank: rank + 1 };
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
// Green back". `inside`: the words go on a sentence ("Red chose to move ..."), not on a button.
export function moveWords(move, view, inside = false) {
  const parsed = parseMove(move.move);
  if (!parsed) return { text: t('page-move'), more: '' };
  const within = inside ? 'yes' : 'no';
  if (parsed.pass) {
    return { text: t('page-move-pass', { inside: within }), more: t('page-move-pass-more') };
  }
  const more = [];
  let text;
  const kind = family(view.ruleset);
  if (parsed.enter) {
    text = parsed.second !== null
      ? t('page-move-enter-two', { inside: within, family: kind, value: parsed.value,
        second: parsed.second })
      : t('page-move-enter', { inside: within, family: kind, value: parsed.value });
  } else if (parsed.from === 0) {
    text = t('page-move-enter-and-move', { inside: within, family: kind, steps: parsed.steps });
  } else {
    text = t('page-move-along', { inside: within, family: kind, steps: parsed.steps,
      pair: parsed.pair ? 'yes' : 'no', ...whichPiece(view, parsed.from) });
    if (parsed.split) more.push(t('page-move-more-part', { steps: parsed.steps, value: parsed.value }));
  }
  if (move.to === null && !parsed.enter) more.push(t('page-move-more-home'));
  if (parsed.again) more.push(t('page-move-more-again'));
  if (move.captures > 0) {
    const who = victims(view, move.to);
    more.push(who.length > 0 ? t('page-move-more-sends', { who: listAnd(who), count: who.length })
      : t('page-move-more-captures'));
  }
  return { text, more: more.join(t('page-list-comma')) };
}

// Whose turn it is and what they must do.
export function statusWords(view) {
  const seat = seatOf(view, view.to_move);
  const phase = view.phase === 'throw' ? 'throw' : 'move';
  if (view.replay) {
    if (view.phase === 'over') return t('page-status-replay-over');
    return `${t('page-status-replay', { colour: colourName(seat), phase })}${forPartnerWords(view, seat)}`;
  }
  if (view.phase === 'over' || view.result) return t('page-game-over');
  const open = (view.room?.seats ?? []).filter((s) => s.holder === 'open').length;
  if (view.room?.started === false) return t('page-status-waiting', { open });
  return `${turnWords(view, seat, phase)}${forPartnerWords(view, seat)}`;
}

// Whose turn it is, and what they do in it.
function turnWords(view, seat, phase) {
  if (view.awaiting === 'human') {
    const other = otherPerson(seat, view);
    const whose = isYou(seat, view) ? 'you' : other ? 'person' : 'seat';
    return t('page-status-turn', { whose, name: other ?? '', colour: colourName(seat), phase });
  }
  if (seat.player === 'human') return t('page-status-passes', { colour: colourName(seat) });
  return t('page-status-bot', { seat: seatLabel(seat, view), phase });
}

// Where a seat whose pieces are all home throws for its partner (Chaupar), whose turn at the
// table it is: said after the turn, as nothing else on the page shows it.
function forPartnerWords(view, seat) {
  if (view.thrower == null || view.thrower === view.to_move) return '';
  const finished = seatOf(view, view.thrower);
  return ` ${t('page-status-for-partner', { finished: colourName(finished), colour: colourName(seat) })}`;
}

// The result: "You won!", "Yellow and Black won."
export function resultWords(view) {
  if (!view.result && view.phase !== 'over') return '';
  // A game stopped unfinished (it reached the most actions a game may have): the server's reason.
  if (view.room?.stopped) return t('page-server-sentence', { text: capital(view.room.stopped) });
  const first = (view.placings ?? [])[0];
  const team = teamsOf(view.seats).find(([n]) => n === first);
  if (!team) {
    return view.result ? t('page-server-sentence', { text: capital(view.result) })
      : t('page-game-over');
  }
  const members = team[1];
  if (members.some((s) => isYou(s, view))) return t('page-result-you-won');
  return t('page-result-won', { team: teamName(members), count: members.length });
}

// What the last move did, from the views before and after it.
// A pass of `seat` in words: "You passed.", "Green passed.".
export function passEvent(view, seat) {
  return t('page-event-passed', subject(view, seat));
}

export function moveEvent(before, after, captured) {
  const m = after.last_move;
  if (!m) return '';
  const who = subject(after, m.seat);
  const parsed = parseMove(m.move) ?? {};
  const kind = family(after.ruleset);
  let text;
  if (parsed.pass) text = t('page-event-passed', who);
  else if (parsed.enter || m.from === null) text = t('page-event-entered', { ...who, family: kind });
  else if (m.to === null) text = t('page-event-home', { ...who, family: kind });
  else if (parsed.steps === undefined) text = t('page-event-moved', who);
  else {
    text = t('page-event-moved-steps', { ...who, family: kind, steps: parsed.steps,
      pair: parsed.pair ? 'yes' : 'no' });
  }
  const said = [text];
  for (const seat of captured) {
    const them = seatOf(after, seat);
    said.push(t('page-event-sent-back', { you: isYou(them, after) ? 'yes' : 'no',
      colour: colourName(them), family: kind }));
  }
  return said.join(' ');
}

// The engine's reasons why a piece cannot move (English, the engine's own words), without the
// square names and record terms the play screen does not show: "0m8: the 5 would overshoot..."
// reads "The 5 would overshoot...". The English terms are put in the page's words only on an
// English page.
export function plainReason(reason, view) {
  let text = String(reason).replace(/^[^:]*:\s*/, '');
  text = text.replace(/\s*\b\d+[lmr]\d+\b/g, '');
  if (lang !== 'en') return text;
  text = text.replace(/\bprogress (\d+)\b/g, '$1 squares along');
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
    .map((r) => (/[.!?]$/.test(r) ? r : t('page-server-sentence', { text: r }))))];
}

// A ruleset's title in the page's language: the catalogue's where it has one for the ruleset,
// else the title the ruleset gives itself.
export function rulesetTitle(name, title) {
  if (!name && !title) return '';
  return t('ruleset-title', { name: String(name ?? ''), title: String(title || name) });
}
