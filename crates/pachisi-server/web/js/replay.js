// The replay viewer: a record file (or a finished game's record) sent to the server, its frames
// stepped through on the board (buttons, or ← → Home End).

import { act, api, ApiError } from './api.js';
import { $, focusFirst } from './dom.js';
import { t } from './i18n.js';
import { clearError, showError } from './messages.js';
import { clearEffects, noteChange } from './motion.js';
import { frameView, hooks, ui } from './state.js';

let serial = 0;

// Each frame of a replay says what changed since the one before (docs/api.md): the pieces that
// moved, the last throw and move when they changed. Rebuilt here into whole frames.
function expandFrames(changes) {
  let pieces = [];
  let lastThrow = null;
  let lastMove = null;
  return changes.map((f) => {
    const next = pieces.slice();
    for (const p of f.pieces ?? []) {
      const i = next.findIndex((q) => q.seat === p.seat && q.piece === p.piece);
      if (i < 0) next.push(p);
      else next[i] = p;
    }
    pieces = next;
    if ('last_throw' in f) lastThrow = f.last_throw;
    if ('last_move' in f) lastMove = f.last_move;
    return { action: f.action, pieces, last_throw: lastThrow, last_move: lastMove, phase: f.phase,
      to_move: f.to_move, thrower: f.thrower ?? null, log: f.log };
  });
}

// Opens `text`, a record named `name`, in the replay viewer at its last step. Throws the
// server's refusal; the caller shows it (inside `act`).
export async function openReplay(text, name) {
  const data = await api('POST', '/api/replay', { record: text });
  if (!data || !Array.isArray(data.frames) || data.frames.length === 0) {
    throw new ApiError(t('page-error-replay-frames'), 0);
  }
  clearError();
  clearEffects();
  const frames = expandFrames(data.frames);
  serial += 1;
  // The record is kept for its analysis (analysis.js), asked for only when wanted.
  ui.replay = { data, frames, frame: frames.length - 1, name, serial, record: text,
    analysis: null };
  ui.throwKey = null;
  hooks.showNewGame(false);
  hooks.render();
  focusFirst('#replay-next', '#replay-close');
  return ui.replay;
}

async function replayFile() {
  const input = $('#replay-file');
  const file = input.files?.[0];
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch (err) {
    showError(t('page-error-read-file', { name: file.name, error: err.message }));
    return;
  }
  await act(() => openReplay(text, file.name));
  input.value = '';
}

export function stepReplay(to) {
  const replay = ui.replay;
  if (!replay) return;
  const last = replay.frames.length - 1;
  const frame = Math.max(0, Math.min(last, to));
  if (frame === replay.frame) return;
  // A step forwards is shown as it happened; other jumps just show the frame.
  if (frame === replay.frame + 1) noteChange(frameView(replay, replay.frame), frameView(replay, frame));
  replay.frame = frame;
  hooks.render();
}

export function closeReplay(redraw = true) {
  if (!ui.replay) return;
  ui.replay = null;
  ui.throwKey = null;
  clearEffects();
  if (!redraw) return;
  if (!ui.game) hooks.showNewGame(true);
  hooks.render();
  // Back where the replay was opened from: the game's tools, or the new game panel.
  focusFirst('#analyse-game', '#throw', '#board', '#ruleset');
}

export function renderReplayControls() {
  const controls = $('#replay-controls');
  $('#replay-view').hidden = !ui.replay;
  if (!ui.replay) {
    controls.hidden = true;
    return;
  }
  controls.hidden = false;
  const { frames, frame, name } = ui.replay;
  const last = frames.length - 1;
  $('#replay-frame').textContent = t('page-replay-step', { name, step: frame, last });
  $('#replay-frame').dataset.frame = frame;
  $('#replay-prev').disabled = frame === 0;
  $('#replay-start').disabled = frame === 0;
  $('#replay-next').disabled = frame === last;
  $('#replay-end').disabled = frame === last;
  $('#replay-close').textContent = ui.game ? t('page-back-to-game') : t('page-replay-close');
}

export function wireReplay() {
  $('#replay-file').addEventListener('change', replayFile);
  $('#replay-prev').addEventListener('click', () => stepReplay((ui.replay?.frame ?? 0) - 1));
  $('#replay-next').addEventListener('click', () => stepReplay((ui.replay?.frame ?? 0) + 1));
  $('#replay-start').addEventListener('click', () => stepReplay(0));
  $('#replay-end').addEventListener('click', () => stepReplay(Number.MAX_SAFE_INTEGER));
  $('#replay-close').addEventListener('click', () => closeReplay());
}
