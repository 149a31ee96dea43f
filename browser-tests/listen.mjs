// A whole game as a blind player plays it on the page of `pachisi serve`, in headless Chromium:
// by the keyboard alone, hearing only what the page announces.
//
//   node browser-tests/listen.mjs <base-url> <screenshot-directory>
//
// - The new game is started by Tab and Enter (Ludo, the person in the first seat, three
//   heuristic bots); the whole game is played by keys: Space throws, 1 plays the first move.
//   Whether a throw or a move is due is read from the accessibility tree, as a screen reader
//   reads it (Playwright's ARIA snapshot of the throw button and the moves list), and checked
//   against the page's own data; the live region is in that tree as a log with its lines.
// - While a move is due: with reduced motion asked for, no animation runs (and without it, the
//   movable rings and the destinations do animate, so the check can fail); "why 1" (then 2, 3,
//   4, one a move, until a piece that cannot move is asked about) asked by / and Enter is
//   answered with the rules' reason in the question's live region (`#ask-answer`), and w says
//   why the pieces that cannot move cannot.
// - Every throw and move of the person is announced in the live region (`#announcer`) before the
//   person's next key; at the end, every action of the game is accounted for by what was said:
//   each line tells of its actions (`data-actions`), the bots' lines said one by one or, when they
//   came faster than they could be read, together ("5 more throws and moves by others"). Whose
//   turn it is and the end are said; nothing is said twice in a row. Among every line said (kept
//   as they come, since the region keeps only the last ones): the person's turn passing with its
//   reason ("You cannot move: ...") and a token brought home.
// - The choice of how much is announced is kept after a reload; at "nothing", nothing more is
//   said. At "my turns and what touches my pieces", a second game: no line tells of another
//   seat's action unless it sends one of the person's tokens back.
// - Focus after the panels: "Analyse the game" puts the focus in the analysis (not on the page's
//   body), "Back to the game" returns it to the game's tools; the new game panel opens with the
//   focus on its first field, and its Cancel puts it back on "New game".
// - axe-core finds no violation with the announcer and the choice on the page.
//
// Fails (exit status 1) on any console or page error, a request beyond the server, or a check
// above. Chromium is Debian's /usr/bin/chromium (or $CHROMIUM).

import { join } from 'node:path';
import { checkAccessibility, collectErrors, launch, pageScript, personDue } from './chromium.mjs';

const { origin, allowed, shots, errors, check } = pageScript('listen.mjs');
// The seed of the game played: its first throws pass the person's turn (no token can come in
// without a 6), so that the pass and its reason are heard.
const SEED = '3';
// A game of Ludo against bots at the server's pace 0 takes a few hundred actions.
const TIME_LIMIT_MS = 240_000;

// Presses Tab until the focus is on `selector` (at most `most` times), as a keyboard user walks
// the page; false when it is never reached.
async function tabTo(p, selector, most = 80) {
  for (let i = 0; i < most; i += 1) {
    if (await p.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
    await p.keyboard.press('Tab');
  }
  return false;
}

// The lines the live region holds, oldest first, with the actions each tells of.
const heard = (p) => p.$$eval('#announcer p', (lines) => lines.map((l) => ({
  text: l.textContent, actions: Number(l.dataset.actions ?? 0) })));

// Every line the live region says, as it comes (the region keeps only the last ones): kept in
// the page as `window.heardAll`.
async function keepEveryLine(p) {
  await p.evaluate(() => {
    window.heardAll = [];
    const region = document.querySelector('#announcer');
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) window.heardAll.push(node.textContent);
      }
    }).observe(region, { childList: true });
  });
}

// The ARIA snapshot of `selector` (Playwright's view of the accessibility tree): empty when it is
// not in the tree (hidden).
async function tree(p, selector) {
  return p.locator(selector).ariaSnapshot({ timeout: 5_000 }).catch(() => '');
}

// What is due, read from the accessibility tree as a screen reader reads it: the throw button
// there and not disabled, or buttons in the list of moves.
async function dueFromTree(p) {
  const throwing = await tree(p, '#throw');
  if (/^- button\b/.test(throwing) && !/\[disabled\]/.test(throwing)) return 'throw';
  if (/- listitem[\s\S]*- button\b/.test(await tree(p, '#moves-box'))) return 'move';
  return null;
}

// The animations running on the page.
const running = (p) => p.evaluate(() => document.getAnimations()
  .filter((a) => a.playState === 'running').length);

// With a move due (movable tokens ringed, their destinations marked): no animation runs under
// reduced motion, and some do without it, so that the first check proves something. False when
// nothing is ringed yet (the check waits for another move).
async function checkMotion(p) {
  if (await p.locator('#board .piece.movable .ring').count() === 0) return false;
  const still = await running(p);
  await p.emulateMedia({ reducedMotion: 'no-preference' });
  await p.waitForTimeout(200);
  const moving = await running(p);
  await p.emulateMedia({ reducedMotion: 'reduce' });
  await p.waitForTimeout(200);
  const stillAgain = await running(p);
  console.log(`with a move due: ${still} animations with reduced motion, ${moving} without`);
  check(still === 0 && stillAgain === 0,
    `${still}, then ${stillAgain} animations run with reduced motion asked for and a move due`);
  check(moving > 0, 'without reduced motion nothing animates while a move is due, so the '
    + 'reduced-motion check proves nothing');
  return true;
}

// Asks `question` by the keyboard as a blind player does: / to the question field, the words,
// Enter; the answer said in `#ask-answer`. The focus goes back to the board after.
async function askByKeys(p, question) {
  await p.evaluate(() => document.querySelector('#ask-answer')?.replaceChildren());
  await p.keyboard.press('/');
  check(await p.evaluate(() => document.activeElement?.id === 'ask'), '/ does not focus the question');
  await p.keyboard.type(question);
  await p.keyboard.press('Enter');
  const answer = await p.waitForSelector('#ask-answer p', { timeout: 15_000 })
    .then(() => p.locator('#ask-answer').innerText()).catch(() => '');
  await p.focus('#board');
  return answer.trim();
}

// While a move is due, once: "why 1", "why 2" and so on, one a move, until a piece that cannot
// move is asked about, answered with the rules' reason ("Token 2, waiting in the nest: ..."); and
// w, why every piece that cannot move cannot. True once the reason was heard.
async function askWhy(p, state) {
  if (!state.wKey) {
    await p.evaluate(() => document.querySelector('#ask-answer')?.replaceChildren());
    await p.keyboard.press('w');
    const answer = await p.waitForSelector('#ask-answer p', { timeout: 15_000 })
      .then(() => p.locator('#ask-answer').innerText()).catch(() => '');
    check(/^(Tokens? [\d, and]+, .+: .+\.|Every token of yours on its way can move)/.test(answer.trim()),
      `w did not say why the pieces that cannot move cannot: "${answer}"`);
    state.wKey = answer.trim();
  }
  // The pieces in turn, one a move, until one cannot move with the throw in hand.
  state.piece = (state.piece ?? 0) % 4 + 1;
  const n = state.piece;
  const answer = await askByKeys(p, `why ${n}`);
  if (new RegExp(`^Token ${n} (can move|is home)`).test(answer)) return false;
  check(new RegExp(`^Token ${n}, [^:]+: \\S.*\\.$`).test(answer),
    `"why ${n}" was not answered with a reason: "${answer}"`);
  console.log(`why ${n}: ${answer}; w: ${state.wKey}`);
  return true;
}

async function playByKeys(p) {
  // The new game panel: by Tab to the ruleset (keys choose in a closed list), then Tab to Start.
  check(await tabTo(p, '#ruleset'), 'Tab never reaches the choice of ruleset');
  await p.selectOption('#ruleset', 'ludo');
  for (const seat of [1, 2, 3]) {
    await p.selectOption(`#seat-${seat}-kind`, 'bot');
    await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  // A game whose throws pass the person's turn, with every token waiting, before a 6 comes.
  // (The field is among the panel's further options, folded away: set as the form reads it.)
  await p.evaluate((seed) => { document.querySelector('#seed').value = seed; }, SEED);
  check(await tabTo(p, '#start'), 'Tab never reaches Start');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#board [data-square]', { timeout: 60_000 });
  check(await p.evaluate(() => document.activeElement?.id === 'board'),
    'after Start the focus is not on the board');

  await keepEveryLine(p);
  const deadline = Date.now() + TIME_LIMIT_MS;
  let mine = 0;
  let axeDone = false;
  let motionDone = false;
  const why = { heard: false, wKey: null };
  while (Date.now() < deadline) {
    const due = await p.waitForFunction(() => {
      const result = document.querySelector('#result');
      if (result && !result.hidden && result.textContent.trim()) return 'over';
      const body = document.body;
      if (body.dataset.busy === 'true' || body.dataset.awaiting !== 'human') return null;
      if (document.querySelector('#throw:not(:disabled):not([hidden])')) return 'throw';
      if (document.querySelectorAll('#moves li button').length > 0) return 'move';
      return null;
    }, null, { timeout: Math.max(1, deadline - Date.now()), polling: 50 })
      .then((h) => h.jsonValue()).catch(() => 'timeout');
    if (due === 'over' || due === 'timeout') break;
    // The accessibility tree says the same as the page's data.
    check(await dueFromTree(p) === due, `the accessibility tree does not show a ${due} due`);
    if (!axeDone && due === 'move') {
      await checkAccessibility(p, 'the game with the announcer', errors);
      axeDone = true;
    }
    if (!motionDone && due === 'move') motionDone = await checkMotion(p);
    if (!why.heard && due === 'move') why.heard = await askWhy(p, why);
    const before = await p.evaluate(() => Number(document.querySelector('#announcer')?.dataset.lines ?? 0));
    await p.keyboard.press(due === 'throw' ? 'Space' : '1');
    mine += 1;
    // The person's own action is said before they act again.
    const said = await p.waitForFunction((n) => {
      const lines = [...document.querySelectorAll('#announcer p')].filter((l) => Number(l.dataset.n) > n);
      return lines.some((l) => /^You /.test(l.textContent) && l.dataset.actions === '1');
    }, before, { timeout: 15_000, polling: 50 }).then(() => true).catch(() => false);
    check(said, `the person's ${due} (action ${mine}) was not announced`);
    if (!said) break;
  }
  check(motionDone, 'no move was due with a token ringed: reduced motion was not checked');
  check(why.heard, '"why N" never found a piece unable to move');
  return mine;
}

async function main() {
  const browser = await launch('listen', { viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce' });
  const p = browser.page;
  collectErrors(p, errors, allowed, 'beyond the server');
  await p.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  await p.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 60_000 });

  const mine = await playByKeys(p);
  await p.waitForSelector('#result:not([hidden])', { timeout: 30_000 }).catch(() => {});
  const total = await p.evaluate(async () => {
    const { ui } = await import('/js/state.js');
    return ui.game?.actions ?? -1;
  });
  // Everything waiting is said in the end.
  await p.waitForFunction((n) => {
    const region = document.querySelector('#announcer');
    return Number(region?.dataset.told) >= n - Number(region?.dataset.from ?? 0)
      && [...region.children].some((l) => / won|game is over/i.test(l.textContent));
  }, total, { timeout: 30_000, polling: 100 }).catch(() => {});
  const lines = await heard(p);
  const told = lines.reduce((sum, l) => sum + l.actions, 0);
  console.log(`${mine} actions by keys; ${total} actions in the game; ${lines.length} lines said, `
    + `telling of ${told}; the last: ${lines.slice(-3).map((l) => l.text).join(' | ')}`);
  check(await p.locator('#result').isVisible(), 'the game did not finish by keys');
  check(mine >= 10, `only ${mine} actions were made by keys`);
  // The region keeps the last lines only: what it still holds tells of the game's last actions.
  const kept = await p.evaluate(() => document.querySelector('#announcer').childElementCount);
  check(kept <= 30, `the live region keeps ${kept} lines`);
  check(told > 0 && told <= total, `the lines kept tell of ${told} of ${total} actions`);
  check(lines.some((l) => /^You threw/.test(l.text)), 'no throw of the person was said');
  check(lines.some((l) => / won|game is over/i.test(l.text)), 'the end was not said');
  for (let i = 1; i < lines.length; i += 1) {
    check(!(lines[i].text === lines[i - 1].text && lines[i].actions === 0),
      `said twice in a row: ${lines[i].text}`);
  }
  // The region counts what it has said since the page opened (it keeps only the last lines).
  const counted = await p.evaluate(() => ({ ...document.querySelector('#announcer').dataset }));
  check(Number(counted.told) === total - Number(counted.from ?? 0), `the announcements told of `
    + `${counted.told} actions, the game had ${total} after the ${counted.from} before it opened`);
  console.log(`all told: ${counted.lines} lines for ${counted.told} actions`);

  // Among every line said: the person's turn passing with its reason, and a token home.
  const all = await p.evaluate(() => window.heardAll ?? []);
  // The reasons of a pass are the tokens' ("Tokens 1, 2, 3 and 4, waiting in the nest: a
  // waiting token comes in only on a 6, which the 3 is not."), at the pass, not after it.
  const reason = /^You cannot move: (Tokens? [\d, and]+, [^:]+: \S.*\. ?)+$/;
  const passes = all.filter((l) => /^You cannot move/.test(l));
  const passed = passes.find((l) => reason.test(l));
  for (const wrong of passes.filter((l) => !reason.test(l)).slice(0, 3)) {
    check(false, `a passed turn said without the pieces' reasons: ${wrong}`);
  }
  const home = all.find((l) => / brought a token home\./.test(l));
  console.log(`${all.length} lines heard; a pass: ${passed}; home: ${home}`);
  check(passed, 'no passed turn was said with its reason');
  // A pass moves nothing: it is said as the person's pass, not as "Red played." or as the move
  // before it again.
  check(all.some((l) => /^You passed\./.test(l)), 'no pass of the person was said as theirs');
  check(!all.some((l) => /^Red played\./.test(l)), 'the person\'s own action was said as "Red played."');
  check(home, 'no token brought home was said');
  // The live region as the accessibility tree has it: a log holding the last line said.
  const log = await tree(p, '#announcer');
  const last = lines[lines.length - 1]?.text ?? '';
  check(/^- log\b/.test(log) && log.includes(last.slice(0, 40)),
    `the live region is not in the accessibility tree as a log with its lines: ${log.slice(0, 200)}`);

  // Focus after the analysis opens and closes.
  check(await tabTo(p, '#analyse-game'), 'Tab never reaches "Analyse the game"');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#analysis:not([hidden])', { timeout: 120_000 });
  await p.waitForFunction(() => document.activeElement && document.activeElement !== document.body,
    null, { timeout: 10_000 }).catch(() => {});
  const inAnalysis = await p.evaluate(() => {
    const a = document.activeElement;
    return a && a !== document.body ? (a.closest('#replay-view') ? a.id || a.tagName : `outside: ${a.id}`)
      : 'body';
  });
  check(!/^(body|outside)/.test(inAnalysis), `after "Analyse the game" the focus is on ${inAnalysis}`);
  await p.screenshot({ path: join(shots, 'listen-analysis.png') });
  check(await tabTo(p, '#replay-close'), 'Tab never reaches "Back to the game"');
  await p.keyboard.press('Enter');
  const back = await p.evaluate(() => document.activeElement?.id ?? 'body');
  check(back === 'analyse-game', `after "Back to the game" the focus is on ${back || 'body'}`);
  check(await tabTo(p, '#show-new-game'), 'Tab never reaches "New game"');
  await p.keyboard.press('Enter');
  const first = await p.evaluate(() => document.activeElement?.id ?? 'body');
  check(first === 'ruleset', `the new game panel opened with the focus on ${first || 'body'}`);

  // Cancel, by the keyboard: the focus back on "New game".
  check(await tabTo(p, '#cancel-new-game'), 'Tab never reaches the new game panel\'s Cancel');
  await p.keyboard.press('Enter');
  const cancelled = await p.evaluate(() => document.activeElement?.id ?? 'body');
  check(cancelled === 'show-new-game', `after Cancel the focus is on ${cancelled || 'body'}`);

  // The choice of how much is said: kept after a reload; at "nothing", nothing is said.
  await p.selectOption('#announce-level', 'off');
  await p.reload({ waitUntil: 'load' });
  await p.waitForSelector('body[data-ready="true"]', { timeout: 60_000 }).catch(() => {});
  await p.waitForSelector('#announce-level', { state: 'attached', timeout: 60_000 });
  check(await p.locator('#announce-level').inputValue() === 'off',
    'the choice of announcements was not kept');
  await p.waitForTimeout(1_500);
  check((await heard(p)).length === 0, 'with announcements off something was said');

  await onlyMine(p);
  await browser.close();
}

// At "my turns and what touches my pieces", a new game played by keys for a while: every line
// said is the person's own (their throws, moves, turn, passes), another seat's move that sends
// a token of theirs back, or the end; the others' throws and moves are not said, though they
// played.
async function onlyMine(p) {
  await p.selectOption('#announce-level', 'mine');
  const before = await p.evaluate(async () => (await import('/js/state.js')).ui.game?.id);
  check(await tabTo(p, '#show-new-game'), 'Tab never reaches "New game"');
  await p.keyboard.press('Enter');
  await p.selectOption('#ruleset', 'ludo');
  for (const seat of [1, 2, 3]) {
    await p.selectOption(`#seat-${seat}-kind`, 'bot');
    await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  check(await tabTo(p, '#start'), 'Tab never reaches Start');
  await p.keyboard.press('Enter');
  await p.waitForFunction(() => document.querySelector('#new-game').hidden
    && document.querySelector('#board [data-square]'), null, { timeout: 60_000 });
  await keepEveryLine(p);
  let mine = 0;
  const deadline = Date.now() + 60_000;
  while (mine < 24 && Date.now() < deadline) {
    const due = await personDue(p, deadline);
    if (due === 'over' || due === 'timeout') break;
    await p.keyboard.press(due === 'throw' ? 'Space' : '1');
    mine += 1;
    await p.waitForFunction((n) => document.body.dataset.awaiting !== 'human'
      || Number(document.querySelector('#announcer')?.dataset.lines) > n, await p.evaluate(
      () => Number(document.querySelector('#announcer')?.dataset.lines ?? 0)),
    { timeout: 15_000, polling: 50 }).catch(() => {});
  }
  await p.waitForTimeout(1_500);
  const game = await p.evaluate(async () => {
    const { ui } = await import('/js/state.js');
    return { id: ui.game?.id, actions: ui.game?.actions ?? 0 };
  });
  const said = await p.evaluate(() => window.heardAll ?? []);
  const ours = (l) => /^(You|Your)\b/.test(l) || /\bYour (token|piece|pawn)\b/.test(l) || / won\b|game is over/i.test(l);
  const others = said.filter((l) => !ours(l));
  console.log(`at "mine": ${mine} actions by keys, ${game.actions} in the game, ${said.length} `
    + `lines said: ${said.slice(0, 6).join(' | ')}`);
  check(game.id && game.id !== before, 'no new game was started at "mine"');
  check(mine >= 8, `only ${mine} actions were made by keys at "mine"`);
  check(game.actions > mine * 2, `the bots played ${game.actions - mine} actions only`);
  check(said.some((l) => /^You threw/.test(l)), 'at "mine" the person\'s throws were not said');
  check(!said.some((l) => /^Red played\./.test(l)), 'at "mine" the person\'s action was said as "Red played."');
  for (const line of others.slice(0, 5)) check(false, `at "mine" another seat's action was said: ${line}`);
  if (others.length > 0) console.log(`said at "mine":\n${said.join('\n')}`);
}

try {
  await main();
} catch (err) {
  errors.push(`the script failed: ${err.stack ?? err}`);
}
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log('a blind player followed and played the whole game by keys');
