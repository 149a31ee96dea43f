// The analysis of the record in the replay viewer (POST /api/analyze, docs/analysis.md), asked
// for with "Analyse" (or a) for a record opened here, or with "Analyse the game" once a game on
// the page is over (its record then opens in the replay viewer). Shown beside the replay: each
// marked move's ?! ? ?? in the log, the step shown's decision or throw, every side's winning
// chance through the game (analysis-graph.js; a click jumps there) and a summary per seat.

import { act, api, ApiError } from './api.js';
import { drawGraph, markStep, stepAt } from './analysis-graph.js';
import { aboutWords, judgeLimits, luckWords, points, stepWords } from './analysis-words.js';
import { $, focusFirst, html } from './dom.js';
import { t } from './i18n.js';
import { clearError } from './messages.js';
import { recordText } from './record.js';
import { openReplay, stepReplay } from './replay.js';
import { chip, colourName, teamName, teamsOf } from './seats.js';
import { hooks, ui } from './state.js';

const SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const percent = (chance) => (100 * chance).toFixed(1);
const signed = (change) => `${change < 0 ? '−' : '+'}${points(Math.abs(change))}`;

// The answer, its decisions and throws found by their step.
function indexed(answer) {
  if (!answer || !Array.isArray(answer.chances) || !Array.isArray(answer.decisions)
    || !Array.isArray(answer.throws) || !Array.isArray(answer.seats)) {
    throw new ApiError(t('page-error-analysis'), 0);
  }
  return {
    ...answer,
    decisionAt: new Map(answer.decisions.map((d) => [d.number, d])),
    throwAt: new Map(answer.throws.map((thrown) => [thrown.number, thrown])),
  };
}

async function fetchAnalysis(replay) {
  const answer = await api('POST', '/api/analyze', { record: replay.record });
  // The viewer may have been closed, or given another record, meanwhile.
  if (ui.replay !== replay) return;
  replay.analysis = indexed(answer);
  $('#log-box').open = true;
  clearError();
  hooks.render();
}

export function analyseReplay() {
  const replay = ui.replay;
  if (!replay || replay.analysis || ui.busy > 0) return undefined;
  return act(async () => {
    await fetchAnalysis(replay);
    focusFirst('#analysis-heading', '#replay-close');
  });
}

export function analyseGame() {
  const game = ui.game;
  if (!game || ui.busy > 0) return undefined;
  return act(async () => {
    const record = await recordText(game.id);
    await fetchAnalysis(await openReplay(record, `pachisi-${game.id}.record`));
    focusFirst('#analysis-heading', '#replay-close');
  });
}

// Puts each marked move's symbol after the move in the log, as far as the log is shown: a
// replay frame says how much of the log was written after each step.
function markLog(analysis, replay) {
  const byLine = new Map();
  for (const d of analysis.decisions) {
    const at = replay.frames[d.number]?.log;
    if (!d.mark || d.number > replay.frame || !Array.isArray(at) || at[0] < 1) continue;
    const marks = byLine.get(at[0] - 1) ?? [];
    marks.push([at[1], d]);
    byLine.set(at[0] - 1, marks);
  }
  const items = $('#log').children;
  for (const [line, marks] of byLine) {
    const item = items[line];
    if (!item) continue;
    const text = item.textContent;
    const parts = [];
    let from = 0;
    for (const [offset, d] of marks.sort((a, b) => a[0] - b[0])) {
      parts.push(text.slice(from, offset), html('span', { class: 'mark', 'data-mark': d.mark,
        'data-step': d.number, title: t('page-mark-title', { mark: d.mark, points: points(d.loss) }),
        text: SYMBOL[d.mark] }));
      from = offset;
    }
    parts.push(text.slice(from));
    item.replaceChildren(...parts);
  }
}

// Every side's chance at the last point of the graph at or before `step`.
function chancesWords(analysis, step, teams) {
  let point = null;
  for (const c of analysis.chances) {
    if (c.steps > step) break;
    point = c;
  }
  if (!point) return '';
  const each = teams.map(([team, members]) => t('page-chances-side', { team: teamName(members),
    percent: percent(point.teams[team] ?? 0) }));
  return t('page-chances', { when: point.steps === analysis.steps ? 'end' : 'throw',
    throw: point.steps + 1, chances: each.join(t('page-list-comma')) });
}

function renderSummary(analysis, seats) {
  const rows = analysis.seats.map((s) => {
    const seat = seats[s.seats[0]];
    return html('tr', { 'data-seat': s.seats[0] }, [
      html('th', { scope: 'row' }, [chip(seat), ` ${colourName(seat)}`]),
      html('td', { text: String(s.decisions) }),
      html('td', { text: points(s.average_loss) }),
      html('td', { text: String(s.inaccuracies) }),
      html('td', { text: String(s.mistakes) }),
      html('td', { text: String(s.blunders) }),
      html('td', { text: signed(s.luck) }),
    ]);
  });
  $('#analysis-summary tbody').replaceChildren(...rows);
  $('#analysis-about').textContent = aboutWords(analysis);
  const limits = judgeLimits(analysis, seats);
  $('#analysis-judge').textContent = limits;
  $('#analysis-judge').hidden = !limits;
  $('#analysis-luck').textContent = luckWords(analysis, seats);
}

export function renderAnalysis(view) {
  const replay = ui.replay;
  const over = Boolean(view && !view.replay && (view.phase === 'over' || view.result));
  $('#analyse-game').hidden = !over;
  $('#analyse').hidden = !replay || Boolean(replay.analysis);
  const analysis = replay?.analysis;
  $('#analysis').hidden = !analysis;
  if (!analysis || !view) return;
  const teams = teamsOf(view.seats);
  const graph = $('#analysis-graph');
  const key = `replay:${replay.serial}`;
  if (graph.dataset.key !== key) renderSummary(analysis, view.seats);
  drawGraph(graph, analysis, teams, key);
  markStep(graph, replay.frame);
  markLog(analysis, replay);
  $('#analysis-step').textContent = stepWords(analysis, replay.frame, view.seats, replay);
  $('#analysis-chances').textContent = chancesWords(analysis, replay.frame, teams);
}

export function wireAnalysis() {
  $('#analyse').addEventListener('click', analyseReplay);
  $('#analyse-game').addEventListener('click', analyseGame);
  $('#analysis-graph').addEventListener('click', (event) => {
    const step = stepAt(event.currentTarget, event);
    if (step !== null) stepReplay(step);
  });
}
