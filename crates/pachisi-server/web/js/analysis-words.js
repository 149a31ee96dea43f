// What the analysis says, in players' words: who judged (the evaluator, as a bot that looks so
// far ahead), each step's move as the play screen describes moves, the luck of the throws as
// whom they favoured, and what the judge cannot see (bots that judge as it does, or further).

import { colourName, teamName } from './seats.js';
import { frameView } from './state.js';
import { moveWords } from './words.js';

const percent = (chance) => `${Math.round(100 * chance)}%`;
export const points = (change) => (100 * change).toFixed(1);
const pointsWord = (change) => `${points(Math.abs(change))} ${
  points(Math.abs(change)) === '1.0' ? 'point' : 'points'}`;

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

function throwsWord(n) {
  return n === 1 ? 'one throw' : `${n} throws`;
}

// The judge in words: "a bot that weighs every way to play the throw it has, looking no further
// ahead", "a bot searching one throw ahead".
export function judgeWords(evaluator) {
  const depth = depthOf(evaluator);
  if (String(evaluator).startsWith('heuristic')) {
    return 'a bot that judges each move by the position it leaves';
  }
  if (depth === 0) return 'a bot that weighs every way to play the throw at hand, looking no further ahead';
  if (depth !== null) return `a bot searching ${throwsWord(depth)} ahead`;
  return `a bot (${evaluator})`;
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
    said.push('The bots that played this game judge like the analysis does, so their moves show '
      + 'no loss.');
  } else if (same.length > 0) {
    said.push(`${teamName(same)} ${same.length === 1 ? 'was a bot that judges' : 'were bots that '
      + 'judge'} like the analysis does, so ${same.length === 1 ? 'its' : 'their'} moves show no loss.`);
  }
  if (further.length > 0) {
    said.push(`${teamName(further)} ${further.length === 1 ? 'was a bot that looks' : 'were bots '
      + 'that look'} further ahead than the analysis does: where it marks ${
      further.length === 1 ? 'its' : 'their'} moves, the bot may be the one that is right.`);
  }
  if (people.length === 0 && said.length > 0) {
    said.push('The analysis is most use on a game a person played.');
  }
  return said.join(' ');
}

// What the analysis is and how to read it.
export function aboutWords(analysis) {
  const t = analysis.thresholds;
  return `Judged by ${judgeWords(analysis.evaluator)}. A move's loss is how much lower it left `
    + 'the mover\'s chance to win than the best move would have, in points (a point is 1% of a '
    + `chance to win): ?! marks an inaccuracy (a loss of ${points(t.inaccuracy)} points or more), `
    + `? a mistake (${points(t.mistake)} or more), ?? a blunder (${points(t.blunder)} or more). `
    + 'The bot\'s opinion, not the truth.';
}

// "Luck: the throws favoured Red by 12.0 points and Green by 3.1, and went against Blue by 4.0
// (points of winning chance, ...)".
export function luckWords(analysis, seats) {
  const name = (s) => teamName(s.seats.map((n) => seats[n] ?? { seat: n }));
  const by = (list) => list.map((s, i) => `${name(s)} by ${i === 0 ? pointsWord(s.luck)
    : points(Math.abs(s.luck))}`);
  const and = (words) => (words.length <= 1 ? words.join('')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);
  const even = (s) => Math.abs(s.luck) < 0.0005;
  const lucky = analysis.seats.filter((s) => !even(s) && s.luck > 0);
  const unlucky = analysis.seats.filter((s) => !even(s) && s.luck < 0);
  const parts = [];
  if (lucky.length > 0) parts.push(`favoured ${and(by(lucky))}`);
  if (unlucky.length > 0) parts.push(`went against ${and(by(unlucky))}`);
  if (parts.length === 0) return analysis.seats.length > 0 ? 'Luck: the throws were as good as average.' : '';
  return `Luck: the throws ${parts.join(', and ')} (points of winning chance, against what `
    + 'average throws would have given).';
}

// A move of the record in words, as the play screen says it, from the frame before it.
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
  const { text, more } = moveWords(move, before);
  if (text === 'Move') return notation;
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}${more ? ` (${more})` : ''}`;
}

// The step shown, in words: its decision (played, best, chances, loss) or its throw's luck.
export function stepWords(analysis, step, seats, replay) {
  if (step === 0) return 'The start of the game.';
  const seat = (n) => colourName(seats[n]);
  const d = analysis.decisionAt.get(step);
  if (d) {
    const played = `Move ${step}: ${seat(d.seat)} chose to ${moveSaid(replay, step, d.played, true)}`
      + ` (a ${percent(d.played_chance)} chance to win after it)`;
    if (d.played === d.best) return `${played}, the best of ${d.choices} choices.`;
    const mark = d.mark ? `: ${d.mark === 'inaccuracy' ? 'an' : 'a'} ${d.mark} (${
      { inaccuracy: '?!', mistake: '?', blunder: '??' }[d.mark]})` : '';
    return `${played}. Better: ${moveSaid(replay, step, d.best, false)} (${
      percent(d.best_chance)}), so a loss of ${pointsWord(d.loss)}${mark}.`;
  }
  const t = analysis.throwAt.get(step);
  if (t) {
    const who = seat(t.seat);
    const luck = Math.abs(t.luck) < 0.0005 ? 'an average throw'
      : t.luck > 0 ? `it favoured ${who} by ${pointsWord(t.luck)}`
        : `it went against ${who} by ${pointsWord(t.luck)}`;
    return `Throw ${step}: ${who} threw ${t.throw}. ${who}'s chance to win was ${percent(t.before)}`
      + ` before it, on average, and ${percent(t.after)} after it: ${luck}.`;
  }
  return `Move ${step}: there was no choice.`;
}
