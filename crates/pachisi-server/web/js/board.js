// The board: an SVG of the cross, drawn anew from each state. Squares belonging to a seat are in
// its colour (home columns, start squares, the entrance of a home column), safe squares marked,
// the seat to play framed in its colour, the last move and the selected move highlighted, and
// every piece in its seat's colour with its letter.

import './board-style.js';
import { $, paint, svg } from './dom.js';
import { modelFor } from './geometry.js';
import { t } from './i18n.js';
import { decorate } from './motion.js';
import { colourName, colours, seatLabel } from './seats.js';
import { mine, selectedMove, ui } from './state.js';
import { family, rulesetTitle } from './words.js';

function pieceGroups(view) {
  const onSquare = new Map();
  const offBoard = new Map();
  for (const p of view.pieces) {
    if (p.where === 'board' && p.square !== null && p.square !== undefined) {
      const key = `${p.seat}:${p.progress}`;
      const list = onSquare.get(p.square) ?? [];
      const group = list.find((g) => g.key === key);
      if (group) group.count += 1;
      else list.push({ key, seat: p.seat, progress: p.progress, count: 1 });
      onSquare.set(p.square, list);
    } else {
      const list = offBoard.get(p.seat) ?? { waiting: [], home: [] };
      (p.where === 'home' ? list.home : list.waiting).push(p);
      offBoard.set(p.seat, list);
    }
  }
  return { onSquare, offBoard };
}

function drawPiece(view, seatIndex, progress, count, cx, cy, r, where, movable) {
  const seat = view.seats[seatIndex] ?? { letter: '?', colour: 'grey' };
  const [fill, ink] = colours(seat.colour);
  const g = svg('g', {
    class: `piece${movable ? ' movable' : ''}`,
    'data-piece': `${seatIndex}:${progress}`,
    'data-seat': seatIndex,
    'data-progress': progress,
    'data-where': where,
    'data-count': count,
    'data-movable': movable ? 'true' : null,
    'data-x': cx,
    'data-y': cy,
  });
  g.append(svg('title', {}, [t('page-piece-title', { seat: seatLabel(seat, view), count,
    family: family(view.ruleset), where, movable: movable ? 'yes' : 'no' })]));
  if (movable) g.append(svg('circle', { class: 'ring', cx, cy, r: r * 1.22 }));
  g.append(svg('circle', { class: 'body', cx, cy, r, fill, stroke: '#111' }));
  g.append(svg('text', { class: 'letter', x: cx, y: cy, fill: ink, 'font-size': r * 1.15 },
    [seat.letter]));
  if (count > 1) {
    const bx = cx + r * 0.8;
    const by = cy - r * 0.8;
    g.append(svg('circle', { class: 'badge', cx: bx, cy: by, r: r * 0.5 }));
    g.append(svg('text', { class: 'badge-text', x: bx, y: by, 'font-size': r * 0.62 },
      [String(count)]));
  }
  return g;
}

// A five-pointed star inside the cell at (x, y): the mark of a safe square.
function star(x, y) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? 0.34 : 0.15;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(x + 0.5 + radius * Math.cos(angle)).toFixed(3)},`
      + `${(y + 0.52 + radius * Math.sin(angle)).toFixed(3)}`);
  }
  return svg('polygon', { class: 'safe-mark', points: points.join(' ') });
}

// An arrow across a start square, pointing the way its pieces go.
function arrow(model, seat, sq) {
  const route = model.route(seat);
  const next = route?.[1] !== undefined ? model.squares.get(route[1]) : null;
  if (!next) return null;
  const dx = Math.sign(next.x - sq.x);
  const dy = Math.sign(next.y - sq.y);
  const cx = sq.x + 0.5;
  const cy = sq.y + 0.5;
  const tip = [cx + dx * 0.32, cy + dy * 0.32];
  const back = [cx - dx * 0.2, cy - dy * 0.2];
  const side = [-dy * 0.2, dx * 0.2];
  const corners = [tip, [back[0] + side[0], back[1] + side[1]], [back[0] - side[0], back[1] - side[1]]];
  return svg('polygon', { class: 'start-mark',
    points: corners.map((p) => p.map((v) => v.toFixed(3)).join(',')).join(' ') });
}

// The quarter turns (clockwise) that bring this person's own arm to the bottom of the board:
// their first seat's. A watcher, a replay, and a seat without an arm see the board unturned.
function turnsFor(view) {
  if (view.replay || ui.you?.watcher || !Array.isArray(ui.you?.seats) || ui.you.seats.length === 0) {
    return 0;
  }
  return modelFor(view).armOfSeat.get(ui.you.seats[0]) ?? 0;
}

// `board` turned clockwise by `turns` quarter turns about its middle: every square's cell and
// every corner, so that the pieces, the routes, the slides and the taps all turn with it.
function turnBoard(board, turns) {
  const mid = board.side / 2;
  const turn = (x, y) => {
    let [dx, dy] = [x - mid, y - mid];
    for (let i = 0; i < turns; i++) [dx, dy] = [-dy, dx];
    return [mid + dx, mid + dy];
  };
  const squares = (board.squares ?? []).map((sq) => {
    const [cx, cy] = turn(sq.x + 0.5, sq.y + 0.5);
    return { ...sq, x: Math.round(cx - 0.5), y: Math.round(cy - 0.5) };
  });
  const corners = (board.corners ?? []).map((k) => {
    const [cx, cy] = turn(k.x + k.size / 2, k.y + k.size / 2);
    return { ...k, x: cx - k.size / 2, y: cy - k.size / 2 };
  });
  return { ...board, squares, corners };
}

const turned = new WeakMap();

// The view as this person sees it: their arm at the bottom (`turn`: the quarter turns made).
export function turnedView(view) {
  const turns = turnsFor(view);
  if (turns === 0) return view;
  let byTurns = turned.get(view.board);
  if (!byTurns) {
    byTurns = new Map();
    turned.set(view.board, byTurns);
  }
  if (!byTurns.has(turns)) byTurns.set(turns, turnBoard(view.board, turns));
  return { ...view, turn: turns, board: byTurns.get(turns) };
}

export function drawBoard(shown) {
  const view = turnedView(shown);
  const board = view.board;
  const root = $('#board');
  const side = board.side;
  const model = modelFor(view);
  root.setAttribute('viewBox', `-0.1 -0.1 ${side + 0.2} ${side + 0.2}`);
  root.setAttribute('aria-label', view.ruleset?.title
    ? t('page-board-of', { title: rulesetTitle(view.ruleset.name, view.ruleset.title) })
    : t('page-board'));
  root.classList.toggle('nest', model.nest);
  root.dataset.turn = String(view.turn ?? 0);
  const { onSquare, offBoard } = pieceGroups(view);
  const mover = view.to_move;
  const over = view.phase === 'over' || Boolean(view.result);
  const moves = view.replay ? [] : (view.moves ?? []);
  const movable = new Set(moves.filter((m) => m.progress !== null).map((m) => m.progress));
  const canMove = (seat, progress) => !view.replay && view.awaiting === 'human'
    && seat === mover && mine(seat) && movable.has(progress);
  const sel = view.replay ? null : selectedMove();
  const last = view.last_move ?? null;
  const seatColours = (index) => colours(view.seats[index]?.colour);
  const nodes = [svg('rect', { class: 'cloth', x: -0.1, y: -0.1, width: side + 0.2,
    height: side + 0.2 })];
  if (!over && view.seats[mover]) {
    nodes.push(paint(svg('rect', { class: 'turn-frame', x: 0.02, y: 0.02, width: side - 0.04,
      height: side - 0.04, rx: 0.35 }), seatColours(mover)));
  }

  // Seats' corners: their waiting and finished pieces.
  for (const corner of board.corners ?? []) {
    const seat = view.seats[corner.seat];
    if (!seat) continue;
    const { x, y, size } = corner;
    const off = offBoard.get(corner.seat) ?? { waiting: [], home: [] };
    const active = mover === corner.seat && !over;
    const g = paint(svg('g', { class: `corner${active ? ' to-move' : ''}`,
      'data-corner': corner.seat }), seatColours(corner.seat));
    g.append(svg('rect', { class: 'corner-ground', x: x + 0.15, y: y + 0.15, width: size - 0.3,
      height: size - 0.3, rx: 0.4 }));
    const fs = 0.5;
    g.append(svg('text', { class: 'corner-title', x: x + 0.45, y: y + 0.95, 'font-size': fs },
      [`${seatLabel(seat, view)}${active ? ' ◀' : ''}`]));
    // Bigger corners (Pachisi's arms of eight) draw their pieces bigger too.
    const k = Math.min(1.4, Math.max(1, size / 6));
    const perRow = Math.max(1, Math.floor((size - 1) / k));
    const r = 0.36 * k;
    const drawRow = (pieces, top, label, where) => {
      g.append(svg('text', { class: 'corner-label', x: x + 0.45, y: top, 'font-size': fs * 0.72 },
        [`${label}${pieces.length === 0 ? ' –' : ''}`]));
      pieces.forEach((p, i) => {
        const cx = x + 0.5 + k * (0.5 + (i % perRow));
        const cy = top + 0.2 + k * (0.4 + Math.floor(i / perRow) * 0.85);
        const isMovable = where === 'waiting' && canMove(corner.seat, p.progress);
        const piece = drawPiece(view, corner.seat, p.progress, 1, cx, cy, r, where, isMovable);
        if (sel && sel.from === null && sel.progress === p.progress && corner.seat === mover
            && where === 'waiting' && i === 0) {
          piece.classList.add('selected');
        }
        g.append(piece);
      });
      return top + 0.2 + k * (0.4 + Math.ceil(Math.max(1, pieces.length) / perRow) * 0.85) + 0.1;
    };
    const next = drawRow(off.waiting, y + 1.9, t('page-corner-waiting'), 'waiting');
    drawRow(off.home, next, t('page-corner-home'), 'home');
    nodes.push(g);
  }

  // The centre: the Charkoni, or the home of rulesets that start in a nest, in the colours of
  // the seats whose home columns lead into it.
  const c = (side - 3) / 2;
  const centre = svg('g', { class: 'centre', 'data-centre': '', 'data-x': side / 2,
    'data-y': side / 2 });
  if (model.nest) {
    for (let arm = 0; arm < 4; arm++) {
      const seat = model.seatOfArm.get(arm);
      if (seat === undefined) continue;
      const points = model.centreTriangle(arm).map((p) => p.join(',')).join(' ');
      centre.append(paint(svg('polygon', { class: 'home-triangle', points }), seatColours(seat)));
    }
  }
  centre.append(svg('rect', { class: 'centre-cell', x: c + 0.04, y: c + 0.04, width: 2.92,
    height: 2.92, rx: 0.2 }));
  centre.append(svg('text', { x: c + 1.5, y: c + 1.5, 'font-size': 0.45 },
    [board.centre ? t('page-centre', { centre: board.centre }) : '']));
  if (last && last.to === null && last.from !== null) centre.classList.add('last');
  if (sel && sel.to === null && sel.progress !== null) {
    centre.classList.add('dest');
    centre.setAttribute('data-dest', '');
  }
  nodes.push(centre);

  // The squares, each with the pieces standing on it, so that a click on a piece is also a click
  // on its square.
  const startOf = new Map();
  for (const s of model.seats) {
    const start = model.startSquare(s);
    if (start !== null && start !== undefined) startOf.set(start, s);
  }
  for (const sq of board.squares) {
    const info = model.squares.get(sq.id);
    const armSeat = model.armSeat(sq.id);
    const start = startOf.get(sq.id);
    const lane = armSeat !== null && model.isLane(sq.id);
    const entrance = armSeat !== null && model.nest && info?.lat === 0 && info?.row === model.n;
    const classes = ['square'];
    if (sq.castle) classes.push('castle');
    if (lane) classes.push('lane');
    if (start !== undefined) classes.push('start');
    if (entrance) classes.push('entrance');
    const isDest = Boolean(sel) && sel.to === sq.id;
    if (isDest) classes.push('dest');
    const g = svg('g', { class: classes.join(' '), 'data-square': sq.id, 'data-name': sq.name,
      'data-dest': isDest ? '' : null, 'data-x': sq.x + 0.5, 'data-y': sq.y + 0.5 });
    const owner = start ?? (lane || entrance ? armSeat : null);
    if (owner !== null) paint(g, seatColours(owner));
    const kind = start !== undefined ? 'start' : lane ? (model.nest ? 'column' : 'lane')
      : entrance ? 'entrance' : 'plain';
    const belongs = start !== undefined ? start : armSeat;
    g.append(svg('title', {}, [t('page-square-title', { kind, safe: sq.castle ? 'yes' : 'no',
      colour: kind === 'plain' ? '' : colourName(view.seats[belongs]) })]));
    g.append(svg('rect', { class: 'cell', x: sq.x + 0.04, y: sq.y + 0.04, width: 0.92,
      height: 0.92, rx: 0.08 }));
    // A start square shows the way its pieces go; other safe squares a star (boards with nests)
    // or the cloth's cross (Pachisi).
    const way = start !== undefined ? arrow(model, start, sq) : null;
    if (way) {
      g.append(way);
    } else if (sq.castle && model.nest) {
      g.append(star(sq.x, sq.y));
    } else if (sq.castle) {
      g.append(svg('path', { class: 'castle-mark',
        d: `M${sq.x + 0.28} ${sq.y + 0.28}L${sq.x + 0.72} ${sq.y + 0.72}`
          + `M${sq.x + 0.72} ${sq.y + 0.28}L${sq.x + 0.28} ${sq.y + 0.72}` }));
    }
    const marks = [];
    if (last && (last.from === sq.id || last.to === sq.id)) marks.push('last');
    if (sel && sel.from === sq.id) marks.push('from');
    if (isDest) marks.push('dest');
    for (const m of marks) {
      g.append(svg('rect', { class: `hl ${m}`, x: sq.x + 0.04, y: sq.y + 0.04, width: 0.92,
        height: 0.92, rx: 0.08 }));
    }
    const groups = onSquare.get(sq.id) ?? [];
    const spots = groups.length === 1 ? [[0.5, 0.5]]
      : [[0.27, 0.27], [0.73, 0.73], [0.73, 0.27], [0.27, 0.73]];
    const r = groups.length === 1 ? 0.38 : 0.23;
    groups.forEach((group, i) => {
      const [dx, dy] = spots[i % spots.length];
      const piece = drawPiece(view, group.seat, group.progress, group.count, sq.x + dx, sq.y + dy,
        r, 'board', canMove(group.seat, group.progress));
      if (sel && sel.from === sq.id && sel.progress === group.progress && group.seat === mover) {
        piece.classList.add('selected');
      }
      g.append(piece);
    });
    nodes.push(g);
  }
  root.replaceChildren(...nodes);
  decorate(root, view, model);
}
