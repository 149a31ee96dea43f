// Requests to the server's JSON API (docs/api.md). Every error becomes an `ApiError` carrying the
// server's own words on an English page, and the kind of refusal in the page's language on another.

import { lang, t } from './i18n.js';
import { showError } from './messages.js';
import { hooks, ui } from './state.js';
import { secretFor } from './tokens.js';

export class ApiError extends Error {
  // `data`: the answer's JSON body, when it had one (a 409 carries the game's state).
  constructor(message, status, data = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

export async function api(method, path, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(t('page-error-unreachable', { error: err.message }), 0);
  }
  const type = response.headers.get('Content-Type') ?? '';
  let data;
  if (type.includes('json')) {
    data = await response.json().catch(() => null);
  } else {
    data = await response.text().catch(() => '');
  }
  if (!response.ok) {
    const said = data && typeof data === 'object' && typeof data.error === 'string' ? data.error : '';
    // The server's own words are English: a page in another language says the kind of refusal.
    const message = lang === 'en' ? said || t('page-error-status', { status: response.status,
      text: response.statusText }) : t('page-error-answer', { status: response.status });
    throw new ApiError(message, response.status, data && typeof data === 'object' ? data : null);
  }
  return data;
}

// The path of a game's resource: `gamePath(id, 'actions')`.
export function gamePath(id, rest = '') {
  return `/api/games/${encodeURIComponent(id)}${rest ? `/${rest}` : ''}`;
}

// `Authorization: Bearer SECRET` with what this browser holds for game `id` (a seat token or a
// watch code), or no header at all.
export function authFor(id) {
  const secret = secretFor(id);
  return secret ? { Authorization: `Bearer ${secret}` } : {};
}

// A request about game `id`, shown with this browser's secret for it: `gameApi('GET', id, 'room')`.
export function gameApi(method, id, rest, body) {
  return api(method, gamePath(id, rest), body, authFor(id));
}

// Runs `work` (a request) between `lock` and `unlock`, showing the server's refusal if there is
// one; the game page and the guided first game lock their controls alike.
export async function whileLocked(work, { lock, unlock }) {
  lock();
  try {
    return await work();
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err?.message ?? err));
    return undefined;
  } finally {
    unlock();
  }
}

// Runs a request that changes something, with the controls locked until it is answered so that
// a second click cannot send an action that is no longer due.
export function act(work) {
  return whileLocked(work, {
    lock() {
      ui.busy += 1;
      document.body.dataset.busy = 'true';
      hooks.renderControls();
    },
    unlock() {
      ui.busy -= 1;
      document.body.dataset.busy = ui.busy > 0 ? 'true' : 'false';
      hooks.renderControls();
    },
  });
}
