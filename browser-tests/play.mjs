// Plays a game of Ludo on the page of `pachisi serve` in headless Chromium, as a person would:
// by clicking on a desktop-sized window, then by tapping on a phone-sized one.
//
//   node browser-tests/play.mjs <base-url> <screenshot.png>
//
// Starts `ludo` with a person in seat 0 and three heuristic bots through the new game panel, then
// throws with the Throw button and moves by clicking a marked piece and its green destination
// until the result shows or the time limit passes (a pass that is the only move is the
// server's to play). Then downloads the record, checks it, steps through it in the replay viewer,
// and analyses the finished game.
//
// Then plays a second game the same way at 390×844 CSS pixels with a touch screen, tapping; once
// it taps beside a piece (not on it) and expects that piece selected.
//
// At every throw and move asked of the person, on both screens: the play screen's words are for
// players (no `source 0`, no square names like `0m8`, no `grace` in Ludo, no `Team 3`), the
// header names the game, the seats read "Red — you" and "Green — bot", the seat to play is marked
// on the board and in the panel, and every visible button is at least 44×44. On the phone, the
// board, the last throw, the throw button and every move button lie within the screen with the
// page scrolled to the top; on the desktop, the board stands beside the panel.
//
// Fails (exit status 1) on any console error, page error or failed request, on a request to any
// host but the server's own, when a game does not finish, when fewer than a few moves were made
// on the board, when the record is wrong, or when a check above fails. Writes a full-page
// screenshot either way, and beside it `play-desktop.png` and `play-phone.png` (the screen in the
// middle of each game).
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkAccessibility, collectErrors, launch, personDue, serverOf } from './chromium.mjs';

const [base, shot_path] = process.argv.slice(2);
if (!base || !shot_path) {
  console.error('usage: node play.mjs <base-url> <screenshot.png>');
  process.exit(2);
}
const { origin, sameHost, allowed } = serverOf(base, 'usage: node play.mjs <base-url> <screenshot.png>');
// A game of Ludo against heuristic bots takes a few hundred actions; at --pace 0 it is over in
// well under a minute, so this only catches a game that no longer moves.
const TIME_LIMIT_MS = Number(process.env.PLAY_TIME_LIMIT_MS ?? 240_000);
const MIN_BOARD_MOVES = 3;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const desktopShot = join(dirname(shot_path), 'play-desktop.png');
const phoneShot = join(dirname(shot_path), 'play-phone.png');
const errors = [];
// What the screen checks found, each told once (with where it was first seen).
const screenProblems = new Map();


// Opens the page in a browser started with `options` and starts Ludo against three heuristic bots
// from the new game panel, as a person would (tapping when `tap`).
async function startLudo(name, options, tap) {
  const opened = await launch(name, options);
  const p = opened.page;
  collectErrors(p, errors, allowed, 'beyond the server');
  p.on('websocket', (ws) => {
    if (!sameHost(ws.url())) errors.push(`the page opened a WebSocket beyond the server: ${ws.url()}`);
  });
  const response = await p.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  if (response && !response.ok()) errors.push(`loading ${base} gave status ${response.status()}`);
  if (!(await p.title())) errors.push('the page has no title');
  await p.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 30_000 });
  await checkAccessibility(p, `the start page (${name})`, errors);

  // The new game panel: Ludo, a person and three heuristic bots.
  await p.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 30_000 });
  await p.selectOption('#ruleset', 'ludo');
  const seats = await p.locator('#seat-rows .seat-row').count();
  if (seats !== 4) errors.push(`ludo shows ${seats} seat rows, not 4`);
  await p.selectOption('#seat-0-kind', 'me');
  for (let seat = 1; seat < seats; seat++) {
    await p.selectOption(`#seat-${seat}-kind`, 'bot');
    await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  if (await p.locator('#cowrie-p').isVisible()) errors.push('the cowrie input shows for dice');
  if (tap) await p.tap('#start');
  else await p.click('#start');
  await p.waitForSelector('#board [data-square]', { timeout: 30_000 });
  if (await p.locator('#new-game').isVisible()) errors.push('the new game panel stays open');
  return opened;
}

// Checks that a game played to its end, by enough moves on the board.
async function finished(p, done, screen) {
  console.log(`${screen}: played ${done.throws} throws, ${done.boardMoves} moves on the board, `
    + `${done.listMoves} from the list`);
  const result = (await p.locator('#result').textContent())?.trim() ?? '';
  if (!(await p.locator('#result').isVisible()) || !result) {
    errors.push(`the game on the ${screen} did not finish within ${TIME_LIMIT_MS / 1000} s`);
  } else {
    console.log(`${screen}: result: ${result}`);
  }
  if (done.boardMoves < MIN_BOARD_MOVES) {
    errors.push(`only ${done.boardMoves} moves were made by clicking the board on the ${screen}`);
  }
}

let browser;
let page;
let phone;
let stats = { throws: 0, boardMoves: 0, listMoves: 0 };
try {
  browser = await startLudo('play', { acceptDownloads: true, viewport: DESKTOP }, false);
  page = browser.page;
  stats = await play(page, { screen: 'desktop', shot: desktopShot });
  await finished(page, stats, 'desktop');

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
  await checkAccessibility(page, 'the replay viewer', errors);
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

  // The game analysed from the finished game: its record opens in the replay viewer, with the
  // graph of the four seats' chances.
  await page.click('#analyse-game');
  await page.waitForSelector('#analysis:not([hidden])', { timeout: 60_000 });
  const lines = await page.locator('#analysis-graph polyline.chance-line').count();
  if (lines !== 4) errors.push(`the finished game's analysis draws ${lines} lines, not 4`);
  if ((await frameOf()) !== end) errors.push('the analysed game does not open at its end');
  await checkAccessibility(page, 'the analysis', errors);
  console.log(`the finished game analysed: ${lines} lines; ${await page.textContent('#analysis-step')}`);
  await page.click('#replay-close');
  await page.waitForSelector('#result:not([hidden])', { timeout: 10_000 });

  // The browser that created the game is its host, and may delete it from the list.
  const id = decodeURIComponent(new URL(page.url()).hash.replace('#game=', ''));
  await page.click('#show-new-game');
  await page.waitForSelector('#saved-games:not([hidden])', { timeout: 10_000 });
  const remove = page.locator(`.delete-game[data-game="${id}"]`);
  await remove.waitFor({ state: 'visible', timeout: 10_000 });
  await remove.click();
  await page.waitForFunction((gone) => !document.querySelector(`.open-game[data-game="${gone}"]`)
    && document.body.dataset.busy !== 'true', id, { timeout: 10_000, polling: 50 });
  // Asked beside the page, so that the expected 404 is not one of the page's own errors.
  const status = (await page.request.get(new URL(`/api/games/${id}`, origin).href)).status();
  if (status !== 404) errors.push(`the deleted game ${id} is answered ${status}, not 404`);
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

// The same game on a phone, played by tapping.
try {
  phone = await startLudo('play-phone', { viewport: PHONE, hasTouch: true, isMobile: true,
    deviceScaleFactor: 2 }, true);
  const done = await play(phone.page, { screen: 'phone', shot: phoneShot, tap: true });
  await finished(phone.page, done, 'phone');
} catch (err) {
  errors.push(`cannot play on the phone: ${err?.message ?? err}`);
} finally {
  if (phone) await phone.close();
}

for (const shot of [desktopShot, phoneShot]) {
  try {
    const size = statSync(shot).size;
    if (size === 0) errors.push(`the screenshot ${shot} is empty`);
    console.log(`screenshot ${shot} (${size} bytes)`);
  } catch {
    errors.push(`no screenshot ${shot}: the game never asked for a move on the board`);
  }
}
errors.push(...screenProblems.values());

if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('the game plays in the browser without errors');

// Waits until the page wants something of the person (or the game is over), checks the screen,
// then does it by clicking (or tapping, on a touch screen). Takes the screenshot `shot` once
// pieces are out on the board. Returns what was done.
async function play(page, { screen, shot, tap = false }) {
  const done = { throws: 0, boardMoves: 0, listMoves: 0 };
  const deadline = Date.now() + TIME_LIMIT_MS;
  const press = (target) => (tap ? target.tap() : target.click());
  let shotTaken = false;
  let axeChecked = false;
  let reachTried = !tap;
  while (Date.now() < deadline) {
    const due = await personDue(page, deadline);
    if (due === 'over' || due === 'timeout') break;
    for (const problem of await checkScreen(page, screen)) {
      const key = `${screen}: ${problem.replace(/ \(.*\)$/, '')}`;
      if (!screenProblems.has(key)) screenProblems.set(key, `${screen}: ${problem}`);
    }
    // The play screen with moves listed, a long log and the hint bot's ranking: no violation
    // of axe-core's rules at any impact.
    if (!axeChecked && due === 'move' && done.boardMoves >= 4) {
      axeChecked = true;
      if (await page.locator('#hint').isEnabled()) {
        await press(page.locator('#hint'));
        await page.waitForSelector('#hints li .chance', { timeout: 30_000 }).catch(() => {
          errors.push(`${screen}: the hint bot's ranking did not show`);
        });
      }
      await checkAccessibility(page, `the ${screen} game with moves and hints`, errors);
      continue;
    }
    if (!shotTaken && due === 'move' && done.boardMoves >= 4) {
      await page.screenshot({ path: shot });
      shotTaken = true;
    }
    const actions = await page.evaluate(() => document.body.dataset.actions);
    if (due === 'throw') {
      await press(page.locator('#throw'));
      done.throws += 1;
    } else {
      const piece = page.locator('#board [data-piece][data-movable]').first();
      // The state may have moved on since it was looked at (a bot's answer arrived): look again.
      if ((await page.locator('#moves li').count()) === 0) continue;
      if ((await piece.count()) > 0) {
        if (!reachTried && (await page.locator('#board .square [data-movable]').count()) > 0) {
          reachTried = await tapBeside(page);
        }
        await press(piece);
        const dest = page.locator('#board [data-dest]').first();
        await dest.waitFor({ state: 'visible', timeout: 5_000 });
        await press(dest);
        done.boardMoves += 1;
      } else {
        // A move that no piece on the board offers (none is expected in Ludo): from the list.
        await press(page.locator('#moves li:not([data-move="-"]) button').first());
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

// Taps 15 CSS pixels beside a movable piece on the board, where nothing else answers a tap, and
// checks that the piece is selected. Returns whether a place to tap was found.
async function tapBeside(page) {
  const spot = await page.evaluate(() => {
    const board = document.querySelector('#board');
    const matrix = board.getScreenCTM();
    const centre = (node) => new DOMPoint(Number(node.dataset.x), Number(node.dataset.y))
      .matrixTransform(matrix);
    const movable = [...board.querySelectorAll('.square [data-movable]')];
    const targets = [...board.querySelectorAll('[data-movable], [data-dest]')];
    for (const piece of movable) {
      const c = centre(piece);
      for (const [dx, dy] of [[15, 0], [-15, 0], [0, 15], [0, -15], [11, 11], [-11, -11]]) {
        const x = c.x + dx;
        const y = c.y + dy;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !board.contains(hit) || hit.closest('[data-movable], [data-dest]')) continue;
        // No other target may be nearer than the piece.
        const nearest = targets.reduce((best, t) => {
          const p = centre(t);
          const d = Math.hypot(p.x - x, p.y - y);
          return d < best.d ? { t, d } : best;
        }, { t: null, d: Infinity });
        if (nearest.t !== piece) continue;
        return { x, y, piece: piece.dataset.piece };
      }
    }
    return null;
  });
  if (!spot) return false;
  await page.touchscreen.tap(spot.x, spot.y);
  const selected = await page.waitForFunction((id) => document.querySelector(
    `#board .piece.selected[data-piece="${id}"]`), spot.piece, { timeout: 5_000, polling: 50 })
    .then(() => true).catch(() => false);
  if (!selected) errors.push(`a tap 15 px beside the piece ${spot.piece} did not select it`);
  else console.log('phone: a tap beside a piece selected it');
  return true;
}

// The checks of the play screen, made in the page with it scrolled to the top. Returns the
// problems found, each with what varies (a place, a text) in brackets at its end.
function checkScreen(page, screen) {
  return page.evaluate(({ phone }) => {
    const problems = [];
    window.scrollTo(0, 0);
    const width = window.innerWidth;
    const height = window.innerHeight;
    const box = (node) => {
      const r = node.getBoundingClientRect();
      const [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom].map(Math.round);
      return `${left},${top} to ${right},${bottom}`;
    };
    // `what` names the part; `detail` (the text of a move's button) goes in the brackets.
    const onScreen = (node, what, detail = '') => {
      if (!node || !node.checkVisibility()) {
        problems.push(`${what} is not shown`);
        return;
      }
      const r = node.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > height + 0.5 || r.right > width + 0.5) {
        problems.push(`${what} is not within the ${width}×${height} screen`
          + ` (${detail}at ${box(node)})`);
      }
    };
    const board = document.querySelector('#board');
    onScreen(board, 'the board');
    if (phone) {
      onScreen(document.querySelector('#throw-box'), 'the last throw');
      onScreen(document.querySelector('#throw'), 'the throw button');
      for (const button of document.querySelectorAll('#moves li button')) {
        onScreen(button, 'a move\'s button', `"${button.textContent.trim()}" `);
      }
      if (document.documentElement.scrollWidth > width + 1) problems.push('the page scrolls sideways');
    } else {
      const panel = document.querySelector('#panel').getBoundingClientRect();
      if (board.getBoundingClientRect().right > panel.left + 1) {
        problems.push(`the board is not beside the panel (at ${box(board)})`);
      }
    }
    for (const node of document.querySelectorAll('button, .button, summary')) {
      if (!node.checkVisibility()) continue;
      const r = node.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) {
        // Named by what it is, so that a problem of every move's button is told once.
        const name = node.id ? `#${node.id}` : node.classList.length > 0 ? `.${node.classList[0]}`
          : node.textContent.trim().slice(0, 40);
        const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
        problems.push(`the button ${name} is under 44×44 (${size})`);
      }
    }
    const text = ['#top', '#table'].map((s) => document.querySelector(s).innerText).join('\n');
    const lower = text.toLowerCase();
    for (const [word, found] of [['source 0', text.includes('source 0')], ['0m', text.includes('0m')],
      ['grace', lower.includes('grace')], ['Team ', text.includes('Team ')]]) {
      if (found) {
        const at = lower.indexOf(word.toLowerCase());
        problems.push(`the play screen says "${word}" (${JSON.stringify(text.slice(Math.max(0, at - 30), at + 30))})`);
      }
    }
    const name = document.querySelector('#top h1')?.textContent.trim();
    if (name !== 'Ludo') problems.push(`the header does not name the game Ludo (${JSON.stringify(name)})`);
    for (const label of ['Red — you', 'Green — bot']) {
      if (!text.includes(label)) problems.push(`the play screen does not name a seat "${label}"`);
    }
    if (document.body.dataset.phase !== 'over') {
      const corner = document.querySelector('#board .corner.to-move');
      if (corner?.dataset.corner !== document.body.dataset.toMove) {
        problems.push('the board does not mark the seat to play');
      }
      const turn = document.querySelector('#turn-box');
      if (!turn?.style.getPropertyValue('--seat')) {
        problems.push('the panel does not show the colour of the seat to play');
      }
    }
    return problems;
  }, { phone: screen === 'phone' });
}
