// Headless Chromium as every browser script here starts it: Debian's /usr/bin/chromium (or
// $CHROMIUM) driven by playwright-core, which downloads no browser, in a throwaway profile.

import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Starts Chromium with `options` (viewport, downloads) added; `close()` ends it and removes
// its profile.
export async function launch(name, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), `pachisi-${name}-chromium-`));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      timeout: 60_000,
      ...options,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const close = async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    };
    return { context, page, close };
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
}

// Records in `errors` every console error, page error and failed request of `page`, and every
// request that `allowed(url)` refuses, with `outside` saying what such a request went beyond.
export function collectErrors(page, errors, allowed, outside) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) =>
    errors.push(`request failed: ${req.url()} (${req.failure()?.errorText ?? 'unknown'})`),
  );
  page.on('request', (req) => {
    if (!allowed(req.url())) errors.push(`the page asked for something ${outside}: ${req.url()}`);
  });
}

// The server a script drives, from its URL argument (`usage` is printed and the script exits
// with status 2 when it is missing or not a URL): its origin, whether a URL is on it, and which
// URLs its pages may ask for (the server's own, and data: and blob: addresses they make).
export function serverOf(base, usage) {
  let origin;
  try {
    origin = new URL(base);
  } catch {
    console.error(base ? `not a URL: ${base}` : usage);
    process.exit(2);
  }
  const sameHost = (u) => {
    try {
      return new URL(u).host === origin.host;
    } catch {
      return false;
    }
  };
  const allowed = (u) => sameHost(u) || u.startsWith('data:') || u.startsWith('blob:');
  return { origin, sameHost, allowed };
}

// What a page script (`node NAME.mjs <base-url> <screenshot-directory>`) starts from: the server
// (`serverOf`), the directory for its screenshots, and the list its checks fail into (`check(ok,
// message)` records the message when `ok` is false). Prints the usage and exits with status 2
// without both arguments.
export function pageScript(name) {
  const usage = `usage: node ${name} <base-url> <screenshot-directory>`;
  const [base, shots] = process.argv.slice(2);
  if (!base || !shots) {
    console.error(usage);
    process.exit(2);
  }
  const { origin, allowed } = serverOf(base, usage);
  const errors = [];
  const check = (ok, message) => {
    if (!ok) errors.push(message);
  };
  return { origin, allowed, shots, errors, check };
}

// axe-core's script, read once; run in the page through the browser's own evaluation, which the
// page's Content Security Policy (scripts from the server only) does not block.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Runs axe-core on `page` as it stands and records in `errors` every violation, at any impact,
// with `where` (which page, at which moment) and the first few elements it found.
export async function checkAccessibility(page, where, errors) {
  const found = await page.evaluate(async (source) => {
    if (!window.axe) (0, eval)(source);
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes
      .slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
  }, AXE);
  for (const violation of found) errors.push(`axe-core on ${where}: ${violation}`);
  return found.length;
}

// Waits until the game page wants something of the person ('throw' or 'move'), or the game is
// over ('over'), or `deadline` (a Date.now() time) has passed ('timeout').
export async function personDue(p, deadline) {
  return p.waitForFunction(() => {
    const body = document.body;
    if (body.dataset.busy === 'true') return null;
    const result = document.querySelector('#result');
    if (result && !result.hidden && result.textContent.trim()) return 'over';
    if (body.dataset.awaiting !== 'human') return null;
    if (body.dataset.phase === 'throw') {
      return document.querySelector('#throw:not(:disabled)') ? 'throw' : null;
    }
    if (body.dataset.phase === 'move') {
      return document.querySelectorAll('#moves li').length > 0 ? 'move' : null;
    }
    return null;
  }, null, { timeout: Math.max(1, deadline - Date.now()), polling: 50 })
    .then((h) => h.jsonValue())
    .catch(() => 'timeout');
}
