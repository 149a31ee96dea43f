// The links a person is sent: `#join=ID.CODE` (an invitation: choose a name, take the seat) and
// `#watch=ID.CODE` (the watch link: follow the game). The code sits after `#`, so it never reaches
// a server's log; once the seat is taken (or the watch code kept) the address becomes the game's.

import { act, api, ApiError, authFor, gamePath } from './api.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { clearError, showError } from './messages.js';
import { openGame, openSavedGame, showNewGame } from './new-game.js';
import { capital, colourName } from './seats.js';
import { ui } from './state.js';
import { newPlayerSeed, rememberGame, saveName, savedName } from './tokens.js';
import { rulesetTitle } from './words.js';

// The game and code of a link's fragment: `#join=ID.CODE` gives `{ kind: 'join', id, code }`.
export function parseLink(hash) {
  const match = /^#(join|watch)=([^.]+)\.(.+)$/.exec(hash);
  if (!match) return null;
  try {
    return { kind: match[1], id: decodeURIComponent(match[2]), code: decodeURIComponent(match[3]) };
  } catch {
    return null;
  }
}

let pending = null;

function showJoin(show) {
  $('#join').hidden = !show;
  document.body.dataset.panel = show ? 'join' : document.body.dataset.panel;
}

async function take(event) {
  event.preventDefault();
  if (!pending) return;
  const name = $('#join-name').value.trim();
  if (!name) {
    showError(t('page-join-need-name'));
    return;
  }
  const { id, code } = pending;
  await act(async () => {
    // A person already at this table (another seat of theirs) shows their token and takes this
    // seat too; anyone else becomes a new person with a token of their own.
    const state = await api('POST', gamePath(id, 'join'),
      { invite: code, name, seed: newPlayerSeed() }, authFor(id));
    saveName(name);
    if (typeof state.token === 'string') rememberGame(id, state.token, 'player');
    delete state.token;
    pending = null;
    showJoin(false);
    clearError();
    openGame(state);
  });
}

// What the invitation is for, asked of the server with its code: "Asha invites you to play Green
// in a game of Ludo.", and the rules' page. Said plainly when the invitation was used.
async function describeInvitation(link) {
  const about = $('#join-about');
  const heading = $('#join-heading');
  heading.textContent = t('page-join-heading');
  about.textContent = '';
  $('#join-rules').hidden = true;
  let invitation;
  try {
    invitation = await api('GET', gamePath(link.id, 'invitation'), undefined,
      { Authorization: `Bearer ${link.code}` });
  } catch (err) {
    if (pending !== link) return;
    // An invitation used or cancelled: the server's reason, and what to do.
    about.textContent = err instanceof ApiError && err.status === 409
      ? t('page-join-used', { reason: capital(err.message) }) : t('page-join-not-found');
    return;
  }
  if (pending !== link || !invitation || typeof invitation !== 'object') return;
  const title = rulesetTitle(String(invitation.ruleset ?? ''), String(invitation.title ?? ''))
    || t('page-title');
  const colour = colourName({ colour: invitation.colour, seat: Number(invitation.seat) });
  const host = typeof invitation.host === 'string' && invitation.host ? invitation.host : null;
  heading.textContent = t('page-join-heading-game', { title });
  about.textContent = t('page-join-about', { from: host ? 'host' : 'none', host: host ?? '', colour,
    title });
  if (typeof invitation.ruleset === 'string' && invitation.ruleset) {
    $('#join-rules-link').setAttribute('href', `/rules/${encodeURIComponent(invitation.ruleset)}`);
    $('#join-rules-link').textContent = t('page-how-to-play-game', { title });
    $('#join-rules').hidden = false;
  }
}

// Opens the link in the address, if there is one: true when it did.
export async function followLink(hash) {
  const link = parseLink(hash);
  if (!link) return false;
  if (link.kind === 'watch') {
    rememberGame(link.id, link.code, 'watcher');
    history.replaceState(null, '', `#game=${encodeURIComponent(link.id)}`);
    await openSavedGame(link.id);
    if (!ui.game) showNewGame(true);
    return true;
  }
  // The invitation stays in the address until the seat is taken, so that a reload still has it.
  pending = link;
  showNewGame(false);
  $('#join-name').value = savedName();
  showJoin(true);
  $('#join-name').focus();
  await describeInvitation(link);
  return true;
}

export function wireJoin() {
  $('#join-form').addEventListener('submit', take);
  $('#join-cancel').addEventListener('click', () => {
    pending = null;
    showJoin(false);
    showNewGame(true);
  });
  window.addEventListener('hashchange', () => {
    followLink(window.location.hash).catch((err) => {
      showError(err instanceof ApiError ? err.message : String(err?.message ?? err));
    });
  });
}
