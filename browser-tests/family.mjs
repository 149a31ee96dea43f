// The older games of the cross-and-circle family on the page of `pachisi serve`, in headless
// Chromium, as a person plays them:
//
//   node browser-tests/family.mjs <base-url> <screenshot-directory>
//
// For each of Chaupar, Pachih, Sokkattan and Tayam Sonalu (or those FAMILY_GAMES names, by
// commas): the game is chosen in the new game panel, and its "How to play" link opens
// `/rules/NAME`, which names the game and its historical source; the person takes the first seat,
// heuristic bots the others, at the fastest pace the page offers. The person then throws with the
// Throw button and moves by clicking a marked piece and its destination (bringing a piece in by
// Sokkattan's bonus step where it can, else sending a piece back where it can, else the first
// piece offered) until the game ends, the person has made FAMILY_MOVES moves (25 unless set), or
// FAMILY_TIME_LIMIT_MS passes (150 s a game unless set).
//
// - Chaupar and Pachih: before the first throw, each seat's four pieces stand on squares of the
//   board (Chaupar's two in the lane and two past the arm's end square, Pachih's four on the
//   lane's first square), none waiting and none in the centre.
// - Chaupar: every throw shown is three dice, as thrown.
// - Sokkattan: a bonus step left to play is said in the pool, and the move that brings a waiting
//   piece in with it (`0+1`) is selected by clicking the waiting piece and goes to its square.
// - Tayam Sonalu: every throw is said in words that name both dice of its pair ("a four and a
//   zero"), and the picture shows both dice.
// - Every throw is said in a sentence, with no notation or unfilled message in it; a move of the
//   person's that sends a piece back is told so in the live region, wherever the piece goes back
//   to (onto the board in Chaupar and Pachih).
// - A marked piece standing on the destination of the first move (selected for the person) is
//   selected by a click on it, not that move played; the move the page sends is the one chosen.
// - axe-core finds no violation on the game screen of each.
// - Chaupar's partner's turn: a record starting where Yellow has finished and Black throws for
//   Yellow opens in the replay viewer, whose status line says so.
//
// Fails (exit status 1) on any console error, page error or failed request, on a request beyond
// the server, on fewer than a few moves made by clicking the board in a game that did not end, or
// when a check above fails (each kind of failure told once a game). A screenshot of each game's
// last screen in the directory (`family-NAME.png`).
// Chromium is Debian's /usr/bin/chromium (or $CHROMIUM); playwright-core downloads no browser.

import { join } from 'node:path';
import { checkAccessibility, collectErrors, launch, pageScript, personDue } from './chromium.mjs';

const { origin, allowed, shots, errors, check } = pageScript('family.mjs');
// The person's moves a game is played for, unless it ends first.
const MOVES = Number(process.env.FAMILY_MOVES ?? 25);
// A game against heuristic bots at the server's pace 0 answers each action at once; this only
// catches a game that no longer moves.
const TIME_LIMIT_MS = Number(process.env.FAMILY_TIME_LIMIT_MS ?? 150_000);
const MIN_BOARD_MOVES = 3;

const GAMES = [
  // `start`: where each seat's pieces begin, by progress, with the square's name on the seat's
  // own arm (`m` its lane, the middle column; `l` the column past its end square, docs/notation.md).
  { name: 'chaupar', title: 'Chaupar', source: 'Ain-i-Akbari', dice: 3,
    start: [[6, 'm6'], [7, 'm7'], [9, 'l8'], [10, 'l7']] },
  { name: 'pachih', title: 'Pachih', source: 'The Achehnese',
    start: [[1, 'm1'], [1, 'm1'], [1, 'm1'], [1, 'm1']] },
  { name: 'sokkattan', title: 'Sokkattan', source: 'Ancient Ceylon', bonus: true },
  { name: 'tayam-sonalu', title: 'Tayam Sonalu', source: 'Ancient Ceylon', dice: 2, pairs: true },
];

// A number thrown, as the English page says it (page-a-number).
const A_NUMBER = ['a zero', 'a one', 'a two', 'a three', 'a four', 'a five', 'a six'];

// The game shown, as the page holds it (its own module, loaded once by the page).
const stateOf = (p) => p.evaluate(async () => {
  const { ui } = await import('/js/state.js');
  const g = ui.game;
  return g ? { last_throw: g.last_throw, pool: g.pool, moves: g.moves, pieces: g.pieces,
    to_move: g.to_move, selected: ui.selected } : null;
});

// The move selected, which a click on its destination plays.
const selected = (p) => stateOf(p).then((s) => s?.moves[s.selected] ?? null);

// The "How to play" link of the new game panel: it is /rules/NAME, and the page it opens names
// the game and its source.
async function howToPlay(context, p, game, problems) {
  const href = await p.getAttribute('#ruleset-rules', 'href');
  if (href !== `/rules/${game.name}`) problems.push(`"How to play" links to ${href}`);
  const [rules] = await Promise.all([
    context.waitForEvent('page', { timeout: 30_000 }),
    p.click('#ruleset-rules'),
  ]);
  collectErrors(rules, problems, allowed, 'beyond the server (how to play)');
  await rules.waitForLoadState('load', { timeout: 30_000 });
  const path = new URL(rules.url()).pathname;
  if (path !== `/rules/${game.name}`) problems.push(`"How to play" opened ${path}`);
  const heading = (await rules.locator('h1').first().textContent().catch(() => '')) ?? '';
  const text = await rules.locator('body').innerText();
  if (!heading.includes(game.title)) problems.push(`how to play is headed "${heading}"`);
  if (!text.includes(game.source)) {
    problems.push(`how to play does not name the source "${game.source}"`);
  }
  console.log(`${game.name}: /rules/${game.name} "${heading.trim()}", names ${game.source}`);
  await rules.close();
}

// Where the pieces are drawn before anything moved: per seat, each piece's place, progress,
// square and whether the square is the seat's lane; and whether a piece stands in the centre.
const startOfBoard = (p) => p.evaluate(() => {
  const seats = {};
  for (const node of document.querySelectorAll('#board [data-piece]')) {
    const square = node.closest('[data-square]');
    const list = seats[node.dataset.seat] ?? [];
    for (let i = 0; i < Number(node.dataset.count); i += 1) {
      list.push({ where: node.dataset.where, progress: Number(node.dataset.progress),
        square: square ? Number(square.dataset.square) : null, name: square?.dataset.name ?? null,
        lane: square ? square.classList.contains('lane') : false });
    }
    seats[node.dataset.seat] = list;
  }
  return { seats, centre: document.querySelector('#board [data-centre] [data-piece]') !== null,
    actions: document.body.dataset.actions };
});

function checkStart(game, start, problems) {
  if (start.actions !== '0') problems.push(`the start was looked at after ${start.actions} actions`);
  if (start.centre) problems.push('a piece is drawn in the centre at the start');
  const seats = Object.keys(start.seats);
  if (seats.length !== 4) problems.push(`the start shows the pieces of ${seats.length} seats`);
  for (const [seat, pieces] of Object.entries(start.seats)) {
    const found = pieces.map((q) => `${q.progress} on ${q.name}`).sort();
    const expected = game.start.map(([progress, name]) => `${progress} on ${seat}${name}`).sort();
    if (pieces.length !== 4 || pieces.some((q) => q.where !== 'board' || q.square === null)) {
      problems.push(`seat ${seat} does not begin with four pieces on squares: `
        + JSON.stringify(pieces));
    } else if (JSON.stringify(found) !== JSON.stringify(expected)) {
      problems.push(`seat ${seat} begins at ${found.join(', ')}, not ${expected.join(', ')}`);
    }
    // The lane holds the pieces short of the arm's end square (progress under 8), and no other.
    for (const q of pieces) {
      if (q.square !== null && q.lane !== (q.progress < 8)) {
        problems.push(`seat ${seat}'s piece at ${q.progress} is drawn `
          + `${q.lane ? 'in' : 'outside'} its lane`);
      }
    }
  }
  const first = (start.seats[0] ?? []).map((q) => `${q.progress} on ${q.name}`).join(', ');
  console.log(`${game.name}: at the start, pieces of ${seats.length} seats drawn on the board; `
    + `the first seat's at ${first}`);
}

// The throw shown, checked: its sentence, and for dice the dice drawn. Returns the sentence.
async function checkThrow(p, game, state, problems) {
  const thrown = state.last_throw;
  if (!thrown) return null;
  const { words, faces } = await p.evaluate(() => ({
    words: document.querySelector('#throw-words').textContent.trim(),
    faces: [...document.querySelectorAll('#throw-view .die')].map((d) => Number(d.dataset.die)),
  }));
  const key = (problem) => problems.push(`${problem} (throw ${thrown.name}: "${words}")`);
  if (!/^(You threw|\S+ threw) \S/.test(words)) key('the throw is not said in a sentence');
  if (/[{}[\]]|undefined|NaN|\d-\d/.test(words)) key('the throw\'s sentence holds notation');
  if (game.dice && faces.length !== game.dice) key(`the throw shows ${faces.length} dice`);
  if (game.pairs) {
    const pair = String(thrown.name).split('-').map(Number);
    const said = pair.map((n) => A_NUMBER[n]).join(' and ');
    if (!words.includes(said)) key(`the throw's sentence does not say "${said}"`);
    if (JSON.stringify(faces) !== JSON.stringify(pair)) key(`the dice drawn show ${faces}`);
  }
  if (game.dice === 3 && Array.isArray(thrown.dice)
      && JSON.stringify(faces) !== JSON.stringify(thrown.dice)) {
    key(`the dice drawn show ${faces}, not ${thrown.dice}`);
  }
  return words;
}


// Plays `move`, one of the person's, by clicking: its piece, again until that move is selected
// (a piece's clicks go through its moves in turn), then its destination, which must be the
// move's. A piece standing on the destination of the move selected for the person (the first)
// is selected by the click, not that move played. Counts those clicks in `done.onDest`.
async function clickMove(p, move, problems, done) {
  const state = await stateOf(p);
  const piece = p.locator(`#board [data-piece][data-movable][data-seat="${state.to_move}"]`
    + `[data-progress="${move.progress}"]`).first();
  if ((await piece.count()) === 0) {
    problems.push(`no marked piece offers the move (${move.move})`);
    return false;
  }
  if (await piece.evaluate((node) => node.closest('[data-dest]') !== null)) done.onDest += 1;
  const tries = state.moves.filter((m) => m.progress === move.progress).length;
  const seen = [];
  for (let i = 0; i < tries; i += 1) {
    await piece.click();
    const now = await selected(p);
    seen.push(now?.move ?? 'none');
    if (now?.index !== move.index) continue;
    const dest = p.locator('#board [data-dest]').first();
    await dest.waitFor({ state: 'visible', timeout: 5_000 });
    const target = await dest.getAttribute('data-square');
    if (move.to !== null && Number(target) !== move.to) {
      problems.push(`a move is shown going to square ${target}, not ${move.to} (${move.move})`);
    }
    await dest.click();
    return true;
  }
  problems.push(`clicking its piece never selects the move (${move.move}; it selected `
    + `${seen.join(', ')} of ${state.moves.map((m) => m.move).join(', ')})`);
  return false;
}

async function playGame(context, game) {
  const problems = [];
  const p = await context.newPage();
  collectErrors(p, problems, allowed, 'beyond the server');
  p.on('websocket', (ws) => {
    if (new URL(ws.url()).host !== origin.host) {
      problems.push(`the page opened a WebSocket beyond the server: ${ws.url()}`);
    }
  });
  // The moves the page sends, in order: each must be the one the person chose by clicking.
  const sent = [];
  p.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().endsWith('/actions')) return;
    try {
      const body = JSON.parse(r.postData() ?? '{}');
      if (body.action === 'move') sent.push(body.move);
    } catch { /* not an action */ }
  });
  const started = Date.now();
  const done = { throws: 0, boardMoves: 0, listMoves: 0, bonus: 0, captures: 0, onDest: 0,
    sentences: new Set() };
  try {
    await p.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
    await p.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    if (await p.locator('#show-new-game').isVisible()) await p.click('#show-new-game');
    await p.waitForSelector(`#ruleset option[value="${game.name}"]`, { state: 'attached',
      timeout: 30_000 });
    await p.selectOption('#ruleset', game.name);
    await howToPlay(context, p, game, problems);
    const seats = await p.locator('#seat-rows .seat-row').count();
    if (seats !== 4) problems.push(`${seats} seat rows, not 4`);
    await p.selectOption('#seat-0-kind', 'me');
    for (let seat = 1; seat < seats; seat += 1) {
      await p.selectOption(`#seat-${seat}-kind`, 'bot');
      await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
    }
    const paces = await p.locator('#pace option').evaluateAll((o) => o.map((x) => x.value));
    await p.selectOption('#pace', paces.at(-1));
    await p.click('#start');
    await p.waitForSelector('#board [data-piece]', { timeout: 30_000 });
    const header = (await p.locator('#game-name').textContent())?.trim() ?? '';
    if (!header.includes(game.title)) problems.push(`the header names the game "${header}"`);
    if (game.start) checkStart(game, await startOfBoard(p), problems);

    const deadline = Date.now() + TIME_LIMIT_MS;
    let axeChecked = false;
    while (Date.now() < deadline && done.boardMoves + done.listMoves < MOVES) {
      const what = await personDue(p, deadline);
      if (what === 'over' || what === 'timeout') break;
      const state = await stateOf(p);
      const words = await checkThrow(p, game, state, problems);
      if (words) done.sentences.add(words);
      if (game.bonus && state.pool.some((i) => i.bonus)) {
        const pool = await p.locator('#pool').textContent();
        if (!/\(bonus\)/.test(pool)) problems.push(`a bonus step left to play is not said: "${pool}"`);
      }
      if (!axeChecked && what === 'move' && done.boardMoves >= Math.min(10, MOVES / 2)) {
        axeChecked = true;
        await checkAccessibility(p, `the ${game.name} game`, problems);
      }
      const { actions, lines } = await p.evaluate(() => ({ actions: document.body.dataset.actions,
        lines: Number(document.querySelector('#announcer')?.dataset.lines ?? 0) }));
      let chosen = null;
      // The person brings a piece in by the bonus step where it is offered (Sokkattan), else
      // sends a piece back where a move can, else plays as below.
      const wanted = state.moves.find((m) => m.move === '0+1')
        ?? state.moves.find((m) => m.captures > 0 && m.progress !== null);
      if (what === 'throw') {
        await p.click('#throw');
        done.throws += 1;
      } else if (wanted && await clickMove(p, wanted, problems, done)) {
        chosen = wanted;
        done.boardMoves += 1;
        if (wanted.move === '0+1') done.bonus += 1;
      } else {
        if ((await p.locator('#moves li').count()) === 0) continue;
        // The first move is selected already, its destination marked: a click there plays it.
        // A marked piece standing on that square (pieces share squares here) is selected by a
        // click, as any other marked piece: such a piece is clicked first where there is one.
        const onDest = p.locator('#board [data-dest] [data-piece][data-movable]').first();
        const there = (await onDest.count()) > 0;
        const piece = there ? onDest : p.locator('#board [data-piece][data-movable]').first();
        const dest = p.locator('#board [data-dest]').first();
        if (there) done.onDest += 1;
        if ((await piece.count()) > 0) {
          await piece.click();
          await dest.waitFor({ state: 'visible', timeout: 5_000 });
          chosen = await selected(p);
          await dest.click();
          done.boardMoves += 1;
        } else if ((await dest.count()) > 0) {
          chosen = await selected(p);
          await dest.click();
          done.boardMoves += 1;
        } else {
          await p.locator('#moves li:not([data-move="-"]) button').first().click();
          done.listMoves += 1;
        }
      }
      // The action is answered before the next is looked for, so that a stale page is never
      // clicked.
      await p.waitForFunction((before) => document.body.dataset.busy !== 'true'
        && document.body.dataset.actions !== before, actions, { timeout: 30_000, polling: 50 });
      // The click played the move chosen, not another (such as the one selected for the person
      // when a piece of theirs stands on its destination).
      if (chosen && sent.at(-1) !== chosen.move) {
        problems.push(`the clicks played ${sent.at(-1)}, not the move chosen (${chosen.move})`);
      }
      // A piece sent back is told, wherever it goes back to (in Chaupar and Pachih, onto the
      // board).
      if (chosen?.captures > 0) {
        done.captures += 1;
        const told = await p.waitForFunction((n) => [...document.querySelectorAll('#announcer p')]
          .some((l) => Number(l.dataset.n) > n && /^You .* was sent back[.!]/.test(l.textContent)),
        lines, { timeout: 5_000, polling: 50 }).then(() => true).catch(() => false);
        if (!told) {
          const heard = await p.$$eval('#announcer p', (all) => all.slice(-4).map((l) => l.textContent));
          problems.push(`a move of the person's sent a piece back untold (${chosen.move}; the live `
            + `region said ${JSON.stringify(heard)})`);
        }
      }
    }
    if (!axeChecked) await checkAccessibility(p, `the ${game.name} game`, problems);
    await p.screenshot({ path: join(shots, `family-${game.name}.png`) });
    const over = await p.locator('#result').isVisible();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${game.name}: ${done.throws} throws, ${done.boardMoves} moves on the board `
      + `(${done.bonus} by a bonus step, ${done.captures} sending a piece back), `
      + `${done.listMoves} from the list, ${done.onDest} by a piece on the first move's `
      + `destination, ${seconds} s`
      + `${over ? `; ${await p.locator('#result').textContent()}` : ''}`);
    for (const words of [...done.sentences].slice(0, 4)) console.log(`${game.name}: "${words}"`);
    if (done.boardMoves < MIN_BOARD_MOVES && !over) {
      problems.push(`only ${done.boardMoves} moves were made by clicking the board`);
    }
    if (done.sentences.size === 0) problems.push('no throw was ever shown');
  } catch (err) {
    problems.push(`cannot play: ${err?.stack ?? err}`);
  } finally {
    await p.close().catch(() => {});
  }
  // Each kind of problem told once, with the first case of it (what varies is in brackets).
  const kinds = new Map();
  for (const problem of problems) {
    const kind = problem.replace(/ \(.*\)$/s, '');
    if (!kinds.has(kind)) kinds.set(kind, problem);
  }
  for (const problem of kinds.values()) errors.push(`${game.name}: ${problem}`);
}

// Chaupar's partner's turn (Abu'l Fazl 1590: a player who has finished throws for the partner),
// in the replay viewer: a record that starts where Yellow's pieces are all home and Yellow's turn
// comes, so that Black throws for Yellow. The status line says whose turn at the table it is.
async function partnersTurn(context) {
  const p = await context.newPage();
  const problems = [];
  collectErrors(p, problems, allowed, 'beyond the server');
  try {
    await p.goto(origin.href);
    const record = '[Ruleset "chaupar"]\n'
      + '[Start "h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Bt - entered=YGBR thrower=Y"]\n\n';
    await p.setInputFiles('#replay-file', {
      name: 'partner.record', mimeType: 'text/plain', buffer: Buffer.from(record),
    });
    await p.waitForSelector('#replay-controls:not([hidden])', { timeout: 30_000 });
    const status = (await p.locator('#status').textContent()) ?? '';
    if (!status.includes('Black to throw') || !status.includes('in Yellow\'s turn, the partner Black')) {
      problems.push(`the partner's turn is not said: the status reads ${JSON.stringify(status)}`);
    }
  } catch (err) {
    problems.push(`cannot open the record: ${err?.stack ?? err}`);
  } finally {
    await p.close().catch(() => {});
  }
  for (const problem of problems) errors.push(`chaupar, the partner's turn: ${problem}`);
}

const browser = await launch('family', { viewport: { width: 1280, height: 900 } });
try {
  const only = process.env.FAMILY_GAMES?.split(',');
  for (const game of GAMES) if (!only || only.includes(game.name)) await playGame(browser.context, game);
  if (!only || only.includes('chaupar')) await partnersTurn(browser.context);
} catch (err) {
  check(false, `the script failed: ${err?.stack ?? err}`);
} finally {
  await browser.close();
}
if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('the older games play in the browser without errors');
