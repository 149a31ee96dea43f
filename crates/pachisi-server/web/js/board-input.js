// Clicks and taps on the board: a tap on a movable piece (or within reach of one) selects its
// move, again its next; a tap on the selected move's destination plays it (unless the tap is on
// a movable piece there and the person has not chosen that move); a tap on a piece that cannot
// move says why.

import { askAbout } from './board-words.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { showWhy } from './messages.js';
import { playMove, select } from './moves.js';
import { colourName, otherPerson } from './seats.js';
import { mine, selectedMove, ui } from './state.js';
import { family, plainReason } from './words.js';

// How far from a piece or a destination a tap still counts as on it, in CSS pixels: half of a
// 44-pixel target, however small the board is drawn.
const REACH_PX = 22;

function screenPoint(root, x, y) {
  const matrix = root.getScreenCTM();
  if (!matrix) return null;
  return new DOMPoint(x, y).matrixTransform(matrix);
}

// The movable piece or destination nearest a tap, within reach.
function nearest(root, clientX, clientY) {
  let best = null;
  let bestDistance = REACH_PX;
  for (const node of root.querySelectorAll('[data-movable], [data-dest]')) {
    const at = screenPoint(root, Number(node.dataset.x), Number(node.dataset.y));
    if (!at) continue;
    const distance = Math.hypot(at.x - clientX, at.y - clientY);
    if (distance <= bestDistance) {
      best = node;
      bestDistance = distance;
    }
  }
  return best;
}

export function boardClicked(event) {
  const game = ui.game;
  if (ui.replay || !game) return;
  const root = $('#board');
  const pieceNode = event.target.closest('[data-piece]');
  const squareNode = event.target.closest('[data-square]');
  const centreNode = event.target.closest('[data-centre]');
  const sel = selectedMove();
  if (sel) {
    const onDest = (squareNode && sel.to !== null && Number(squareNode.dataset.square) === sel.to)
      || (centreNode && sel.to === null && sel.progress !== null);
    // A movable piece standing on the destination of a move the person did not choose (the
    // first, selected for them) is what they clicked: it is selected, the move not played.
    const pieceThere = pieceNode?.hasAttribute('data-movable') && !ui.chosen;
    if (onDest && !pieceThere) {
      playMove(sel);
      return;
    }
  }
  if (pieceNode?.hasAttribute('data-movable')) {
    pieceClicked(pieceNode);
    return;
  }
  const near = nearest(root, event.clientX, event.clientY);
  if (near?.hasAttribute('data-piece')) {
    pieceClicked(near);
    return;
  }
  if (near && sel) {
    playMove(sel);
    return;
  }
  if (pieceNode) pieceClicked(pieceNode);
}

function pieceClicked(node) {
  const seat = Number(node.dataset.seat);
  const progress = Number(node.dataset.progress);
  const where = node.dataset.where;
  const game = ui.game;
  const kind = { family: family(game.ruleset) };
  if (game.phase === 'over') {
    showWhy([t('page-game-over')]);
    return;
  }
  if (seat !== game.to_move) {
    showWhy([t('page-why-not-yours', { ...kind, colour: colourName(game.seats[seat]),
      mover: colourName(game.seats[game.to_move]) })]);
    return;
  }
  if (game.awaiting !== 'human') {
    showWhy([t('page-why-bot')]);
    return;
  }
  if (!mine(seat)) {
    const other = otherPerson(game.seats[seat], game);
    showWhy([other ? t('page-why-other', { name: other, colour: colourName(game.seats[seat]) })
      : t('page-why-watching')]);
    return;
  }
  if (game.phase !== 'move') {
    showWhy([t('page-why-throw-first')]);
    return;
  }
  if (where === 'home') {
    showWhy([t('page-why-home', kind)]);
    return;
  }
  const candidates = game.moves.filter((m) => m.progress === progress);
  if (candidates.length === 0) {
    // The server says why, in the page's language (the same words as "why N" typed); the
    // state's own reasons (the engine's English, sent during a forced pass) only if it cannot.
    const why = (game.why_not ?? []).find((w) => w.progress === progress);
    const fallback = why && why.reasons.length > 0 ? why.reasons.map((r) => plainReason(r, game))
      : [t('page-why-no-move', kind)];
    const piece = (game.pieces ?? []).find((p) => p.seat === seat && p.progress === progress);
    if (!piece) {
      showWhy(fallback);
      return;
    }
    askAbout(`why ${piece.piece + 1}`).then((lines) => {
      if (ui.game === game) showWhy(lines.length > 0 ? lines : fallback);
    });
    return;
  }
  const key = `${seat}:${progress}`;
  const at = candidates.findIndex((m) => m.index === ui.selected);
  const next = ui.clickedPiece === key && at >= 0 ? candidates[(at + 1) % candidates.length]
    : candidates[0];
  ui.clickedPiece = key;
  select(next.index);
}
