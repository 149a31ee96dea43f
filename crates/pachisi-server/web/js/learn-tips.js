// Tips in the first game started from /learn: when the person's turn passes because nothing
// could move (and why, in the engine's words), when one of their pieces is captured, when a
// grace comes, and when a piece of theirs stops on the castle 25 squares from home (the state
// marks such a piece `castle_25`, as the terminal's tip decides it). The game is marked in this browser's storage by /learn; on the game page, each
// state drawn is compared with the one before to see what just happened. The tips' words come
// from the learn catalogue (`GET /api/learn`); the page only fills in the throw and the reasons.

import { api } from './api.js';
import { askAbout } from './board-words.js';
import { $, focusFirst, html } from './dom.js';
import { listAnd, t } from './i18n.js';
import { currentView, hooks, mine } from './state.js';
import { passReasons } from './words.js';

const KEY = 'pachisi.learn';
// A grace, and the castle 25 squares from home, are told the first few times only: after that
// the player knows.
const GRACE_TIPS = 2;
const CASTLE_TIPS = 2;

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
#learn-tip {
  display: flex;
  gap: 0.6rem;
  align-items: center;
  justify-content: space-between;
  padding: 0.5rem 0.7rem;
  border: 2px solid #2f6fd6;
  border-radius: 0.5rem;
  background: #eef4ff;
}
#learn-tip-text::before {
  content: attr(data-label) " ";
  font-weight: 700;
}
`);

// Marks game `id` as the first game after the tour `tour`.
export function markTips(id, tour) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ game: id, tour }));
  } catch {
    // Without storage the game plays on, without tips.
  }
}

function marked() {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    return value && typeof value.game === 'string' && typeof value.tour === 'string' ? value : null;
  } catch {
    return null;
  }
}

const seen = { last: null, told: new Set(), graces: 0, castles: 0, tips: null };

function loadTips(tour) {
  seen.tips ??= api('GET', '/api/learn')
    .then((list) => (list?.tours ?? []).find((each) => each.name === tour)?.tips ?? null)
    .catch(() => null);
  return seen.tips;
}

function box() {
  let tip = $('#learn-tip');
  if (tip) return tip;
  if (!document.adoptedStyleSheets.includes(sheet)) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  const dismiss = html('button', { type: 'button', id: 'learn-tip-dismiss',
    text: t('page-tip-dismiss') });
  tip = html('div', { id: 'learn-tip', role: 'status', 'aria-live': 'polite', hidden: '' }, [
    html('p', { id: 'learn-tip-text', 'data-label': t('page-tip-label') }),
    dismiss,
  ]);
  dismiss.addEventListener('click', () => {
    tip.hidden = true;
    // The button is gone with the tip: the focus goes on to what is due.
    focusFirst('#throw', '#moves button', '#board');
  });
  const anchor = $('#turn-box');
  if (anchor) anchor.after(tip);
  else document.body.prepend(tip);
  return tip;
}

async function say(kind, key, tour, fill) {
  if (seen.told.has(key)) return;
  seen.told.add(key);
  const tips = await loadTips(tour);
  const text = tips?.[kind];
  if (typeof text !== 'string') return;
  const tip = box();
  tip.dataset.kind = kind;
  $('#learn-tip-text').textContent = fill ? fill(text) : text;
  tip.hidden = false;
}

// What the state `view` shows happened since `before`, told as tips.
// The throw of a passed turn, for the tip: "a 3", "5 and 3".
function throwWords(values) {
  return t('page-tip-throw', { count: values.length, value: values[0], values: listAnd(values) });
}

function notice(view, before, tour) {
  const thrown = view.last_throw;
  const moves = view.moves ?? [];
  const forcedPass = view.phase === 'move' && mine(view.to_move) && view.awaiting !== 'human'
    && moves.length === 0 && thrown && thrown.seat === view.to_move && !view.result;
  if (forcedPass) {
    const values = (view.pool ?? []).map((p) => p.value);
    // Why, in the page's language, from the server; the state's own reasons (the engine's
    // English) only if it cannot answer.
    askAbout('why', view.actions).then((lines) => {
      const reasons = lines.length > 0 ? lines : passReasons(view);
      say('passed', `pass:${view.actions}`, tour, (text) => text
        .replace('{throw}', throwWords(values.length > 0 ? values : [thrown.value]))
        .replace('{reasons}', reasons.join(' '))
        .trim());
    });
  }
  if (thrown && thrown.grace && mine(thrown.seat) && view.phase === 'move'
      && view.to_move === thrown.seat
      && !seen.told.has(`grace:${view.actions}`) && seen.graces < GRACE_TIPS) {
    seen.graces += 1;
    say('grace', `grace:${view.actions}`, tour);
  }
  if (before) {
    const captured = (view.pieces ?? []).some((p) => mine(p.seat) && p.where === 'waiting'
      && (before.pieces ?? []).some((q) => q.seat === p.seat && q.piece === p.piece
        && q.where === 'board' && !q.finished));
    if (captured && view.actions > before.actions) say('captured', `capture:${view.actions}`, tour);
    const arrived = (view.pieces ?? []).find((p) => mine(p.seat) && p.castle_25
      && !(before.pieces ?? []).some((q) => q.seat === p.seat && q.piece === p.piece && q.castle_25));
    if (arrived && view.actions > before.actions && seen.castles < CASTLE_TIPS
        && !seen.told.has(`castle:${view.actions}`)) {
      seen.castles += 1;
      say('castle', `castle:${view.actions}`, tour);
    }
  }
}

function check() {
  const mark = marked();
  const view = currentView();
  if (!mark || !view || view.replay || view.id !== mark.game) {
    seen.last = null;
    return;
  }
  const before = seen.last;
  seen.last = view;
  if (before && view.actions === before.actions && view.phase === before.phase) return;
  notice(view, before, mark.tour);
  if (view.result || view.phase === 'over') {
    try {
      window.localStorage.removeItem(KEY);
    } catch {
      // Nothing kept, nothing to forget.
    }
  }
}

// Follows every drawing of the game page (call after the page's hooks are set).
export function wireTips() {
  const render = hooks.render;
  hooks.render = () => {
    render();
    check();
  };
}
