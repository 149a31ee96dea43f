// What this browser keeps of its games, in localStorage so that it outlives the tab: for each
// game the secret it shows the server (a player's seat token, or a watch link's code), and the
// name its person chose last. A reload, a closed tab or a lost connection finds the seats again
// here; nothing else on the page, and nothing sent to other players, ever holds a token.

const GAMES_KEY = 'pachisi.games';
const NAME_KEY = 'pachisi.name';
// At most this many games are remembered; the oldest are forgotten first.
const KEPT = 50;

function read(key, fallback) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or refused: the game plays on, only a reload will not find it.
  }
}

// Every remembered game: `{ id: { secret, role: 'player' | 'watcher', saved } }`.
export function savedGames() {
  const games = read(GAMES_KEY, {});
  return games && typeof games === 'object' && !Array.isArray(games) ? games : {};
}

// The secret this browser shows for game `id`, or null.
export function secretFor(id) {
  const entry = savedGames()[id];
  return entry && typeof entry.secret === 'string' ? entry.secret : null;
}

export function isWatcher(id) {
  return savedGames()[id]?.role === 'watcher';
}

// Remembers `secret` for game `id`. A watch code never replaces a player's token.
export function rememberGame(id, secret, role) {
  const games = savedGames();
  if (role === 'watcher' && games[id]?.role === 'player') return;
  games[id] = { secret, role, saved: Date.now() };
  const ids = Object.keys(games).sort((a, b) => (games[b].saved ?? 0) - (games[a].saved ?? 0));
  for (const old of ids.slice(KEPT)) delete games[old];
  write(GAMES_KEY, games);
}

export function forgetGame(id) {
  const games = savedGames();
  delete games[id];
  write(GAMES_KEY, games);
}

// The name this browser's person chose last, for the next game.
export function savedName() {
  const name = read(NAME_KEY, '');
  return typeof name === 'string' ? name : '';
}

export function saveName(name) {
  write(NAME_KEY, name);
}

// A seed of this player's own for fair throws (docs/fair-throws.md): 128 bits from the
// browser's cryptographic generator, as hex.
export function newPlayerSeed() {
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
