// Takes the README's picture of the browser game: a game of Pachisi a few turns in.
//
//   node browser-tests/screenshot.mjs <base-url> <picture.png>
//
// Used by scripts/screenshots; not a test.

import { launch } from './chromium.mjs';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node screenshot.mjs <base-url> <picture.png>');
  process.exit(2);
}
const browser = await launch('screenshot', { viewport: { width: 1280, height: 900 } });
try {
  const page = browser.page;
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
  await browser.close();
}
