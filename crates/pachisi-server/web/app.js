// The page of `pachisi serve`: shows the state the server sends and sends back what a person
// chose. Every rule lives in the server (docs/api.md); nothing here decides whether a move is
// legal, only which of the server's legal moves a click or a key means.
//
// This file wires the modules of js/ together:
//   state.js       what the page holds, and the view every drawing reads
//   api.js         requests to the server; connection.js the game's WebSocket and states
//   board.js       the board (its SVG's style in board-style.js); geometry.js its squares and
//                  routes; motion.js slides and marks
//   board-input.js taps on the board; moves.js the moves and hints; keys.js the keyboard
//   throw-view.js  the last throw; panel.js turn, seats, log and buttons; words.js what they say
//   new-game.js    the new game panel and the games list; replay.js the replay viewer
//   seats.js       seats and teams by colour; sound.js the optional sound; dom.js, messages.js,
//                  hosts.js small helpers

import { drawBoard } from './js/board.js';
import { boardClicked } from './js/board-input.js';
import { sendAction } from './js/connection.js';
import { $ } from './js/dom.js';
import { keyPressed } from './js/keys.js';
import { clearError, hideWhy } from './js/messages.js';
import { fitMoves, renderMoves, showHint } from './js/moves.js';
import { loadRulesets, openSavedGame, showNewGame, wireNewGame } from './js/new-game.js';
import { renderControls, renderLog, renderStatus, renderTeams } from './js/panel.js';
import { renderReplayControls, wireReplay } from './js/replay.js';
import { wireSound } from './js/sound.js';
import { currentView, hooks, humanThrowDue, ui } from './js/state.js';
import { renderThrow } from './js/throw-view.js';

function render() {
  const view = currentView();
  const body = document.body;
  $('#no-board').hidden = Boolean(view);
  // An SVG element has no `hidden` property; the attribute is what the style sheet reads.
  $('#board').toggleAttribute('hidden', !view);
  $('#play').hidden = !view;
  $('#more').hidden = !view;
  $('#moves-box').hidden = !view || view.replay || view.moves.length === 0;
  const title = view?.ruleset?.title || 'Pachisi';
  $('#game-name').textContent = title;
  document.title = title;
  if (!view) {
    body.dataset.phase = 'none';
    body.dataset.mode = 'none';
    renderControls();
    renderReplayControls();
    return;
  }
  body.dataset.phase = view.phase ?? '';
  body.dataset.awaiting = view.awaiting ?? '';
  body.dataset.toMove = view.to_move ?? '';
  body.dataset.actions = view.replay ? '' : String(view.actions);
  body.dataset.mode = view.replay ? 'replay' : 'game';
  drawBoard(view);
  renderStatus(view);
  renderTeams(view);
  renderThrow(view);
  renderMoves(view);
  renderLog(view);
  renderControls();
  renderReplayControls();
}

function wire() {
  hooks.render = render;
  hooks.renderControls = renderControls;
  hooks.showNewGame = showNewGame;
  wireNewGame();
  wireReplay();
  wireSound($('#sound'));
  $('#board').addEventListener('click', boardClicked);
  $('#throw').addEventListener('click', () => {
    if (humanThrowDue()) sendAction({ action: 'throw' });
  });
  $('#hint').addEventListener('click', showHint);
  $('#undo').addEventListener('click', () => {
    if (ui.game?.can_undo) sendAction({ action: 'undo' });
  });
  $('#error').addEventListener('click', clearError);
  $('#why').addEventListener('click', hideWhy);
  document.addEventListener('keydown', keyPressed);
  window.addEventListener('resize', fitMoves);
}

async function main() {
  wire();
  render();
  await loadRulesets();
  const match = /^#game=(.+)$/.exec(window.location.hash);
  if (match) {
    await openSavedGame(decodeURIComponent(match[1]));
    if (!ui.game) showNewGame(true);
  } else {
    showNewGame(true);
  }
  document.body.dataset.ready = 'true';
}

main();
