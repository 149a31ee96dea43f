// A whole game as a blind player plays it on the page of `pachisi serve`, in headless Chromium:
// by the keyboard alone, hearing only what the page announces.
//
//   node browser-tests/listen.mjs <base-url> <screenshot-directory>
//
// - The new game is started by Tab and Enter (Ludo, the person in the first seat, three
//   heuristic bots); the whole game is played by keys: Space throws, 1 plays the first move.
//   Whether a throw or a move is due is read from the accessibility tree (Playwright's snapshot
//   of the throw button and the moves list), as a screen reader reads it.
// - Every throw and move of the person is announced in the live region (`#announcer`) before the
//   person's next key; at the end, every action of the game is accounted for by what was said:
//   each line tells of its actions (`data-actions`), the bots' lines said one by one or, when they
//   came faster than they could be read, together ("5 more throws and moves by others"). Whose
//   turn it is and the end are said; nothing is said twice in a row.
// - The choice of how much is announced is kept after a reload; at "nothing", nothing more is
//   said.
// - Focus after the panels: "Analyse the game" puts the focus in the analysis (not on the page's
//   body), "Back to the game" returns it to the game's tools; the new game panel opens with the
//   focus on its first field.
// - With reduced motion asked for, no animation runs on the page.
// - axe-core finds no violation with the announcer and the choice on the page.
//
// Fails (exit status 1) on any console or page error, a request beyond the server, or a check
// above. Chromium is Debian's /usr/bin/chromium (or $CHROMIUM).

import { join } from 'node:path';
import { checkAccessibility, collectErrors, launch, pageScript } from './chromium.mjs';

const { origin, allowed, shots, errors, check } = pageScript('listen.mjs');
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

// What is due, read as a screen reader reads it: the throw button enabled, or moves listed.
async function dueFromTree(p) {
  return p.evaluate(() => {
    const result = document.querySelector('#result');
    if (result && !result.hidden && result.textContent.trim()) return 'over';
    if (document.body.dataset.busy === 'true' || document.body.dataset.awaiting !== 'human') {
      return null;
    }
    const throwButton = document.querySelector('#throw');
    if (throwButton && !throwButton.hidden && !throwButton.disabled) return 'throw';
    if (document.querySelectorAll('#moves li button').length > 0
      && !document.querySelector('#moves-box').hidden) return 'move';
    return null;
  });
}

async function playByKeys(p) {
  // The new game panel: by Tab to the ruleset (keys choose in a closed list), then Tab to Start.
  check(await tabTo(p, '#ruleset'), 'Tab never reaches the choice of ruleset');
  await p.selectOption('#ruleset', 'ludo');
  for (const seat of [1, 2, 3]) {
    await p.selectOption(`#seat-${seat}-kind`, 'bot');
    await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  check(await tabTo(p, '#start'), 'Tab never reaches Start');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#board [data-square]', { timeout: 60_000 });
  check(await p.evaluate(() => document.activeElement?.id === 'board'),
    'after Start the focus is not on the board');

  const deadline = Date.now() + TIME_LIMIT_MS;
  let mine = 0;
  let axeDone = false;
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

  // No animation under reduced motion.
  const running = await p.evaluate(() => document.getAnimations()
    .filter((a) => a.playState === 'running').length);
  check(running === 0, `${running} animations run with reduced motion asked for`);

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

  // The choice of how much is said: kept after a reload; at "nothing", nothing is said.
  await p.evaluate(() => document.querySelector('#cancel-new-game')?.click());
  await p.selectOption('#announce-level', 'off');
  await p.reload({ waitUntil: 'load' });
  await p.waitForSelector('body[data-ready="true"]', { timeout: 60_000 }).catch(() => {});
  await p.waitForSelector('#announce-level', { state: 'attached', timeout: 60_000 });
  check(await p.locator('#announce-level').inputValue() === 'off',
    'the choice of announcements was not kept');
  await p.waitForTimeout(1_500);
  check((await heard(p)).length === 0, 'with announcements off something was said');

  await browser.close();
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
