// The graph of every side's winning chance through an analysed game: one line per team in its
// colour, each with a dash of its own so that the colours need not be told apart; x the step, y
// from 0 to 100%; a marker at the step shown. The title and description say in words what the
// lines show (the summary table beside it gives the figures).

import { svg } from './dom.js';
import { t } from './i18n.js';
import { colours, teamName } from './seats.js';

// The panel shows the graph 300 to 400 pixels wide: its units are near pixels there.
const WIDTH = 360;
const HEIGHT = 160;
const PAD = { left: 38, right: 8, top: 8, bottom: 22 };
const DASHES = [null, '9 4', '2 4', '12 4 2 4', '5 5', '1 6'];

function xOf(step, total) {
  return PAD.left + (WIDTH - PAD.left - PAD.right) * (total > 0 ? step / total : 0);
}

function yOf(chance) {
  return PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - chance);
}

const percent = (chance) => Math.round(100 * chance);

// What the graph shows, in words: each line's team and dash, and where each team ended.
function describe(analysis, teams) {
  const last = analysis.chances[analysis.chances.length - 1];
  const lines = teams.map(([team, members], i) => t('page-graph-line', { team: teamName(members),
    dash: i === 0 ? 'solid' : 'dashed', end: last ? 'yes' : 'no',
    percent: last ? percent(last.teams[team] ?? 0) : 0, step: last?.steps ?? 0 }));
  return t('page-graph-desc', { steps: analysis.steps, lines: lines.join('; ') });
}

function grid(total) {
  const parts = [];
  for (const chance of [0, 0.25, 0.5, 0.75, 1]) {
    const y = yOf(chance);
    parts.push(svg('line', { class: 'grid', x1: PAD.left, x2: WIDTH - PAD.right, y1: y, y2: y }));
    parts.push(svg('text', { class: 'axis', x: PAD.left - 5, y: y + 4, 'text-anchor': 'end',
      text: t('page-percent', { percent: percent(chance) }) }));
  }
  const base = HEIGHT - PAD.bottom + 15;
  parts.push(svg('text', { class: 'axis', x: PAD.left, y: base,
    text: t('page-graph-step', { step: 0 }) }));
  parts.push(svg('text', { class: 'axis', x: WIDTH - PAD.right, y: base, 'text-anchor': 'end',
    text: t('page-graph-step', { step: total }) }));
  return parts;
}

// Draws the graph of `analysis` in `node` (once for each `key`: stepping moves only the marker).
// `teams` are the game's teams as `teamsOf` lists them.
export function drawGraph(node, analysis, teams, key) {
  if (node.dataset.key === key) return;
  const total = analysis.steps;
  node.dataset.key = key;
  node.dataset.steps = String(total);
  node.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  const lines = [];
  teams.forEach(([team, members], i) => {
    const points = analysis.chances
      .map((c) => `${xOf(c.steps, total).toFixed(1)},${yOf(c.teams[team] ?? 0).toFixed(1)}`)
      .join(' ');
    lines.push(svg('polyline', { class: 'chance-casing', points }));
    lines.push(svg('polyline', { class: 'chance-line', points, 'data-team': team,
      stroke: colours(members[0]?.colour)[0], 'stroke-dasharray': DASHES[i % DASHES.length] }));
  });
  node.replaceChildren(
    svg('title', { id: 'analysis-graph-title', text: t('page-graph-title') }),
    svg('desc', { id: 'analysis-graph-desc', text: describe(analysis, teams) }),
    ...grid(total),
    ...lines,
    svg('line', { class: 'marker', y1: PAD.top, y2: HEIGHT - PAD.bottom }),
  );
}

// Puts the marker at `step`.
export function markStep(node, step) {
  const marker = node.querySelector('.marker');
  if (!marker) return;
  const x = xOf(step, Number(node.dataset.steps));
  marker.setAttribute('x1', x);
  marker.setAttribute('x2', x);
  node.dataset.step = String(step);
}

// The step under a click on the graph, or null where the graph is not laid out.
export function stepAt(node, event) {
  const matrix = node.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const along = (point.x - PAD.left) / (WIDTH - PAD.left - PAD.right);
  return Math.round(Math.max(0, Math.min(1, along)) * Number(node.dataset.steps));
}
