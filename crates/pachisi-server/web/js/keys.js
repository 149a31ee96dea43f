// The keyboard: Space or Enter throws (or plays the selected move), 1-9 play a listed move, ↑ ↓
// select one, p passes, h asks for a hint, u undoes, / puts the focus in the question field
// about the game, w says why the pieces that cannot move cannot; in the replay viewer ← → Home End step, a analyses the record and Esc closes
// it.

import { analyseReplay } from './analysis.js';
import { sayWhyNot } from './board-words.js';
import { sendAction } from './connection.js';
import { $ } from './dom.js';
import { passMove, playMove, select, showHint } from './moves.js';
import { closeReplay, stepReplay } from './replay.js';
import { humanMoveDue, humanThrowDue, selectedMove, ui } from './state.js';

export function keyPressed(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const tag = target?.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  // A focused button already answers Enter and Space itself.
  const onButton = tag === 'button' || tag === 'a' || tag === 'summary';
  if (!$('#new-game').hidden && $('#new-game').contains(target)) return;

  if (ui.replay) {
    const { frame, frames } = ui.replay;
    const moves = { ArrowRight: frame + 1, ArrowLeft: frame - 1, Home: 0,
      End: frames.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      stepReplay(moves[event.key]);
    } else if (event.key === 'Escape') {
      closeReplay();
    } else if (event.key === 'a') {
      analyseReplay();
    }
    return;
  }
  const game = ui.game;
  if (!game) return;
  const key = event.key;
  // / asks about the game (board-words.js): the question field, by the keyboard alone.
  if (key === '/' && $('#ask')) {
    event.preventDefault();
    $('#ask').focus();
    return;
  }
  // w: why the person's pieces that cannot move cannot, said where the questions are answered.
  if (key === 'w') {
    sayWhyNot();
    return;
  }
  if (ui.busy > 0) return;
  if ((key === 'Enter' || key === ' ') && !onButton) {
    event.preventDefault();
    if (humanThrowDue()) sendAction({ action: 'throw' });
    else {
      const move = selectedMove();
      if (move) playMove(move);
    }
    return;
  }
  if (/^[1-9]$/.test(key) && humanMoveDue()) {
    const move = game.moves[Number(key) - 1];
    if (move) {
      event.preventDefault();
      select(move.index);
      playMove(move);
    }
    return;
  }
  if ((key === 'ArrowDown' || key === 'ArrowUp') && humanMoveDue()) {
    event.preventDefault();
    const n = game.moves.length;
    const at = ui.selected ?? (key === 'ArrowDown' ? -1 : 0);
    ui.clickedPiece = null;
    select((at + (key === 'ArrowDown' ? 1 : n - 1)) % n);
    return;
  }
  if (key === 'p' && humanMoveDue()) {
    const pass = passMove();
    if (pass) playMove(pass);
  } else if (key === 'h' && humanMoveDue()) {
    showHint();
  } else if (key === 'u' && game.can_undo) {
    sendAction({ action: 'undo' });
  }
}
