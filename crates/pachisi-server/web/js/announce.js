// What a screen reader hears: every event a sighted player sees change on the page (a throw, a
// move, a capture, a pass and why, a piece home, whose turn it is, an undo, the end), said in
// order in one live region (`#announcer`), at the pace the game is played.
//
// Without flooding: an announcement waits until the one before has had time to be read (by its
// length), and when the bots play faster than that, the bots' events still waiting are said as
// one ("3 more throws and moves by others"). The person's own throw or move is said at once:
// by acting they have heard enough, and what the others did meanwhile is said as one line
// before it.
//
// How much is said is the person's choice (`#announce-level`, kept in this browser):
//   all   every event;
//   mine  the person's own throws, moves, turns and passes, what touches their pieces, the end;
//   off   nothing (errors are still alerts).

import { askAbout } from './board-words.js';
import { $, html } from './dom.js';
import { t } from './i18n.js';
import { colourName, isYou } from './seats.js';
import { throwCount } from './throw-view.js';
import { moveEvent, passEvent, resultWords, statusWords, throwSentence } from './words.js';

const LEVELS = ['all', 'mine', 'off'];
const STORE = 'pachisi-announce';
// Time to read an announcement: a floor, and more for a longer text (a screen reader's usual
// rate is well over 15 characters a second).
const GAP_MS = 700;
const MS_PER_CHAR = 45;
// Bots' events waiting beyond this many are said as one.
const MOST_WAITING = 3;
// The region keeps the last announcements, for a reader who goes back to them.
const KEPT = 30;

const queue = [];
let timer = null;
let lastStatus = '';

export function announceLevel() {
  let level = null;
  try {
    level = window.localStorage.getItem(STORE);
  } catch {
    level = null;
  }
  return LEVELS.includes(level) ? level : 'all';
}

// Says `text` now or after the ones waiting; `mine` marks what the person must hear at the level
// `mine`; `actions` is how many of the game's actions (throws and moves) it tells of, kept on
// its line (`data-actions`) so that what was said can be checked against the game. `own` is the
// person's own action: they acted, so they have heard enough of what was waiting; the others'
// lines still waiting are said as one, and the person's action at once after them.
function announce(text, mine, actions = 0, own = false) {
  const level = announceLevel();
  if (!text || level === 'off' || (level === 'mine' && !mine)) return;
  const item = { text, mine, actions };
  if (own) {
    const waiting = queue.splice(0);
    const others = waiting.filter((w) => !w.mine);
    const said = [...(others.length > 0 ? [together(others)] : []),
      ...waiting.filter((w) => w.mine), item];
    clearTimeout(timer);
    for (const line of said) emit(line);
    timer = setTimeout(release, readingTime(item));
    return;
  }
  queue.push(item);
  squeeze();
  if (timer === null) release();
}

// Several of the others' lines as one: "5 more throws and moves by others".
function together(items) {
  const actions = items.reduce((sum, item) => sum + item.actions, 0);
  return { text: t('access-more-events', { count: actions }), mine: false, actions };
}

// The bots' events waiting beyond MOST_WAITING become one line.
function squeeze() {
  const others = queue.filter((item) => !item.mine);
  if (others.length <= MOST_WAITING) return;
  const dropped = others.slice(0, others.length - MOST_WAITING + 1);
  for (const item of dropped) queue.splice(queue.indexOf(item), 1);
  queue.unshift(together(dropped));
}

function readingTime(item) {
  return Math.max(GAP_MS, item.text.length * MS_PER_CHAR);
}

// Puts a line in the live region, which a screen reader then reads.
function emit(item) {
  const region = $('#announcer');
  if (!region) return;
  // What has been said since the page opened, counted (the region keeps only the last lines),
  // each line numbered.
  region.dataset.lines = Number(region.dataset.lines ?? 0) + 1;
  region.append(html('p', { text: item.text, 'data-actions': item.actions,
    'data-n': region.dataset.lines }));
  region.dataset.told = Number(region.dataset.told ?? 0) + item.actions;
  while (region.childElementCount > KEPT) region.firstElementChild.remove();
}

function release() {
  const item = queue.shift();
  if (!item) {
    timer = null;
    return;
  }
  emit(item);
  timer = setTimeout(release, readingTime(item));
}

// Why the person's turn passes, in the page's language: the server's answer to "why" (the same
// words as the board in words) about the state with the pass due (`actions`: the server may have
// played it by the time it is asked), said when it comes.
async function sayWhy(actions) {
  const lines = await askAbout('why', actions);
  if (lines.length > 0) announce(t('access-why-passed', { reasons: lines.join(' ') }), true);
}

function seatName(view, seat) {
  return colourName(view.seats?.[seat] ?? { seat });
}

// Says what changed from the state shown (`before`, of the same game, or none) to `after`.
// `event` is what the last move did in words (motion.js's note of it), when `after` is one action
// after `before`.
export function announceChange(before, after, event) {
  if (!after || after.replay) return;
  const you = (seat) => isYou(after.seats?.[seat] ?? {}, after);
  if (before && before.key === after.key && after.actions === before.actions + 1) {
    const t0 = after.last_throw;
    // The person's own action is theirs when they made it, not a bot playing their seat.
    const own = (seat) => you(seat) && before.awaiting === 'human';
    if (t0 && throwCount(after) > throwCount(before)) {
      announce(throwSentence(after), you(t0.seat), 1, own(t0.seat));
    } else {
      // A move. motion.js notes it only when it differs from the move before; said all the same.
      // A pass that moves nothing is no move for the state (its last move is still the one
      // before): it is said as the seat's pass, not as that move again.
      const noted = event && event.key === after.key && event.at === after.actions;
      const passed = !noted
        && JSON.stringify(after.last_move ?? null) === JSON.stringify(before.last_move ?? null);
      const seat = passed ? before.to_move : after.last_move?.seat ?? before.to_move;
      const text = noted ? event.text : passed ? passEvent(after, seat) : moveEvent(before, after, []);
      announce(text || t('access-played', { who: seatName(after, seat) }),
        you(seat) || (noted && (event.captured ?? []).some(you)), 1, own(seat));
    }
  } else if (before && before.key === after.key && after.actions > before.actions) {
    // Several actions at once (the page was away, or an answer came after its socket's news):
    // said as their count, and the state they led to below.
    const count = after.actions - before.actions;
    announce(t('access-more-events', { count }), false, count);
  } else if (before && before.key === after.key && after.actions < before.actions) {
    announce(t('page-event-undone'), true);
  } else if (!before || before.key !== after.key) {
    // A game opened: what is said from here on tells of the actions after this one.
    const region = $('#announcer');
    if (region) region.dataset.from = after.actions;
  }
  // Why the person's turn passes (the server says only during the pass that is due; with moves
  // listed, the reasons are those of the pieces that cannot move, and the turn does not pass).
  const fresh = !before || before.key !== after.key || before.actions !== after.actions;
  const passes = after.phase === 'move' && (after.moves ?? []).length === 0;
  if (fresh && passes && (after.why_not ?? []).length > 0 && you(after.to_move)) {
    sayWhy(after.actions);
  }
  const over = after.phase === 'over' || Boolean(after.result);
  const status = over ? resultWords(after) : statusWords(after);
  // Whose turn it is, each time it changes to the person's (a bot's turn is heard in its moves),
  // and the end.
  const yours = after.awaiting === 'human' && you(after.to_move);
  if (status !== lastStatus && (over || yours)) announce(status, true);
  lastStatus = status;
}

// Builds the live region and the choice of how much is said (in the panel's tools).
export function wireAnnouncements() {
  if (!$('#announcer')) {
    document.body.append(html('div', { id: 'announcer', class: 'visually-hidden', role: 'log',
      'aria-live': 'polite', 'aria-label': t('access-announcer') }));
  }
  const row = html('p', { id: 'announce-row', class: 'field' }, [
    html('label', { for: 'announce-level', text: t('access-level') }),
    html('select', { id: 'announce-level' }, LEVELS.map((level) => html('option', {
      value: level, text: t('access-level-choice', { level }) }))),
  ]);
  const anchor = $('#pace-row');
  if (anchor) anchor.after(row);
  else $('#more')?.append(row);
  const chooser = $('#announce-level');
  chooser.value = announceLevel();
  chooser.addEventListener('change', () => {
    try {
      window.localStorage.setItem(STORE, chooser.value);
    } catch {
      // A browser that keeps nothing still uses the choice until the page is left.
    }
    queue.length = 0;
    announce(t('access-level-now', { level: chooser.value }), true);
  });
}
