// What a new player meets on the page of `pachisi serve`, in headless Chromium, as a person
// would:
//
//   node browser-tests/page.mjs <base-url> <screenshot-directory>
//
// - A game of Ludo against bots, the person in the third seat, the bots fast: the board is turned
//   so that the person's own corner is at the bottom; the pieces are called tokens (as Ludo
//   calls them) in the moves, in the board in words and in the tip that says why the person's
//   turn passed (the game marked as the first after Ludo's tour), which gives the rules' reason; the board has a legend; there
//   is no invitation box and no chat; the bots' pace shows as chosen and can be changed; after
//   an undo, the line under the status no longer tells of the move taken back.
// - A game of Pachisi: the legend shows the castles' × and says what a castle is, and "How to
//   play" links to the rules of Pachisi.
// - A game with a friend's seat open: the hand-over offers the strong bot first; the invitation
//   page says the game, who invites, the colour and links how to play; a watcher is told they
//   are watching, sees no player's button and the board unturned; a stranger opening the game's
//   address is told it is private.
// - A game of four heuristic bots, analysed: the judge in words, the bots that judge like it
//   said so, moves in words and no notation, luck as whom the throws favoured; on a wide screen
//   the analysis beside the board and the board in view; on a phone (390×844) the step buttons
//   on one line, the summary's last column within the screen and the board in view.
//
// Fails (exit status 1) on any console or page error (but the 403 a stranger is answered), on a
// request beyond the server, or when a check above fails. Screenshots in the directory.
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { join } from 'node:path';
import { launch, pageScript } from './chromium.mjs';

const { origin, allowed, shots, errors, check } = pageScript('page.mjs');
const browsers = [];

// Opens the page in a browser of its own; `forbidden` lets the console say 403 (a stranger).
async function open(name, viewport, hash = '', forbidden = false) {
  const browser = await launch(name, { viewport });
  browsers.push(browser);
  const p = browser.page;
  p.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (forbidden && /403/.test(msg.text())) return;
    errors.push(`${name}: console error: ${msg.text()}`);
  });
  p.on('pageerror', (err) => errors.push(`${name}: page error: ${err.message}`));
  p.on('request', (req) => {
    if (!allowed(req.url())) errors.push(`${name}: a request beyond the server: ${req.url()}`);
  });
  await p.goto(new URL(`/${hash}`, origin).href, { waitUntil: 'load', timeout: 60_000 });
  await p.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return p;
}

// Starts `ruleset` (Ludo unless said) from the new game panel with `kinds` (per seat: `me`,
// `open` or a bot's level).
async function start(p, kinds, more = async () => {}, ruleset = 'ludo') {
  await p.waitForSelector(`#ruleset option[value="${ruleset}"]`, { state: 'attached', timeout: 60_000 });
  await p.selectOption('#ruleset', ruleset);
  for (const [seat, kind] of kinds.entries()) {
    if (kind === 'me' || kind === 'open') {
      await p.selectOption(`#seat-${seat}-kind`, kind);
    } else {
      await p.selectOption(`#seat-${seat}-kind`, 'bot');
      await p.selectOption(`#seat-${seat}-bot`, kind);
    }
  }
  await more();
  await p.click('#start');
  await p.waitForSelector('#board [data-square]', { timeout: 60_000 });
}

const centreOf = async (p, selector) => p.locator(selector).evaluate((node) => {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom,
    left: r.left, right: r.right };
});

async function againstBots() {
  const p = await open('bots', { width: 1280, height: 900 });
  await start(p, ['heuristic', 'heuristic', 'me', 'heuristic'], async () => {
    await p.selectOption('#pace', 'fast');
    await p.click('#options summary');
    await p.fill('#seed', '11');
  });
  // The person's own corner at the bottom.
  // Measured in one step: the fast bots redraw the board, and a corner measured after its
  // board was redrawn would be a detached node with no size.
  const { turn, corner, board } = await p.evaluate(() => {
    const centre = (node) => {
      const r = node.getBoundingClientRect();
      return { y: r.top + r.height / 2, bottom: r.bottom, height: r.height };
    };
    const b = document.querySelector('#board');
    return { turn: b.getAttribute('data-turn'), corner: centre(b.querySelector('[data-corner="2"]')),
      board: centre(b) };
  });
  check(corner.height > 0, 'the person\'s corner has no size on the board');
  check(turn !== '0', `the board is not turned for the third seat (turn ${turn})`);
  check(corner.y > board.y, `the person's corner is at ${corner.y}, above the board's middle ${board.y}`);
  console.log(`turned ${turn} quarter turns; own corner at y ${Math.round(corner.y)} of ${Math.round(board.bottom)}`);
  check(!(await p.locator('#room-box').isVisible()), 'a game against bots shows the invitations');
  check(!(await p.locator('#chat-box').isVisible()), 'a game against bots shows the chat');
  const legend = await p.locator('#legend').textContent();
  check(await p.locator('#legend').isVisible() && /safe/i.test(legend) && /start/i.test(legend)
    && /tokens/.test(legend), `the legend says "${legend}"`);
  check(await p.locator('#game-pace').inputValue() === 'fast', 'the pace chosen does not show');
  const [changed] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith('/room') && r.request().method() === 'PATCH'),
    p.selectOption('#game-pace', 'slow'),
  ]);
  check(changed.status() === 200, `changing the pace was answered ${changed.status()}`);
  // The game is marked as the first after Ludo's tour, so that its tips show.
  await p.evaluate(() => {
    const game = decodeURIComponent(/#game=(.+)$/.exec(window.location.href)[1]);
    window.localStorage.setItem('pachisi.learn', JSON.stringify({ game, tour: 'ludo' }));
  });
  // Plays (the first move each time) until a move of the person's can be undone, and on until
  // a passed turn's tip has shown.
  const deadline = Date.now() + 90_000;
  let words = '';
  let passed = '';
  const tipShown = async () => {
    if (passed || !(await p.locator('#learn-tip[data-kind="passed"]').isVisible())) return;
    passed = await p.locator('#learn-tip-text').textContent();
  };
  while (Date.now() < deadline && !((await p.locator('#undo').isEnabled()) && passed)) {
    await tipShown();
    if (await p.locator('#throw').isEnabled()) {
      await p.click('#throw');
    } else if (await p.locator('#moves-box').isVisible()) {
      words = await p.locator('#moves').textContent();
      const actions = await p.getAttribute('body', 'data-actions');
      await p.locator('#moves li button').first().click();
      await p.waitForFunction((a) => document.body.dataset.actions !== a, actions,
        { timeout: 30_000 }).catch(() => {});
    } else {
      await p.waitForTimeout(100);
    }
  }
  check(/token/.test(words) && !/piece/.test(words), `Ludo's moves read "${words}"`);
  check(/token/.test(passed) && !/piece/i.test(passed) && /comes in only on a 6/.test(passed),
    `the tip of a passed turn reads "${passed}"`);
  console.log(`a passed turn's tip: ${passed}`);
  // The board in words calls them tokens too.
  await p.click('#board-words-box summary');
  await p.waitForSelector('#board-words h3', { timeout: 30_000 });
  const told = `${await p.locator('#board-words-help').textContent()} ${await p.locator('#board-words').textContent()}`;
  check(/token/i.test(told) && !/piece/i.test(told), `the board in words reads "${told}"`);
  await p.click('#board-words-box summary');
  check(await p.locator('#undo').isEnabled(), 'no move could be undone in 90 s');
  const before = await p.locator('#event').textContent();
  const actions = await p.getAttribute('body', 'data-actions');
  await p.click('#undo');
  await p.waitForFunction((a) => Number(document.body.dataset.actions) < Number(a), actions,
    { timeout: 30_000 });
  const after = (await p.locator('#event').isVisible()) ? await p.locator('#event').textContent() : '';
  check(after !== before && !/brought|moved/.test(after),
    `after the undo the line under the status says "${after}" (before: "${before}")`);
  console.log(`undo: "${before}" became "${after}"`);
  await p.screenshot({ path: join(shots, 'bots.png') });
}

async function pachisi() {
  const p = await open('pachisi', { width: 1280, height: 900 });
  await start(p, ['me', 'heuristic', 'heuristic', 'heuristic'], async () => {}, 'pachisi');
  const castle = await p.locator('#legend [data-legend="castle"]').textContent();
  check(castle.includes('×') && /Castle, a safe square: pieces there cannot be sent back/.test(castle),
    `the legend's castle reads "${castle}"`);
  const link = await p.getAttribute('#how-to-play', 'href');
  check(await p.locator('#how-to-play').isVisible() && link === '/rules/pachisi',
    `"How to play" links to ${link}`);
  console.log(`Pachisi: the legend's castle "${castle}", "How to play" at ${link}`);
}

async function withFriend() {
  const host = await open('host', { width: 1280, height: 900 });
  await host.fill('#player-name', 'Asha');
  await start(host, ['me', 'open', 'heuristic', 'heuristic']);
  await host.waitForSelector('#invites input[data-link="join"]', { timeout: 60_000 });
  const invite = await host.locator('#invites input[data-link="join"]').inputValue();
  const watch = await host.locator('#invites input[data-link="watch"]').inputValue();
  const handTo = await host.locator('#hand-over .hand-to').first().inputValue();
  check(handTo === 'bot:expectimax', `a seat is handed over by default to ${handTo}`);
  const id = decodeURIComponent(/#game=(.+)$/.exec(host.url())[1]);

  const friend = await open('friend', { width: 390, height: 844 }, new URL(invite).hash);
  await friend.waitForFunction(() => document.querySelector('#join-about').textContent.length > 0,
    null, { timeout: 30_000 });
  const heading = await friend.locator('#join-heading').textContent();
  const about = await friend.locator('#join-about').textContent();
  const rules = await friend.getAttribute('#join-rules-link', 'href');
  check(/Ludo/.test(heading), `the invitation's heading says "${heading}"`);
  check(/Asha invites you to play [A-Z]\w+ in a game of Ludo/.test(about),
    `the invitation says "${about}"`);
  check(rules === '/rules/ludo' && await friend.locator('#join-rules-link').isVisible(),
    `the invitation's rules link is ${rules}`);
  console.log(`invitation: ${heading} / ${about} / ${rules}`);

  const watcher = await open('watcher', { width: 1280, height: 900 }, new URL(watch).hash);
  await watcher.waitForSelector('#board [data-square]', { timeout: 60_000 });
  check(await watcher.locator('#watching').isVisible(), 'the watcher is not told they watch');
  for (const button of ['#undo', '#throw', '#hint']) {
    check(!(await watcher.locator(button).isVisible()), `the watcher sees ${button}`);
  }
  check(await watcher.getAttribute('#board', 'data-turn') === '0', 'the watcher sees a turned board');

  const stranger = await open('stranger', { width: 1280, height: 900 },
    `#game=${encodeURIComponent(id)}`, true);
  await stranger.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
  const said = await stranger.locator('#error').textContent();
  check(/This game is private: ask a player for the watch link/.test(said) && !/token/i.test(said),
    `a stranger is told "${said}"`);
  console.log(`a stranger is told: ${said}`);
}

async function analysed() {
  const p = await open('analysis', { width: 1280, height: 900 });
  await start(p, ['heuristic', 'heuristic', 'heuristic', 'heuristic'], async () => {
    await p.click('#options summary');
    await p.fill('#seed', '5');
  });
  await p.waitForSelector('#analyse-game:not([hidden])', { timeout: 120_000 });
  await p.click('#analyse-game');
  await p.waitForSelector('#analysis:not([hidden])', { timeout: 120_000 });
  const about = await p.locator('#analysis-about').textContent();
  const judge = await p.locator('#analysis-judge').textContent();
  const luck = await p.locator('#analysis-luck').textContent();
  check(/^Judged by a bot/.test(about) && !/expectimax|depth|percentage/.test(about),
    `the analysis says "${about}"`);
  check(/judge like the analysis does, so their moves show no loss/.test(judge),
    `the analysis says of its bots "${judge}"`);
  check(/^Luck: the throws (favoured|went against|were as good as average)/.test(luck),
    `the luck reads "${luck}"`);
  // A decision in words.
  await p.locator('#board').focus();
  await p.keyboard.press('Home');
  let step = '';
  for (let i = 0; i < 60 && !/chose to/.test(step); i++) {
    await p.keyboard.press('ArrowRight');
    step = await p.locator('#analysis-step').textContent();
  }
  check(/chose to/.test(step) && !/\b\d+\+\d+|\bE\d/.test(step), `a decision reads "${step}"`);
  console.log(`a decision: ${step}`);
  // Wide: the analysis beside the board, the board in view with the graph.
  await p.locator('#analysis-graph').scrollIntoViewIfNeeded();
  const board = await centreOf(p, '#board');
  const graph = await centreOf(p, '#analysis-graph');
  check(graph.left >= board.right - 1, `the graph (x ${graph.left}) is not beside the board (to ${board.right})`);
  check(board.top < 900 && board.bottom > 0, `the board is out of view: ${JSON.stringify(board)}`);
  await p.screenshot({ path: join(shots, 'analysis-wide.png') });
  // A phone.
  await p.setViewportSize({ width: 390, height: 844 });
  await p.locator('#analysis-graph').scrollIntoViewIfNeeded();
  const tops = await p.$$eval('#replay-controls .steps button', (nodes) =>
    nodes.map((n) => Math.round(n.getBoundingClientRect().top)));
  check(new Set(tops).size === 1, `the step buttons lie on ${new Set(tops).size} lines: ${tops}`);
  const last = await p.$$eval('#analysis-summary tr', (rows) =>
    Math.max(...rows.map((r) => r.lastElementChild.getBoundingClientRect().right)));
  check(last <= 390, `the summary's last column ends at ${last} px of 390`);
  const small = await centreOf(p, '#board');
  check(small.bottom > 0 && small.top < 844, `on a phone the board is out of view: ${JSON.stringify(small)}`);
  await p.screenshot({ path: join(shots, 'analysis-phone.png') });
}

try {
  await againstBots();
  await pachisi();
  await withFriend();
  await analysed();
} catch (err) {
  errors.push(`the page could not be gone through: ${err?.stack ?? err}`);
} finally {
  for (const b of browsers) await b.close();
}

if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('what a new player meets reads and works as it should');
