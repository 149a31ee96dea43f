// What the analysis says, in players' words: who judged (the evaluator, as a bot that looks so
// far ahead), each step's move as the play screen describes moves, the luck of the throws as
// whom they favoured, and what the judge cannot see (bots that judge as it does, or further).

import { listAnd, t } from './i18n.js';
import { colourName, teamName } from './seats.js';
import { frameView } from './state.js';
import { moveWords } from './words.js';

const percent = (chance) => Math.round(100 * chance);
export const points = (change) => (100 * change).toFixed(1);
const pointsWord = (change) => t('page-points', { points: points(Math.abs(change)) });

// A bot spec's depth of search: `expectimax:depth=2` 2, `expectimax` 1 (its default), `heuristic`
// and `expectimax:depth=0` 0 (the current turn only); null for bots that do not search so
// (random moves, playouts).
function depthOf(spec) {
  const [name, ...options] = String(spec ?? '').replace(/^bot:/, '').split(':');
  if (name === 'heuristic') return 0;
  if (name === 'expectimax' || name === 'bot' || name === '') {
    const depth = options.join(':').match(/(?:^|,)depth=(\d+)/);
    return depth ? Number(depth[1]) : 1;
  }
  return null;
}

// The judge in words: "a bot that weighs every way to play the throw it has, looking no further
// ahead", "a bot searching one throw ahead".
export function judgeWords(evaluator) {
  const depth = depthOf(evaluator);
  if (String(evaluator).startsWith('heuristic')) return t('page-judge', { kind: 'heuristic' });
  if (depth === 0) return t('page-judge', { kind: 'now' });
  if (depth !== null) return t('page-judge', { kind: 'search', depth });
  return t('page-judge', { kind: 'other', bot: String(evaluator) });
}

// What the judge cannot tell of this game's bots: those that judge as it does (their moves can
// show no loss) and those that look further ahead (where it marks their moves, they may be the
// ones who are right). Empty when every seat was played by a person or a weaker bot.
export function judgeLimits(analysis, seats) {
  const judge = depthOf(analysis.evaluator);
  if (judge === null) return '';
  const played = new Set(analysis.seats.filter((s) => s.decisions > 0).flatMap((s) => s.seats));
  const bots = (seats ?? []).filter((s) => played.has(s.seat) && String(s.player).startsWith('bot'));
  const same = bots.filter((s) => depthOf(s.player) === judge);
  const further = bots.filter((s) => (depthOf(s.player) ?? -1) > judge);
  const people = [...played].filter((s) => !String(seats?.[s]?.player).startsWith('bot'));
  const said = [];
  if (same.length > 0 && same.length === played.size) {
    said.push(t('page-judge-same-all'));
  } else if (same.length > 0) {
    said.push(t('page-judge-same', { bots: teamName(same), count: same.length }));
  }
  if (further.length > 0) {
    said.push(t('page-judge-further', { bots: teamName(further), count: further.length }));
  }
  if (people.length === 0 && said.length > 0) said.push(t('page-judge-no-person'));
  return said.join(' ');
}

// What the analysis is and how to read it.
export function aboutWords(analysis) {
  const marks = analysis.thresholds;
  return t('page-analysis-about', { judge: judgeWords(analysis.evaluator),
    inaccuracy: points(marks.inaccuracy), mistake: points(marks.mistake),
    blunder: points(marks.blunder) });
}

// "Luck: the throws favoured Red by 12.0 points and Green by 3.1, and went against Blue by 4.0
// (points of winning chance, ...)".
export function luckWords(analysis, seats) {
  const name = (s) => teamName(s.seats.map((n) => seats[n] ?? { seat: n }));
  const by = (list) => listAnd(list.map((s, i) => t('page-luck-by', { team: name(s),
    points: points(Math.abs(s.luck)), first: i === 0 ? 'yes' : 'no' })));
  const even = (s) => Math.abs(s.luck) < 0.0005;
  const lucky = analysis.seats.filter((s) => !even(s) && s.luck > 0);
  const unlucky = analysis.seats.filter((s) => !even(s) && s.luck < 0);
  if (lucky.length === 0 && unlucky.length === 0) {
    return analysis.seats.length > 0 ? t('page-luck-even') : '';
  }
  const how = lucky.length > 0 && unlucky.length > 0 ? 'both' : lucky.length > 0 ? 'lucky'
    : 'unlucky';
  return t('page-luck', { how, lucky: by(lucky), unlucky: by(unlucky) });
}

// A move of the record in words, as the play screen says it (going on a sentence), from the
// frame before it.
function moveSaid(replay, step, notation, played) {
  if (!replay || step < 1 || !replay.frames[step - 1]) return notation;
  const before = frameView(replay, step - 1);
  const after = replay.frames[step];
  const last = played ? after?.last_move : null;
  // Whether the move sent a piece back: another seat has more waiting after it.
  const waiting = (frame, seat) => (frame?.pieces ?? [])
    .filter((p) => p.seat === seat && p.where === 'waiting').length;
  const sent = played && (before.seats ?? []).some((s) => s.seat !== before.to_move
    && waiting(after, s.seat) > waiting(replay.frames[step - 1], s.seat));
  const move = { move: notation, to: last ? last.to : undefined, captures: sent ? 1 : 0 };
  const { text, more } = moveWords(move, before, true);
  if (text === t('page-move')) return notation;
  return more ? t('page-move-with-more', { move: text, more }) : text;
}

// The step shown, in words: its decision (played, best, chances, loss) or its throw's luck.
export function stepWords(analysis, step, seats, replay) {
  if (step === 0) return t('page-step-start');
  const seat = (n) => colourName(seats[n]);
  const d = analysis.decisionAt.get(step);
  if (d) {
    const chose = { step, seat: seat(d.seat), move: moveSaid(replay, step, d.played, true),
      chance: percent(d.played_chance) };
    if (d.played === d.best) return t('page-step-best', { ...chose, choices: d.choices });
    return t('page-step-worse', { ...chose, best: moveSaid(replay, step, d.best, false),
      bestChance: percent(d.best_chance), loss: pointsWord(d.loss), mark: d.mark ?? 'none' });
  }
  const thrown = analysis.throwAt.get(step);
  if (thrown) {
    const luck = Math.abs(thrown.luck) < 0.0005 ? 'even' : thrown.luck > 0 ? 'favoured' : 'against';
    return t('page-step-throw', { step, seat: seat(thrown.seat), throw: thrown.throw,
      before: percent(thrown.before), after: percent(thrown.after), luck,
      points: pointsWord(thrown.luck) });
  }
  return t('page-step-forced', { step });
}
