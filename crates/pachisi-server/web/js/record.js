// The game's record: downloaded as a file (fetched with this browser's token, since a record is
// for the game's players and watchers only), and the fair throws checked once the game is over
// (the server recomputes every throw from the revealed seed: docs/fair-throws.md).

import { act, api, authFor, gamePath } from './api.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { clearError } from './messages.js';
import { ui } from './state.js';

// The record of game `id`, as its players and watchers may fetch it.
export async function recordText(id) {
  const text = await api('GET', gamePath(id, 'record'), undefined, authFor(id));
  return typeof text === 'string' ? text : JSON.stringify(text);
}

export function download() {
  const game = ui.game;
  if (!game) return undefined;
  return act(async () => {
    const text = await recordText(game.id);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `pachisi-${game.id}.record`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    clearError();
  });
}

// What the check found, in a player's words.
function verdict(answer) {
  if (answer.ok) return t('page-verify-ok', { throws: answer.throws });
  const said = [t('page-verify-failed')];
  if (!answer.seed_matches_commitment) said.push(t('page-verify-seed-differs'));
  // The server's own words for each throw that differs.
  for (const m of (answer.mismatches ?? []).slice(0, 5)) {
    said.push(t('page-server-sentence', { text: m.description }));
  }
  if (answer.replay_error) said.push(t('page-verify-replay-error', { error: answer.replay_error }));
  return said.join(' ');
}

export function verifyThrows() {
  const game = ui.game;
  if (!game) return undefined;
  return act(async () => {
    const record = await recordText(game.id);
    const answer = await api('POST', '/api/verify', { record });
    const box = $('#verify-result');
    box.textContent = verdict(answer);
    box.dataset.ok = answer.ok ? 'true' : 'false';
    box.hidden = false;
    clearError();
  });
}

// The check is offered once a fair game is over and its seed revealed.
export function renderRecordTools(view) {
  const game = view && !view.replay ? view : null;
  const canVerify = Boolean(game?.fair?.server_seed);
  $('#verify').hidden = !canVerify;
  if (!canVerify || $('#verify-result').dataset.game !== game?.id) {
    $('#verify-result').hidden = true;
    $('#verify-result').dataset.game = game?.id ?? '';
  }
}
