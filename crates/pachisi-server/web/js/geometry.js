// The board's squares as the cross they lie on, and each seat's route along them.
//
// The board JSON (docs/api.md) gives each square's cell on a grid (arm 0 pointing down, the
// others counter-clockwise, the centre the 3×3 block in the middle), whether it is a castle, and
// each seat's corner beside its arm. It names no square's kind or owner, and gives neither a
// route's order, the direction of travel, nor where a piece enters. They are worked out here:
//
// - a square's arm, column and row from its cell; a seat's arm from its corner, which lies on the
//   right of someone looking out along the arm;
// - the track, lanes and routes as docs/notation.md lays them out ("Progress along a route"), for
//   every direction and entry square that could be;
// - of those, the ones that agree with every piece seen (its seat, progress and square) and with
//   the people's legal moves; until a piece says otherwise, travel goes the way the turn passes and
//   pieces enter on the first castle past their arm's end square.
//
// The result only draws (home columns, start squares) and animates; no rule is decided here.

// Arm 0 points down the grid (y grows downwards), then counter-clockwise as the eye sees it.
const OUT = [[0, 1], [1, 0], [0, -1], [-1, 0]];
// Left of someone looking out along the arm.
const LEFT = OUT.map(([ox, oy]) => [oy, -ox]);

const cellKey = (arm, lat, row) => `${arm}:${lat}:${row}`;

export class BoardModel {
  constructor(view) {
    const board = view.board;
    this.side = board.side;
    this.c = (board.side - 1) / 2;
    this.n = (board.side - 3) / 2;
    // Rulesets whose pieces wait in a nest call the centre their home; Pachisi's is the Charkoni.
    this.nest = board.centre !== 'Charkoni';
    this.squares = new Map();
    this.at = new Map();
    let complete = Number.isInteger(this.n) && this.n >= 2;
    for (const sq of board.squares ?? []) {
      const place = this.locate(sq.x, sq.y);
      const info = { id: sq.id, x: sq.x, y: sq.y, castle: Boolean(sq.castle), ...place };
      this.squares.set(sq.id, info);
      if (place.arm === null || this.at.has(cellKey(place.arm, place.lat, place.row))) {
        complete = false;
      } else {
        this.at.set(cellKey(place.arm, place.lat, place.row), sq.id);
      }
    }
    complete = complete && this.at.size === 4 * 3 * this.n;
    this.seatOfArm = new Map();
    this.armOfSeat = new Map();
    for (const corner of board.corners ?? []) {
      const arm = this.cornerArm(corner);
      if (arm === null) continue;
      this.armOfSeat.set(corner.seat, arm);
      this.seatOfArm.set(arm, corner.seat);
    }
    this.corners = new Map((board.corners ?? []).map((k) => [k.seat, k]));
    this.seats = [...this.armOfSeat.keys()].sort((a, b) => a - b);
    this.priorDir = this.turnDirection();
    this.cycles = new Map();
    this.seen = new Map();
    this.alive = complete ? this.hypotheses() : [];
    this.routes = new Map();
    this.choose();
  }

  // The arm, column (`lat`: 1 left, 0 middle, -1 right, looking out) and row (1 beside the
  // centre) of a cell; `arm` null for a cell off the arms.
  locate(x, y) {
    const dx = x - this.c;
    const dy = y - this.c;
    for (let arm = 0; arm < 4; arm++) {
      const [ox, oy] = OUT[arm];
      const [lx, ly] = LEFT[arm];
      const along = dx * ox + dy * oy;
      const lat = dx * lx + dy * ly;
      if (along >= 2 && Math.abs(lat) <= 1) return { arm, lat, row: along - 1 };
    }
    return { arm: null, lat: null, row: null };
  }

  // The arm a corner is beside: the one whose right-hand side it lies on.
  cornerArm(corner) {
    const mid = this.side / 2;
    const qx = Math.sign(corner.x + corner.size / 2 - mid);
    const qy = Math.sign(corner.y + corner.size / 2 - mid);
    for (let arm = 0; arm < 4; arm++) {
      const [ox, oy] = OUT[arm];
      const [lx, ly] = LEFT[arm];
      if (ox - lx === qx && oy - ly === qy) return arm;
    }
    return null;
  }

  // The way the turn passes round the arms: counter-clockwise (arm numbers going up) or
  // clockwise; counter-clockwise when it cannot be told (two seats).
  turnDirection() {
    const arms = this.seats.map((s) => this.armOfSeat.get(s));
    if (arms.length < 3) return 'ccw';
    return (arms[1] - arms[0] + 4) % 4 === 3 ? 'cw' : 'ccw';
  }

  square(arm, lat, row) {
    return this.at.get(cellKey(arm, lat, row));
  }

  endSquare(arm) {
    return this.square(arm, 0, this.n);
  }

  // The shared track in the direction of travel: out along each arm's right column, across its
  // end square and in along its left column, arm after arm (counter-clockwise); `merged` leaves
  // out each arm's first right-hand square (one square at each corner of the centre).
  cycle(dir, merged) {
    const name = `${dir}:${merged}`;
    if (!this.cycles.has(name)) {
      const track = [];
      for (let arm = 0; arm < 4; arm++) {
        for (let row = merged ? 2 : 1; row <= this.n; row++) track.push(this.square(arm, -1, row));
        track.push(this.endSquare(arm));
        for (let row = this.n; row >= 1; row--) track.push(this.square(arm, 1, row));
      }
      if (dir === 'cw') track.reverse();
      const index = new Map(track.map((sq, i) => [sq, i]));
      this.cycles.set(name, { track, index });
    }
    return this.cycles.get(name);
  }

  hypotheses() {
    const list = [];
    for (const dir of ['ccw', 'cw']) {
      for (const merged of [false, true]) {
        if (!this.nest) {
          list.push({ dir, merged, k: 0 });
          continue;
        }
        const { track } = this.cycle(dir, merged);
        for (let k = 1; k < track.length; k++) list.push({ dir, merged, k });
      }
    }
    return list;
  }

  routeLength(h) {
    const t = this.cycle(h.dir, h.merged).track.length;
    return this.nest ? t - h.k + this.n : t + 2 * this.n - 1;
  }

  // The square at `progress` (1 is the first square) of the route of the seat on `arm`.
  squareAt(h, arm, progress) {
    const { track, index } = this.cycle(h.dir, h.merged);
    const t = track.length;
    const n = this.n;
    const end = this.endSquare(arm);
    const e = index.get(end);
    let i = progress - 1;
    if (i < 0) return undefined;
    if (!this.nest) {
      if (i < n - 1) return this.square(arm, 0, i + 1);
      i -= n - 1;
      if (i < t) return track[(e + i) % t];
      i -= t;
    } else {
      const lap = t - h.k;
      if (i < lap) return track[(e + h.k + i) % t];
      i -= lap;
    }
    if (i === 0) return end;
    i -= 1;
    return i < n - 1 ? this.square(arm, 0, n - 1 - i) : undefined;
  }

  agrees(h, seat, progress, square) {
    const arm = this.armOfSeat.get(seat);
    return arm !== undefined && this.squareAt(h, arm, progress) === square;
  }

  // How likely a reading is before any piece says: travel the way the turn passes, pieces
  // entering on a castle as close past the end square as can be, the corners not merged.
  score(h) {
    let s = (h.dir === this.priorDir ? 0 : 10) + (h.merged ? 20 : 0);
    if (this.nest) {
      const { track, index } = this.cycle(h.dir, h.merged);
      const arm = this.armOfSeat.get(this.seats[0]) ?? 0;
      const entry = track[(index.get(this.endSquare(arm)) + h.k) % track.length];
      s += (this.squares.get(entry)?.castle ? 0 : 5) + h.k / 1000;
    }
    return s;
  }

  choose() {
    let best = null;
    let bestScore = Infinity;
    for (const h of this.alive) {
      const s = this.score(h);
      if (s < bestScore) {
        best = h;
        bestScore = s;
      }
    }
    if (best !== this.best) this.routes.clear();
    this.best = best;
  }

  // Learns from a state or replay frame: every piece on the board, and the squares the legal
  // moves start from and enter onto.
  observe(view) {
    const fresh = [];
    const note = (seat, progress, square) => {
      if (square === null || square === undefined || !(progress >= 1)) return;
      const k = `${seat}:${progress}`;
      if (this.seen.get(k) === square) return;
      this.seen.set(k, square);
      fresh.push([seat, progress, square]);
    };
    for (const p of view.pieces ?? []) {
      if (p.where === 'board') note(p.seat, p.progress, p.square);
    }
    for (const m of view.moves ?? []) {
      if (m.progress === 0) note(view.to_move, 1, m.to);
      else if (m.progress !== null) note(view.to_move, m.progress, m.from);
    }
    if (fresh.length === 0) return;
    this.alive = this.alive.filter((h) => fresh.every(([s, p, q]) => this.agrees(h, s, p, q)));
    this.choose();
  }

  // A seat's route as square ids (progress 1 first), or null when it cannot be told.
  route(seat) {
    if (!this.best) return null;
    if (!this.routes.has(seat)) {
      const arm = this.armOfSeat.get(seat);
      let r = null;
      if (arm !== undefined) {
        r = [];
        const length = this.routeLength(this.best);
        for (let p = 1; p <= length; p++) r.push(this.squareAt(this.best, arm, p));
      }
      this.routes.set(seat, r);
    }
    return this.routes.get(seat);
  }

  // The squares a piece of `seat` passes from `from` to `to` (square ids; `from` null: entering,
  // `to` null: going home) arriving at `progress`: the route between them, or just the two ends
  // when the route is not known or does not lead there.
  path(seat, from, to, progress) {
    const ends = [from, to].filter((s) => s !== null && s !== undefined);
    const r = this.route(seat);
    if (!r) return ends;
    const last = to === null ? r.length - 1 : progress - 1;
    if (last < 0 || last >= r.length || (to !== null && r[last] !== to)) return ends;
    if (from === null) return r.slice(0, last + 1).slice(-1);
    for (let i = last - 1; i >= 0; i--) {
      if (r[i] === from) return r.slice(i, last + 1);
    }
    return ends;
  }

  // The square a seat's pieces enter onto, on boards whose pieces wait in a nest.
  startSquare(seat) {
    if (!this.nest) return null;
    const r = this.route(seat);
    return r ? r[0] : null;
  }

  // The seat whose arm a square is on, if a seat has that arm.
  armSeat(id) {
    const sq = this.squares.get(id);
    return sq && sq.arm !== null ? this.seatOfArm.get(sq.arm) ?? null : null;
  }

  // Whether a square is on an arm's middle column short of its end: the owner's lane (the home
  // column of Ludo and Parcheesi).
  isLane(id) {
    const sq = this.squares.get(id);
    return Boolean(sq) && sq.lat === 0 && sq.row < this.n;
  }

  // The middle of a square's cell.
  centreOf(id) {
    const sq = this.squares.get(id);
    return sq ? [sq.x + 0.5, sq.y + 0.5] : null;
  }

  // The middle of the board.
  middle() {
    return [this.c + 0.5, this.c + 0.5];
  }

  // The triangle of the centre facing an arm: [[x, y], ...].
  centreTriangle(arm) {
    const [mx, my] = this.middle();
    const [ox, oy] = OUT[arm];
    const [lx, ly] = LEFT[arm];
    const ex = mx + ox * 1.5;
    const ey = my + oy * 1.5;
    return [[mx, my], [ex + lx * 1.5, ey + ly * 1.5], [ex - lx * 1.5, ey - ly * 1.5]];
  }
}

// One model per game or replay, learning as it goes; a few are kept.
const models = new Map();

export function modelFor(view) {
  // A board turned for a player (board.js) is a model of its own.
  const key = `${view.key}|${view.turn ?? 0}|${view.board.side}|${view.board.squares?.length}`;
  let model = models.get(key);
  if (!model) {
    model = new BoardModel(view);
    models.set(key, model);
    while (models.size > 4) models.delete(models.keys().next().value);
  }
  model.observe(view);
  return model;
}
