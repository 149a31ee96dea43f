// Renders a page written by `pachisi report` in headless Chromium and checks it as a reader
// would see it.
//
//   node browser-tests/report.mjs <index.html> <screenshot.png>
//
// Fails (exit status 1) on any console error, page error or failed request, on a request for
// anything but a local file (the page must be self-contained), when the page has no figure, or
// when a figure's SVG is hidden or has no size. Writes a full-page screenshot either way.
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { statSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { collectErrors, launch } from './chromium.mjs';
import { pathToFileURL } from 'node:url';

const [page_path, shot_path] = process.argv.slice(2);
if (!page_path || !shot_path) {
  console.error('usage: node report.mjs <index.html> <screenshot.png>');
  process.exit(2);
}
if (!existsSync(page_path)) {
  console.error(`no such page: ${page_path}`);
  process.exit(2);
}
const url = pathToFileURL(resolve(page_path)).href;
const errors = [];

let browser;
try {
  browser = await launch('report', { viewport: { width: 1200, height: 900 } });
  const page = browser.page;
  collectErrors(page, errors, (u) => ['file:', 'data:', 'about:'].some((p) => u.startsWith(p)), 'outside itself');

  const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (response && !response.ok()) errors.push(`loading ${url} gave status ${response.status()}`);

  const title = await page.title();
  if (!title) errors.push('the page has no title');

  const figures = page.locator('figure');
  const count = await figures.count();
  if (count === 0) errors.push('the page has no figure');
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const svg = figure.locator('svg').first();
    const caption = (await figure.locator('figcaption').first().textContent().catch(() => '')) ?? '';
    const name = caption.slice(0, 40) || `figure ${i + 1}`;
    if ((await figure.locator('svg').count()) === 0) {
      errors.push(`${name}: no inline SVG`);
      continue;
    }
    await svg.scrollIntoViewIfNeeded();
    if (!(await svg.isVisible())) errors.push(`${name}: the SVG is not visible`);
    const box = await svg.boundingBox();
    if (!box || box.width < 1 || box.height < 1) {
      errors.push(`${name}: the SVG has no size (${JSON.stringify(box)})`);
    } else {
      console.log(`figure ${i + 1}: ${Math.round(box.width)}x${Math.round(box.height)} px  ${name}…`);
    }
    if (!caption.trim()) errors.push(`figure ${i + 1}: no caption`);
  }

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot_path, fullPage: true });
  const size = statSync(shot_path).size;
  if (size === 0) errors.push(`the screenshot ${shot_path} is empty`);
  console.log(`"${title}": ${count} figures, screenshot ${shot_path} (${size} bytes)`);
} catch (err) {
  errors.push(`cannot render the page: ${err?.message ?? err}`);
} finally {
  if (browser) await browser.close();
}

if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('the page renders without errors');
