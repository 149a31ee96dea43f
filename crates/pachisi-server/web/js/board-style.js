// The board's own style: the rules of the SVG that board.js draws (squares in their seats'
// colours, pieces, highlights, the marks of motion.js), kept with the code that draws it and
// adopted by the document as a constructed style sheet beside style.css, which lays out the page.

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
#board .cloth {
  fill: var(--cloth);
}

#board .turn-frame {
  fill: none;
  stroke: var(--seat);
  stroke-width: 0.22;
}

#board .corner-ground {
  fill: var(--seat);
  fill-opacity: 0.2;
  stroke: #6b5a3e;
  stroke-width: 0.04;
}

#board.nest .corner-ground {
  fill-opacity: 0.3;
}

#board .corner.to-move .corner-ground {
  fill-opacity: 0.45;
  stroke: var(--seat);
  stroke-width: 0.16;
}

#board text {
  font-family: system-ui, sans-serif;
  pointer-events: none;
}

/* The corners' words over the seat's colour, which pulses on its turn: a light halo keeps them
   readable over every colour and every moment of the pulse. */
#board .corner-title,
#board .corner-label {
  paint-order: stroke;
  stroke: #fffdf6;
  stroke-width: 0.08;
  stroke-linejoin: round;
}

#board .corner-title {
  font-weight: 700;
  fill: var(--ink);
}

#board .corner-label {
  fill: #3d352b;
}

#board .centre-cell {
  fill: #d6c39c;
  stroke: var(--square-line);
  stroke-width: 0.05;
}

#board.nest .centre-cell {
  fill: transparent;
}

#board .home-triangle {
  fill: var(--seat);
  stroke: #5a4526;
  stroke-width: 0.04;
}

#board .centre text {
  text-anchor: middle;
  dominant-baseline: central;
  font-weight: 700;
  fill: #5a4526;
}

#board.nest .centre text {
  fill: #fff;
  paint-order: stroke;
  stroke: #3d352b;
  stroke-width: 0.08;
}

#board .centre.last .centre-cell {
  fill: var(--last);
  fill-opacity: 0.7;
}

#board .centre.dest .centre-cell {
  fill: var(--select);
  fill-opacity: 0.8;
  stroke: var(--dest);
  stroke-width: 0.12;
}

#board .centre.dest {
  cursor: pointer;
}

#board .square .cell {
  fill: var(--square);
  stroke: var(--square-line);
  stroke-width: 0.04;
}

/* Castles yield to the colours of squares that belong to a seat. */
#board :where(.square.castle) .cell {
  fill: var(--castle);
}

#board.nest :where(.square.castle) .cell {
  fill: #ece4d2;
}

/* Squares that belong to a seat, in its colour: the home column (Pachisi's lane lightly), the
   start square, the way into the home column. */
#board .square.lane .cell {
  fill: color-mix(in srgb, var(--seat) 78%, #fff);
}

#board:not(.nest) .square.lane .cell {
  fill: color-mix(in srgb, var(--seat) 22%, var(--square));
}

#board .square.entrance .cell {
  fill: color-mix(in srgb, var(--seat) 35%, #fff);
}

#board .square.start .cell {
  fill: var(--seat);
}

#board .start-mark {
  fill: var(--seat-ink, #fff);
  pointer-events: none;
}

#board .safe-mark {
  fill: #fffdf6;
  stroke: #6b5a3e;
  stroke-width: 0.04;
  pointer-events: none;
}

#board .square.start .safe-mark {
  fill: var(--seat-ink, #fff);
}

#board .castle-mark {
  stroke: var(--castle-mark);
  stroke-width: 0.07;
  stroke-linecap: round;
  opacity: 0.55;
  pointer-events: none;
}

#board .hl {
  pointer-events: none;
}

#board .hl.last {
  fill: var(--last);
  fill-opacity: 0.6;
}

#board .hl.from {
  fill: #c6e6c6;
  fill-opacity: 0.8;
}

#board .hl.dest {
  fill: var(--select);
  fill-opacity: 0.85;
  stroke: var(--dest);
  stroke-width: 0.12;
}

#board .square.dest {
  cursor: pointer;
}

#board .piece .body {
  stroke-width: 0.05;
}

#board .piece .letter {
  text-anchor: middle;
  dominant-baseline: central;
  font-weight: 700;
}

#board .piece .badge {
  fill: #fff;
  stroke: #111;
  stroke-width: 0.03;
}

#board .piece .badge-text {
  text-anchor: middle;
  dominant-baseline: central;
  font-weight: 700;
  fill: #111;
}

#board .piece.movable {
  cursor: pointer;
}

#board .piece.moving {
  pointer-events: none;
}

#board .piece .ring {
  fill: #fff;
  fill-opacity: 0.55;
  stroke: var(--dest);
  stroke-width: 0.09;
  stroke-dasharray: 0.18 0.1;
}

#board .piece.selected .ring {
  stroke: #0b5fd1;
  stroke-dasharray: none;
  stroke-width: 0.12;
}

#board .capture-mark {
  pointer-events: none;
}

#board .capture-mark .burst {
  fill: rgba(179, 38, 30, 0.15);
  stroke: #b3261e;
  stroke-width: 0.1;
}

#board .capture-mark .cross {
  stroke: #b3261e;
  stroke-width: 0.12;
  stroke-linecap: round;
}

@media (prefers-reduced-motion: no-preference) {
  #board .piece.movable .ring {
    animation: march 1.2s linear infinite;
  }

  #board .hl.dest,
  #board .centre.dest .centre-cell {
    animation: glow 1s ease-in-out infinite alternate;
  }

  #board .corner.to-move .corner-ground {
    animation: beat 1.6s ease-in-out infinite alternate;
  }

  #board .capture-mark {
    transform-box: fill-box;
    transform-origin: center;
    animation: burst 1.4s ease-out both;
  }
}

@keyframes march {
  to {
    stroke-dashoffset: -0.56;
  }
}

@keyframes glow {
  from {
    fill-opacity: 0.9;
  }
  to {
    fill-opacity: 0.5;
  }
}

@keyframes beat {
  from {
    fill-opacity: 0.3;
  }
  to {
    fill-opacity: 0.55;
  }
}

@keyframes burst {
  0% {
    opacity: 0;
    transform: scale(0.3);
  }
  15% {
    opacity: 1;
    transform: scale(1.2);
  }
  30% {
    transform: scale(1);
  }
  80% {
    opacity: 1;
  }
  100% {
    opacity: 0;
  }
}
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
