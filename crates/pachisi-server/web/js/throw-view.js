// The last throw: the cowries or dice as they fell (animated once when a new throw appears), the
// throw in words, and what is left to play.

import { $, svg } from './dom.js';
import { t } from './i18n.js';
import { ui } from './state.js';
import { dieFaces, poolWords, throwSentence } from './words.js';

// How many throws a view has seen: the log writes each throw in brackets, `(6)`.
export function throwCount(view) {
  return (view.log ?? []).join(' ').split('(').length - 1;
}

export function renderThrow(view) {
  const thrown = view.last_throw;
  const box = $('#throw-view');
  const words = $('#throw-words');
  const pool = $('#pool');
  const ruleset = view.ruleset ?? {};
  $('#throw-box').dataset.device = ruleset.device ?? '';
  words.textContent = throwSentence(view);
  pool.textContent = poolWords(view);
  if (!thrown) {
    box.replaceChildren();
    box.setAttribute('viewBox', '0 0 2 2');
    box.setAttribute('aria-label', t('page-throw-view-none'));
    ui.throwKey = null;
    return;
  }
  const nodes = ruleset.device === 'cowries' ? drawShells(ruleset.shells ?? 0, thrown.result ?? 0)
    : drawDice(thrown);
  box.setAttribute('viewBox', `0 0 ${nodes.width} 2`);
  box.setAttribute('aria-label', t('page-throw-view-label', { throw: words.textContent }));
  box.replaceChildren(...nodes.items);
  // A throw is animated once, when it first appears; the count of throws in the log tells a new
  // throw from the same one shown again.
  const key = `${view.key}|${JSON.stringify(thrown)}|${throwCount(view)}`;
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
    g.append(svg('title', {}, [mouthUp ? t('page-shell-up') : t('page-shell-down')]));
    items.push(g);
  }
  return { items, width: Math.max(1.5, count * 1.3 + 0.2) };
}

// A die's marks by its face; a 0 is a face left blank.
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

function drawDice(thrown) {
  const faces = dieFaces(thrown) ?? [thrown.value];
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
