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
//   new-game.js    the new game panel, this browser's games and the lobby; replay.js the
//                  replay viewer; analysis.js a record's analysis in it (analysis-graph.js
//                  its graph of the winning chances)
//   join.js        invitation and watch links; room.js invitations, options, hand-over;
//                  chat.js the chat; record.js the record's download and the throws' check;
//                  clock.js the turn's clock, "I'm back" and the rematch
//   tokens.js      the seat tokens this browser keeps; learn-tips.js the tips of the first
//                  game after /learn (the page /learn itself is learn.js)
//   seats.js       seats and teams by colour and name; sound.js the optional sound; dom.js,
//                  messages.js small helpers

import { renderAnalysis, wireAnalysis } from './js/analysis.js';
import { drawBoard } from './js/board.js';
import { boardClicked } from './js/board-input.js';
import { chatEvents, renderChat, wireChat } from './js/chat.js';
import { renderAway, renderClock, renderRematch, wireClock } from './js/clock.js';
import { sendAction } from './js/connection.js';
import { $ } from './js/dom.js';
import { announceChange, wireAnnouncements } from './js/announce.js';
import { renderBoardWords, wireBoardWords } from './js/board-words.js';
import { t, wireLanguage } from './js/i18n.js';
import { followLink, wireJoin } from './js/join.js';
import { keyPressed } from './js/keys.js';
import { wireTips } from './js/learn-tips.js';
import { clearError, hideWhy } from './js/messages.js';
import { fitMoves, renderMoves, showHint } from './js/moves.js';
import { loadRulesets, openSavedGame, showNewGame, wireNewGame } from './js/new-game.js';
import { renderControls, renderLegend, renderLog, renderStatus, renderTeams } from './js/panel.js';
import { download, renderRecordTools, verifyThrows } from './js/record.js';
import { renderReplayControls, wireReplay } from './js/replay.js';
import { renderRoom, roomEvents } from './js/room.js';
import { wireSound } from './js/sound.js';
import { currentView, hooks, humanMoveDue, humanThrowDue, ui } from './js/state.js';
import { renderThrow } from './js/throw-view.js';
import { rulesetTitle } from './js/words.js';

function render() {
  const view = currentView();
  const body = document.body;
  $('#no-board').hidden = Boolean(view);
  // An SVG element has no `hidden` property; the attribute is what the style sheet reads.
  $('#board').toggleAttribute('hidden', !view);
  $('#play').hidden = !view;
  $('#more').hidden = !view;
  $('#moves-box').hidden = !view || view.replay || !humanMoveDue();
  const title = rulesetTitle(view?.ruleset?.name, view?.ruleset?.title) || t('page-title');
  $('#game-name').textContent = title;
  $('#how-to-play').hidden = !view?.ruleset?.name;
  if (view?.ruleset?.name) $('#how-to-play').href = `/rules/${encodeURIComponent(view.ruleset.name)}`;
  document.title = title;
  // Who this browser is here: a watcher sees the game and no player's controls.
  const watching = Boolean(view && !view.replay && ui.you?.watcher);
  $('#watching').hidden = !watching;
  renderRoom(view);
  renderChat(view);
  renderBoardWords();
  renderLegend(view);
  renderRecordTools(view);
  renderClock(view);
  renderAway(view);
  renderRematch(view);
  if (!view) {
    body.dataset.phase = 'none';
    body.dataset.mode = 'none';
    renderControls();
    renderReplayControls();
    renderAnalysis(null);
    body.dataset.analysis = '';
    return;
  }
  body.dataset.phase = view.phase ?? '';
  body.dataset.awaiting = view.awaiting ?? '';
  body.dataset.toMove = view.to_move ?? '';
  body.dataset.actions = view.replay ? '' : String(view.actions);
  body.dataset.mode = view.replay ? 'replay' : 'game';
  body.dataset.started = view.room?.started === false ? 'false' : 'true';
  body.dataset.role = view.replay ? '' : ui.you?.watcher ? 'watcher' : ui.you ? 'player' : '';
  drawBoard(view);
  renderStatus(view);
  renderTeams(view);
  renderThrow(view);
  renderMoves(view);
  renderLog(view);
  renderControls();
  renderReplayControls();
  // After the log and the controls: it marks the log's moves and shows the Analyse buttons.
  renderAnalysis(view);
  body.dataset.analysis = view.replay && ui.replay?.analysis ? 'open' : '';
}

// "Reconnecting…" while the game's connection is lost (the page tries again by itself).
function renderConnection() {
  const status = ui.game ? ui.connection : null;
  const box = $('#connection');
  box.textContent = status === 'reconnecting' ? t('page-connection-lost')
    : status === 'closed' ? t('page-connection-closed') : '';
  box.hidden = !box.textContent;
  document.body.dataset.connection = status ?? '';
}

function wire() {
  hooks.render = render;
  hooks.renderControls = renderControls;
  hooks.showNewGame = showNewGame;
  hooks.renderConnection = renderConnection;
  hooks.events = (events, history) => {
    chatEvents(events, history);
    roomEvents(events);
  };
  wireNewGame();
  wireJoin();
  wireLanguage();
  wireAnnouncements();
  wireBoardWords();
  hooks.announce = announceChange;
  wireChat();
  wireClock();
  wireReplay();
  wireAnalysis();
  wireSound($('#sound'));
  $('#board').addEventListener('click', boardClicked);
  $('#throw').addEventListener('click', () => {
    if (humanThrowDue()) sendAction({ action: 'throw' });
  });
  $('#hint').addEventListener('click', showHint);
  $('#undo').addEventListener('click', () => {
    if (ui.game?.can_undo) sendAction({ action: 'undo' });
  });
  $('#download').addEventListener('click', download);
  $('#verify').addEventListener('click', verifyThrows);
  $('#error').addEventListener('click', clearError);
  $('#why').addEventListener('click', hideWhy);
  document.addEventListener('keydown', keyPressed);
  window.addEventListener('resize', fitMoves);
}

async function main() {
  wire();
  // The first game after /learn tells what happens (after the hooks are set, it follows them).
  wireTips();
  render();
  await loadRulesets();
  const match = /^#game=(.+)$/.exec(window.location.hash);
  if (await followLink(window.location.hash)) {
    // An invitation or a watch link: join.js shows what it asks.
  } else if (match) {
    await openSavedGame(decodeURIComponent(match[1]));
    if (!ui.game) showNewGame(true);
  } else {
    showNewGame(true);
  }
  document.body.dataset.ready = 'true';
}

main();
