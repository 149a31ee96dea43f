// The games this browser created, with their host tokens, which let it delete them. Kept in
// localStorage: they outlive the tab.

const HOSTS_KEY = 'pachisi.hosts';

export function hostTokens() {
  try {
    const hosts = JSON.parse(window.localStorage.getItem(HOSTS_KEY) ?? '{}');
    return hosts && typeof hosts === 'object' ? hosts : {};
  } catch {
    return {};
  }
}

function store(hosts) {
  try {
    window.localStorage.setItem(HOSTS_KEY, JSON.stringify(hosts));
  } catch {
    // Storage may be full or refused: the game is played all the same, only not deletable here.
  }
}

export function rememberHost(id, token) {
  const hosts = hostTokens();
  hosts[id] = token;
  store(hosts);
}

export function forgetHost(id) {
  const hosts = hostTokens();
  delete hosts[id];
  store(hosts);
}
