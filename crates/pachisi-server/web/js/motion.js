// What an action looks like as it happens: the piece that moved slides along the squares it
// passed, a piece sent back is marked where it stood and returns to its corner, a throw and a
// capture may sound. The board is drawn anew for every state; the effects under way are applied
// again to each drawing, at the time they have reached, until they end. People who ask for
// reduced motion see the pieces where they land, and the capture mark standing still.

import { svg } from './dom.js';
import { modelFor } from './geometry.js';
import { captureSound, throwSound } from './sound.js';
import { ui } from './state.js';
import { throwCount } from './throw-view.js';
import { moveEvent } from './words.js';

const motionQuery = window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;

export function reducedMotion() {
  return Boolean(motionQuery?.matches);
}

const STEP_MS = 70;
const SLIDE_MS = 140;
const SLIDE_MAX_MS = 720;
const RETURN_MS = 450;
const MARK_MS = 1400;

// How far a seat's pieces have come, all together: it falls only when a piece is sent back,
// to wait in the Charkoni or a nest again, or (Chaupar, Pachih) onto a square of its lane.
function alongAll(view, seat) {
  return (view.pieces ?? []).filter((p) => p.seat === seat)
    .reduce((sum, p) => sum + p.progress, 0);
}

// Notes what changed between two views one action apart (a state and the next, or a replay
// frame and the next): the throw, the move with its path, the pieces it sent back.
export function noteChange(before, after) {
  if (!before || !after || before.key !== after.key) return;
  if (throwCount(after) > throwCount(before)) throwSound(after.ruleset?.device);
  const m = after.last_move;
  if (!m || JSON.stringify(m) === JSON.stringify(before.last_move ?? null)) return;
  const captured = (after.seats ?? []).map((s) => s.seat)
    .filter((s) => s !== m.seat && alongAll(after, s) < alongAll(before, s));
  ui.lastEvent = { key: after.key, at: after.replay ? after.frame : after.actions,
    text: moveEvent(before, after, captured), captured };
  if (m.from === null && m.to === null) return;
  const model = modelFor(after);
  const arrived = (after.pieces ?? []).filter((p) => p.seat === m.seat
    && (m.to === null ? p.where === 'home' : p.where === 'board' && p.square === m.to));
  const progress = arrived.length > 0 ? Math.max(...arrived.map((p) => p.progress)) : null;
  const path = progress === null ? [m.from, m.to].filter((s) => s !== null)
    : model.path(m.seat, m.from, m.to, progress);
  const now = performance.now();
  const slide = Math.min(SLIDE_MAX_MS, SLIDE_MS + STEP_MS * path.length);
  ui.effects = ui.effects.filter((e) => e.kind !== 'move' && e.key === after.key
    && now < e.start + e.duration);
  ui.effects.push({ kind: 'move', key: after.key, seat: m.seat, from: m.from, to: m.to, path,
    start: now, duration: slide });
  for (const seat of captured) {
    ui.effects.push({ kind: 'capture', key: after.key, seat, square: m.to, start: now,
      delay: slide, duration: slide + MARK_MS });
  }
  if (captured.length > 0) captureSound();
}

// Forgets every effect (a new game, a replay opened or closed).
export function clearEffects() {
  ui.effects = [];
  ui.lastEvent = null;
}

// Applies the effects under way to a fresh drawing of the board.
export function decorate(root, view, model) {
  const now = performance.now();
  ui.effects = ui.effects.filter((e) => now < e.start + e.duration);
  for (const e of ui.effects) {
    if (e.key !== view.key) continue;
    const elapsed = now - e.start;
    if (e.kind === 'move') slide(root, e, elapsed, model);
    else if (e.kind === 'capture') mark(root, e, elapsed, model);
  }
}

function drawnAt(node) {
  return [Number(node.dataset.x), Number(node.dataset.y)];
}

// The piece of `seat` drawn on `square`, or its last piece home (square null).
function pieceOn(root, seat, square) {
  if (square === null) {
    const home = root.querySelectorAll(`[data-corner="${seat}"] .piece[data-where="home"]`);
    return home[home.length - 1] ?? null;
  }
  return root.querySelector(`[data-square="${square}"] .piece[data-seat="${seat}"]`);
}

function yard(model, seat) {
  const corner = model.corners.get(seat);
  return corner ? [corner.x + corner.size / 2, corner.y + corner.size / 2] : model.middle();
}

// Moves `node` through `points` (board cells) to where it is drawn, `elapsed` ms in. While it
// travels it is drawn above every square, then put back in its square (where a tap finds it).
function travel(root, node, points, timing, elapsed) {
  const [fx, fy] = drawnAt(node);
  const frames = points.map(([x, y]) => ({ transform: `translate(${x - fx}px, ${y - fy}px)` }));
  frames.push({ transform: 'translate(0px, 0px)' });
  const parent = node.parentNode;
  const next = node.nextSibling;
  root.append(node);
  node.classList.add('moving');
  const animation = node.animate(frames, timing);
  animation.currentTime = elapsed;
  animation.addEventListener('finish', () => {
    node.classList.remove('moving');
    if (parent?.isConnected && node.parentNode === root) parent.insertBefore(node, next);
  });
}

function slide(root, e, elapsed, model) {
  if (reducedMotion()) return;
  const node = pieceOn(root, e.seat, e.to);
  if (!node) return;
  const points = e.path.map((id) => model.centreOf(id)).filter(Boolean);
  // The last square is where the piece now stands, drawn there already.
  if (e.to !== null) points.pop();
  else points.push(model.middle());
  if (e.from === null) points.unshift(yard(model, e.seat));
  if (points.length === 0) return;
  travel(root, node, points, { duration: e.duration, easing: 'ease-in-out' }, elapsed);
}

function mark(root, e, elapsed, model) {
  const at = model.centreOf(e.square);
  if (!at) return;
  const [cx, cy] = at;
  const d = 0.22;
  const g = svg('g', { class: 'capture-mark', 'aria-hidden': 'true' }, [
    svg('circle', { class: 'burst', cx, cy, r: 0.6 }),
    svg('path', { class: 'cross',
      d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}` }),
  ]);
  g.style.animationDelay = `${e.delay - elapsed}ms`;
  root.append(g);
  window.setTimeout(() => g.remove(), e.duration - elapsed);
  if (reducedMotion()) return;
  const waiting = root.querySelectorAll(`[data-corner="${e.seat}"] .piece[data-where="waiting"]`);
  const node = waiting[waiting.length - 1];
  if (node && elapsed < e.delay + RETURN_MS) {
    travel(root, node, [at], { delay: e.delay, duration: RETURN_MS, easing: 'ease-out',
      fill: 'backwards' }, elapsed);
  }
}
