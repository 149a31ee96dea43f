// Analyses a record in the replay viewer of `pachisi serve` in headless Chromium, as a person
// would: opens the record file, presses Analyse, and reads the analysis.
//
//   node browser-tests/analysis.mjs <base-url> <record-file> <spoiled-step> <screenshot.png>
//
// The record is a game with one move spoiled on purpose, at step <spoiled-step> (its last). Checks
// that the graph of the winning chances has one line per team, each in its own colour, with a
// title and a description; that the spoiled move, and no other, carries a mark (? or ??) in the
// log; that the step shown says its decision and the summary table counts the one mark, its
// average loss and luck columns saying under their headings that they count points of winning
// chance; that a
// click on the graph jumps the replay to the step under it and moves the graph's marker; that
// the keys step the replay and the marker follows; that a, in a record opened again,
// analyses it; and that on a phone's screen (360 px) the analysis fits the width.
//
// Fails (exit status 1) on any console error, page error or failed request, on a request to any
// host but the server's own, or when a check above fails. Writes a screenshot either way.
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { collectErrors, launch, serverOf } from './chromium.mjs';

const USAGE = 'usage: node analysis.mjs <base-url> <record-file> <spoiled-step> <screenshot.png>';
const [base, recordPath, spoiledArg, shotPath] = process.argv.slice(2);
if (!base || !recordPath || !spoiledArg || !shotPath) {
  console.error(USAGE);
  process.exit(2);
}
const { origin, allowed } = serverOf(base, USAGE);
const spoiled = Number(spoiledArg);
const record = readFileSync(recordPath, 'utf8');
const errors = [];

let browser;
let page;
try {
  browser = await launch('analysis', { viewport: { width: 1280, height: 900 } });
  page = browser.page;
  collectErrors(page, errors, allowed, 'beyond the server');
  await page.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  const open = async () => {
    await page.setInputFiles('#replay-file', { name: basename(recordPath), mimeType: 'text/plain',
      buffer: Buffer.from(record) });
    await page.waitForSelector('#replay-controls:not([hidden])', { timeout: 30_000 });
  };
  await open();
  const frame = async () => Number(await page.getAttribute('#replay-frame', 'data-frame'));
  const end = await frame();
  if (end !== spoiled) errors.push(`the replay opened at step ${end}, not at its last, ${spoiled}`);
  if (await page.locator('#analysis').isVisible()) errors.push('the analysis shows before it is asked for');

  await page.click('#analyse');
  await page.waitForSelector('#analysis:not([hidden])', { timeout: 60_000 });
  if (await page.locator('#analyse').isVisible()) errors.push('Analyse still shows once analysed');

  // The graph: one line per team, in four colours, and words for those who cannot see it.
  const graph = await page.evaluate(() => {
    const svg = document.querySelector('#analysis-graph');
    const lines = [...svg.querySelectorAll('polyline.chance-line')];
    return {
      teams: lines.map((l) => l.dataset.team),
      colours: new Set(lines.map((l) => l.getAttribute('stroke'))).size,
      points: lines.map((l) => l.getAttribute('points').trim().split(/\s+/).length),
      title: svg.querySelector('title')?.textContent ?? '',
      desc: svg.querySelector('desc')?.textContent ?? '',
      labelled: svg.getAttribute('aria-labelledby'),
      box: svg.getBoundingClientRect().width,
    };
  });
  if (graph.teams.join(',') !== '0,1,2,3') errors.push(`the graph's lines are of teams ${graph.teams}, not 0-3`);
  if (graph.colours !== 4) errors.push(`the graph's lines have ${graph.colours} colours, not 4`);
  if (!graph.points.every((n) => n > 10)) errors.push(`the lines have too few points: ${graph.points}`);
  if (!graph.title || !graph.desc.includes('Red')) errors.push(`the graph is not described: ${graph.desc}`);
  if (graph.labelled !== 'analysis-graph-title') errors.push('the graph is not labelled by its title');
  if (!(graph.box > 200)) errors.push(`the graph is ${graph.box} px wide`);
  console.log(`graph: ${graph.teams.length} lines of ${graph.points.join(', ')} points`);

  // The spoiled move's mark, and no other, in the log; the step shown says its decision.
  const marks = await page.$$eval('#log .mark', (nodes) => nodes.map((n) => [n.dataset.step, n.textContent]));
  if (marks.length !== 1 || marks[0][0] !== String(spoiled) || !['?', '??'].includes(marks[0][1])) {
    errors.push(`the log's marks are ${JSON.stringify(marks)}, not one ? or ?? at step ${spoiled}`);
  }
  const said = await page.textContent('#analysis-step');
  if (!said.includes(`Move ${spoiled}`) || !said.includes('loss')) errors.push(`the step shown says "${said}"`);
  const counted = await page.$$eval('#analysis-summary tbody tr', (rows) => rows.map((r) =>
    [...r.querySelectorAll('td')].map((td) => td.textContent)));
  const bad = counted.reduce((n, cells) => n + Number(cells[3]) + Number(cells[4]), 0);
  if (counted.length !== 4 || bad !== 1) errors.push(`the summary counts ${bad} mistakes in ${JSON.stringify(counted)}`);
  // The columns of signed numbers say what they count.
  const headings = await page.$$eval('#analysis-summary thead th', (cells) =>
    cells.map((c) => c.textContent.replace(/\s+/g, ' ').trim()));
  for (const [at, name] of [[2, 'Average loss'], [6, 'Luck']]) {
    if (!headings[at]?.startsWith(name) || !headings[at].includes('points of winning chance')) {
      errors.push(`the summary's heading ${at} reads "${headings[at]}"`);
    }
  }
  console.log(`marks: ${JSON.stringify(marks)}; the step shown: ${said}`);

  // A click on the graph, a third of the way along, jumps there (give or take a step: a step
  // may be narrower than a pixel); the marker follows.
  const target = Math.round(spoiled / 3);
  await page.locator('#analysis-graph').scrollIntoViewIfNeeded();
  const spot = await page.evaluate((step) => {
    const svg = document.querySelector('#analysis-graph');
    const grid = svg.querySelector('.grid');
    const [x1, x2] = [Number(grid.getAttribute('x1')), Number(grid.getAttribute('x2'))];
    const x = x1 + ((x2 - x1) * step) / Number(svg.dataset.steps);
    const at = new DOMPoint(x, 100).matrixTransform(svg.getScreenCTM());
    return { x: at.x, y: at.y };
  }, target);
  await page.mouse.click(spot.x, spot.y);
  const jumped = await frame();
  const marked = Number(await page.getAttribute('#analysis-graph', 'data-step'));
  if (Math.abs(jumped - target) > 1 || marked !== jumped) {
    errors.push(`a click on step ${target} of the graph showed step ${jumped}, marker at ${marked}`);
  }
  if ((await page.locator('#log .mark').count()) !== 0) errors.push('a mark shows before its move');
  await page.keyboard.press('ArrowRight');
  const stepped = Number(await page.getAttribute('#analysis-graph', 'data-step'));
  if ((await frame()) !== jumped + 1 || stepped !== jumped + 1) errors.push('the marker does not follow →');
  await page.keyboard.press('Home');
  if (!(await page.textContent('#analysis-step')).startsWith('The start')) errors.push('Home does not show the start');
  console.log(`a click on the graph jumped to step ${jumped}`);
  await page.keyboard.press('End');
  await page.screenshot({ path: shotPath, fullPage: true });

  // The record opened again, analysed with the key a.
  await page.click('#replay-close');
  await open();
  if (await page.locator('#analysis').isVisible()) errors.push('a record opened again shows the old analysis');
  await page.locator('#board').focus();
  await page.keyboard.press('a');
  await page.waitForSelector('#analysis:not([hidden])', { timeout: 60_000 });
  console.log('the key a analyses the record');

  // On a phone's screen the analysis fits the width: nothing wider than the page, the graph
  // inside it, the summary table inside it or scrolled within its own box.
  await page.setViewportSize({ width: 360, height: 740 });
  const narrow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const right = (sel) => document.querySelector(sel).getBoundingClientRect().right;
    const table = document.querySelector('#analysis-summary');
    let box = table;
    while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    return {
      width,
      page: document.documentElement.scrollWidth,
      graph: right('#analysis-graph'),
      panel: right('#analysis'),
      table: right('#analysis-summary'),
      tableScrolls: box !== document.body && box !== null && box.getBoundingClientRect().right <= width + 1,
    };
  });
  if (narrow.page > narrow.width + 1) errors.push(`at 360 px the page is ${narrow.page} px wide`);
  if (narrow.graph > narrow.width + 1) errors.push(`at 360 px the graph ends at ${narrow.graph} px`);
  if (narrow.panel > narrow.width + 1) errors.push(`at 360 px the analysis ends at ${narrow.panel} px`);
  if (narrow.table > narrow.width + 1 && !narrow.tableScrolls) {
    errors.push(`at 360 px the summary table ends at ${narrow.table} px and does not scroll`);
  }
  console.log(`at 360 px: ${JSON.stringify(narrow)}`);
} catch (err) {
  errors.push(`cannot analyse: ${err?.message ?? err}`);
} finally {
  if (page) {
    try {
      const size = statSync(shotPath).size;
      console.log(`screenshot ${shotPath} (${size} bytes)`);
    } catch {
      await page.screenshot({ path: shotPath, fullPage: true }).catch(() => {});
    }
  }
  if (browser) await browser.close();
}

if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('the analysis shows in the browser without errors');
