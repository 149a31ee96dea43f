// Plays a game of Ludo on the page of `pachisi serve` in headless Chromium, as a person would:
// by clicking.
//
//   node browser-tests/play.mjs <base-url> <screenshot.png>
//
// Starts `ludo` with a person in seat 0 and three heuristic bots through the new game panel, then
// throws with the Throw button and moves by clicking a marked piece and its green destination
// until the result shows or the time limit passes (a pass that is the only move is the
// server's to play). Then downloads the record, checks it, and steps through it in the replay viewer.
//
// Fails (exit status 1) on any console error, page error or failed request, on a request to any
// host but the server's own, when the game does not finish, when fewer than a few moves were made
// on the board, or when the record is wrong. Writes a full-page screenshot either way.
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { readFileSync, statSync } from 'node:fs';
import { collectErrors, launch } from './chromium.mjs';

const [base, shot_path] = process.argv.slice(2);
if (!base || !shot_path) {
  console.error('usage: node play.mjs <base-url> <screenshot.png>');
  process.exit(2);
}
let origin;
try {
  origin = new URL(base);
} catch {
  console.error(`not a URL: ${base}`);
  process.exit(2);
}
// A game of Ludo against heuristic bots takes a few hundred actions; at --pace 0 it is over in
// well under a minute, so this only catches a game that no longer moves.
const TIME_LIMIT_MS = Number(process.env.PLAY_TIME_LIMIT_MS ?? 240_000);
const MIN_BOARD_MOVES = 3;
const errors = [];
const sameHost = (u) => {
  try {
    return new URL(u).host === origin.host;
  } catch {
    return false;
  }
};

let browser;
let page;
let stats = { throws: 0, boardMoves: 0, listMoves: 0 };
try {
  browser = await launch('play', {
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  page = browser.page;
  const allowed = (u) => sameHost(u) || u.startsWith('data:') || u.startsWith('blob:');
  collectErrors(page, errors, allowed, 'beyond the server');
  page.on('websocket', (ws) => {
    if (!sameHost(ws.url())) errors.push(`the page opened a WebSocket beyond the server: ${ws.url()}`);
  });

  const response = await page.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  if (response && !response.ok()) errors.push(`loading ${base} gave status ${response.status()}`);
  if (!(await page.title())) errors.push('the page has no title');

  // The new game panel: Ludo, a person and three heuristic bots.
  await page.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 30_000 });
  await page.selectOption('#ruleset', 'ludo');
  const seats = await page.locator('#seat-rows .seat-row').count();
  if (seats !== 4) errors.push(`ludo shows ${seats} seat rows, not 4`);
  await page.selectOption('#seat-0-kind', 'human');
  for (let seat = 1; seat < seats; seat++) {
    await page.selectOption(`#seat-${seat}-kind`, 'bot');
    await page.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  if (await page.locator('#cowrie-p').isVisible()) errors.push('the cowrie input shows for dice');
  await page.click('#start');
  await page.waitForSelector('#board [data-square]', { timeout: 30_000 });
  if (await page.locator('#new-game').isVisible()) errors.push('the new game panel stays open');

  stats = await play(page);
  console.log(`played: ${stats.throws} throws, ${stats.boardMoves} moves on the board, `
    + `${stats.listMoves} from the list`);
  const result = (await page.locator('#result').textContent())?.trim() ?? '';
  if (!(await page.locator('#result').isVisible()) || !result) {
    errors.push(`the game did not finish within ${TIME_LIMIT_MS / 1000} s`);
  } else {
    console.log(`result: ${result}`);
  }
  if (stats.boardMoves < MIN_BOARD_MOVES) {
    errors.push(`only ${stats.boardMoves} moves were made by clicking the board`);
  }

  // The record, downloaded as a person would.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.click('#download'),
  ]);
  const file = await download.path();
  const record = readFileSync(file, 'utf8');
  if (!record.startsWith('[Ruleset "ludo"]')) {
    errors.push(`the record does not start with [Ruleset "ludo"]: ${JSON.stringify(record.slice(0, 80))}`);
  } else {
    console.log(`record: ${download.suggestedFilename()} (${record.length} characters)`);
  }

  // The record in the replay viewer: it opens at the end; a step back and forth moves one frame.
  await page.setInputFiles('#replay-file', {
    name: download.suggestedFilename() || 'game.record',
    mimeType: 'text/plain',
    buffer: Buffer.from(record),
  });
  await page.waitForSelector('#replay-controls:not([hidden])', { timeout: 30_000 });
  const frameOf = async () => Number(await page.getAttribute('#replay-frame', 'data-frame'));
  const end = await frameOf();
  if (!(end > 0)) errors.push(`the replay opened at frame ${end}`);
  await page.click('#replay-prev');
  await page.keyboard.press('ArrowLeft');
  if ((await frameOf()) !== end - 2) errors.push('the replay did not step back');
  await page.keyboard.press('ArrowRight');
  if ((await frameOf()) !== end - 1) errors.push('the replay did not step forwards');
  await page.click('#replay-start');
  if ((await frameOf()) !== 0) errors.push('the replay did not go to the start');
  // Frames come as changes from the one before: every piece stands at the start, rebuilt.
  const atStart = await page.locator('#board [data-piece]').count();
  if (atStart !== 16) errors.push(`the replay's first frame shows ${atStart} pieces, not 16`);
  await page.click('#replay-end');
  const atEnd = await page.locator('#board [data-piece]').count();
  if (atEnd !== 16) errors.push(`the replay's last frame shows ${atEnd} pieces, not 16`);
  await page.click('#replay-close');
  await page.waitForSelector('#result:not([hidden])', { timeout: 10_000 });

  // The browser that created the game is its host, and may delete it from the list.
  const id = decodeURIComponent(new URL(page.url()).hash.replace('#game=', ''));
  await page.click('#show-new-game');
  await page.waitForSelector('#saved-games:not([hidden])', { timeout: 10_000 });
  await page.click('#saved-games summary');
  const remove = page.locator(`.delete-game[data-game="${id}"]`);
  await remove.waitFor({ state: 'visible', timeout: 10_000 });
  await remove.click();
  await page.waitForFunction((gone) => !document.querySelector(`.open-game[data-game="${gone}"]`)
    && document.body.dataset.busy !== 'true', id, { timeout: 10_000, polling: 50 });
  const listed = await page.evaluate(async (gone) => (await (await fetch('/api/games')).json())
    .some((g) => g.id === gone), id);
  if (listed) errors.push(`the deleted game ${id} is still listed`);
  console.log(`game ${id} deleted by its host`);
} catch (err) {
  errors.push(`cannot play: ${err?.message ?? err}`);
} finally {
  if (page) {
    try {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shot_path, fullPage: true });
      const size = statSync(shot_path).size;
      if (size === 0) errors.push(`the screenshot ${shot_path} is empty`);
      console.log(`screenshot ${shot_path} (${size} bytes)`);
    } catch (err) {
      errors.push(`cannot take the screenshot: ${err?.message ?? err}`);
    }
  }
  if (browser) await browser.close();
}

if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('the game plays in the browser without errors');

// Waits until the page wants something of the person (or the game is over), then does it by
// clicking. Returns what was done.
async function play(page) {
  const done = { throws: 0, boardMoves: 0, listMoves: 0 };
  const deadline = Date.now() + TIME_LIMIT_MS;
  while (Date.now() < deadline) {
    const due = await page.waitForFunction(() => {
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
    if (due === 'over' || due === 'timeout') break;
    const actions = await page.evaluate(() => document.body.dataset.actions);
    if (due === 'throw') {
      await page.click('#throw');
      done.throws += 1;
    } else {
      const piece = page.locator('#board [data-piece][data-movable]').first();
      // The state may have moved on since it was looked at (a bot's answer arrived): look again.
      if ((await page.locator('#moves li').count()) === 0) continue;
      if ((await piece.count()) > 0) {
        await piece.click();
        const dest = page.locator('#board [data-dest]').first();
        await dest.waitFor({ state: 'visible', timeout: 5_000 });
        await dest.click();
        done.boardMoves += 1;
      } else {
        // A move that no piece on the board offers (none is expected in Ludo): from the list.
        await page.click('#moves li:not([data-move="-"]) button');
        done.listMoves += 1;
      }
    }
    // The action is answered before the next is looked for, so that a stale page is never
    // clicked.
    await page.waitForFunction((before) => document.body.dataset.busy !== 'true'
      && document.body.dataset.actions !== before, actions, { timeout: 30_000, polling: 50 });
  }
  return done;
}
