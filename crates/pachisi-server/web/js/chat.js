// The chat beside the game: the table's line (the people playing, under their names) and the
// watchers' line, from the game's events. Every name and line is put in as text, never markup.

import { act, gameApi } from './api.js';
import { $, html } from './dom.js';
import { t } from './i18n.js';
import { clearError } from './messages.js';
import { againstBotsOnly } from './seats.js';
import { ui } from './state.js';
import { saveName, savedName } from './tokens.js';

// The most lines the page keeps on screen; older ones are dropped from view (the game keeps them).
const SHOWN = 200;

// The name and the words each run in their own direction (`dir="auto"` isolates them), so that
// a right-to-left name or line reads as written and changes nothing around it.
function line(event) {
  const watchers = event.line === 'watchers';
  return html('li', { class: watchers ? 'watchers' : 'table' }, [
    html('strong', { class: 'speaker', dir: 'auto', text: String(event.name ?? '') }),
    ...(watchers ? [' ', html('span', { class: 'line-kind', text: t('page-chat-watching') })] : []),
    ': ',
    html('span', { class: 'said', dir: 'auto', text: String(event.text ?? '') }),
  ]);
}

// Takes the chat lines among `events`; `history` starts the list afresh (a game just opened).
export function chatEvents(events, history) {
  const list = $('#chat');
  if (history) list.replaceChildren();
  for (const event of events) {
    if (event.kind === 'chat') list.append(line(event));
  }
  while (list.childElementCount > SHOWN) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

export function renderChat(view) {
  const box = $('#chat-box');
  // Against bots only, the chat has nobody to read it (unless a watcher already spoke).
  const alone = againstBotsOnly(view) && !ui.you?.watcher && $('#chat').childElementCount === 0;
  const live = Boolean(view && !view.replay && ui.you) && !alone;
  box.hidden = !live;
  if (!live) return;
  const watcher = Boolean(ui.you.watcher);
  const name = $('#chat-name');
  name.hidden = !watcher;
  if (watcher && !name.value) name.value = savedName();
}

async function send(event) {
  event.preventDefault();
  const game = ui.game;
  const input = $('#chat-text');
  const text = input.value.trim();
  if (!game || !text) return;
  const body = { text };
  if (ui.you?.watcher) {
    const name = $('#chat-name').value.trim() || t('page-chat-default-name');
    body.name = name;
    saveName(name);
  }
  await act(async () => {
    await gameApi('POST', game.id, 'chat', body);
    clearError();
    input.value = '';
  });
}

export function wireChat() {
  $('#chat-form').addEventListener('submit', send);
}
