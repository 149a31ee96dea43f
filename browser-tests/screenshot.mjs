// Takes the README's picture of the browser game: a game of Pachisi a few turns in.
//
//   node browser-tests/screenshot.mjs <base-url> <picture.png>
//
// Used by scripts/screenshots; not a test.

import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node screenshot.mjs <base-url> <picture.png>');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'pachisi-shot-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.fill('#seed', '11');
  await page.click('#start');
  // Throw and play the first listed move until a dozen moves of yours are on the board.
  let moves = 0;
  for (let i = 0; i < 400 && moves < 12; i += 1) {
    await page.waitForFunction(() => document.body.dataset.busy !== 'true'
      && (document.body.dataset.awaiting === 'human' || document.body.dataset.awaiting === ''),
    null, { timeout: 60_000, polling: 50 });
    const phase = await page.evaluate(() => document.body.dataset.phase);
    const before = await page.evaluate(() => document.body.dataset.actions);
    if (phase === 'throw') {
      await page.click('#throw');
    } else if (phase === 'move') {
      await page.click('#moves li button');
      moves += 1;
    } else {
      break;
    }
    await page.waitForFunction((b) => document.body.dataset.actions !== b, before,
      { timeout: 60_000, polling: 50 });
  }
  await page.waitForFunction(() => document.body.dataset.awaiting === 'human'
    && document.body.dataset.phase === 'move', null, { timeout: 120_000, polling: 50 })
    .catch(() => {});
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
