// Walks the guided first game on the page /learn of `pachisi serve` in headless Chromium, as a
// person would:
//
//   node browser-tests/learn.mjs <base-url> <steps.json> <screenshot.png>
//
// `steps.json` lists the Pachisi tour's steps as the engine's data has them: `[{"key", "answer",
// "wrong"}]` (`wrong`: a move the step refuses with its reason, or null). From the start page's
// "Learn to play" link, chooses the Pachisi tour and walks every step by its answer: the first
// with the keyboard alone (Space throws, 1 plays the first move), the others by their buttons.
// On every step with a wrong move, tries it first and expects its explanation in the live region,
// the step not advanced and the same moves offered. At the end, the outro and "Play a first game",
// which must open a real game against bots on the game page, where throwing until something
// happens must show a tip; dismissed by the keyboard, it leaves the focus on the game (the throw
// button, a move or the board), not the page's body.
//
// Fails (exit status 1) on any console error, page error or failed request, on a request to any
// host but the server's own, or when a check above fails. Writes a screenshot either way.

import { checkAccessibility, collectErrors, launch, serverOf } from './chromium.mjs';
import { readFileSync } from 'node:fs';

const usage = 'usage: node learn.mjs <base-url> <steps.json> <screenshot.png>';
const [base, stepsPath, shotPath] = process.argv.slice(2);
if (!base || !stepsPath || !shotPath) {
  console.error(usage);
  process.exit(2);
}
const { origin, allowed } = serverOf(base, usage);
const steps = JSON.parse(readFileSync(stepsPath, 'utf8'));
const errors = [];
const check = (ok, message) => {
  if (!ok) errors.push(message);
};

const { page: p, close } = await launch('learn', { viewport: { width: 1280, height: 900 } });
collectErrors(p, errors, allowed, 'beyond the server');

async function stage() {
  return p.evaluate(() => document.body.dataset.stage);
}

// Waits until the step's stage is `want` with no request under way.
async function waitStage(want, what) {
  await p.waitForFunction((w) => document.body.dataset.stage === w
    && document.body.dataset.busy === 'false', want, { timeout: 15_000 })
    .catch(() => errors.push(`${what}: the step did not reach "${want}"`));
}

async function feedback() {
  return p.evaluate(() => {
    const f = document.querySelector('#learn-feedback');
    return { kind: f.dataset.kind, text: f.textContent, live: f.getAttribute('aria-live') };
  });
}

try {
  // How to play, for a ruleset of cowries and one of dice: no accessibility violation.
  for (const ruleset of ['pachisi', 'parcheesi-sr']) {
    await p.goto(new URL(`/rules/${ruleset}`, origin).href, { waitUntil: 'load', timeout: 60_000 });
    await checkAccessibility(p, `/rules/${ruleset}`, errors);
  }
  await p.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  const link = p.locator('#learn-link');
  check(await link.isVisible(), 'the start page shows no "Learn to play" link');
  check((await link.textContent())?.trim() === 'Learn to play', 'the link does not say "Learn to play"');
  await link.click();
  await p.waitForURL(/\/learn$/, { timeout: 15_000 });
  await p.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

  // The tours: Pachisi's first, the others saying how they differ.
  const tours = await p.locator('#learn-tours .learn-tour').allTextContents();
  check(tours.length === 3, `${tours.length} tours offered, not 3`);
  check(/Pachisi/.test(tours[0] ?? ''), `the first tour is not Pachisi's: ${tours[0]}`);
  check(tours.slice(1).every((t) => /how it differs/.test(t)), `the other tours: ${tours}`);
  await checkAccessibility(p, 'the choice of tours at /learn', errors);
  await p.click('#learn-tours [data-tour="pachisi"]');

  for (const [i, step] of steps.entries()) {
    const what = `step ${i + 1} (${step.key})`;
    await p.waitForFunction((n) => document.body.dataset.step === String(n)
      && document.body.dataset.busy === 'false', i + 1, { timeout: 15_000 });
    const counter = await p.textContent('#learn-counter');
    check(counter?.includes(`step ${i + 1} of ${steps.length}`), `${what}: the counter says ${counter}`);
    check((await p.textContent('#learn-title'))?.trim(), `${what}: no title`);
    check((await p.textContent('#learn-task'))?.trim(), `${what}: no task`);
    check((await p.textContent('#learn-source'))?.trim(), `${what}: no source quoted`);
    check(await p.locator('#board [data-square]').count() > 0, `${what}: no board`);
    const keyboard = i === 0;
    if ((await stage()) === 'throw') {
      if (keyboard) await p.keyboard.press('Space');
      else await p.click('#throw');
      await waitStage('move', what);
      check((await feedback()).kind === 'thrown', `${what}: the throw is not told`);
    }
    if (step.wrong) {
      const before = await p.locator('#moves button').evaluateAll((b) => b.map((x) => x.dataset.move));
      await p.click(`#moves button[data-move="${step.wrong}"]`);
      await p.waitForFunction(() => document.querySelector('#learn-feedback').dataset.kind === 'wrong'
        && document.body.dataset.busy === 'false', null, { timeout: 15_000 })
        .catch(() => errors.push(`${what}: the wrong move ${step.wrong} is not explained`));
      const said = await feedback();
      if (step.key === 'capture') await checkAccessibility(p, `${what}, a wrong move explained`, errors);
      check(said.text.length > 10, `${what}: the explanation is "${said.text}"`);
      check(said.live === 'polite', `${what}: the feedback is not in a live region`);
      check((await stage()) === 'move', `${what}: the wrong move was not refused`);
      check(await p.evaluate(() => document.body.dataset.step) === String(i + 1),
        `${what}: the wrong move advanced the tour`);
      check(await p.locator('#learn-next').isHidden(), `${what}: "Next" shows after a wrong move`);
      const after = await p.locator('#moves button').evaluateAll((b) => b.map((x) => x.dataset.move));
      check(JSON.stringify(before) === JSON.stringify(after), `${what}: the moves changed`);
      console.log(`${what}: ${step.wrong} refused: ${said.text}`);
    }
    if (keyboard) {
      const first = await p.locator('#moves button').first().getAttribute('data-move');
      check(first === step.answer, `${what}: the first move is ${first}, not ${step.answer}`);
      await p.keyboard.press('1');
    } else {
      await p.click(`#moves button[data-move="${step.answer}"]`);
    }
    await waitStage('done', what);
    const said = await feedback();
    check(said.kind === 'right' && said.text.length > 10, `${what}: the answer is not praised`);
    check(await p.locator('#learn-next').isVisible(), `${what}: no "Next"`);
    if (i === 3) await p.screenshot({ path: shotPath.replace(/\.png$/, '-step.png'), fullPage: true });
    if (keyboard) {
      check(await p.evaluate(() => document.activeElement?.id) === 'learn-next',
        `${what}: "Next" does not have the focus`);
      await p.keyboard.press('Enter');
    } else {
      await p.click('#learn-next');
    }
  }

  // The end: the outro, "How to play", and the first game.
  await p.waitForSelector('#learn-end:not([hidden])', { timeout: 15_000 });
  check((await p.textContent('#learn-outro'))?.length > 20, 'no outro');
  check(await p.getAttribute('#learn-rules', 'href') === '/rules/pachisi', 'How to play links elsewhere');
  await p.click('#learn-play');
  await p.waitForURL(/\/#game=/, { timeout: 30_000 });
  await p.waitForSelector('#board [data-square]', { timeout: 30_000 });
  const title = await p.textContent('#game-name');
  check(/^Pachisi/.test(title ?? ''), `the first game is ${title}, not Pachisi`);
  const marked = await p.evaluate(() => window.localStorage.getItem('pachisi.learn'));
  check(marked?.includes('"tour":"pachisi"'), `the first game is not marked for tips: ${marked}`);
  const seats = await p.evaluate(() => document.querySelectorAll('#teams li').length);
  check(seats >= 2, `the game shows ${seats} seats`);

  // Throw until a tip shows: in Pachisi's opening most throws bring no grace, so the turn passes
  // and the tip says why; a grace has a tip of its own.
  let tip = null;
  for (let turn = 0; turn < 30 && !tip; turn++) {
    await p.waitForFunction(() => !document.querySelector('#throw').disabled
      || !document.querySelector('#moves-box').hidden
      || document.querySelector('#learn-tip')?.hidden === false, null, { timeout: 60_000 });
    tip = await p.evaluate(() => {
      const t = document.querySelector('#learn-tip');
      const text = document.querySelector('#learn-tip-text')?.textContent ?? '';
      return t && !t.hidden ? { kind: t.dataset.kind, text } : null;
    });
    if (tip) break;
    if (!(await p.locator('#moves-box').isHidden())) await p.click('#moves button >> nth=0');
    else await p.click('#throw');
    await p.waitForTimeout(300);
  }
  check(tip, 'no tip showed in the first game');
  if (tip) {
    console.log(`first game tip (${tip.kind}): ${tip.text}`);
    if (tip.kind === 'passed') {
      check(/^You passed: none of your pieces can move with a \d+\. \S.*[.!]$/.test(tip.text),
        `the passed tip does not say why: ${tip.text}`);
    }    // Dismissed by the keyboard: the focus goes on to what is due, not the page's body.
    await p.focus('#learn-tip-dismiss');
    await p.keyboard.press('Enter');
    await p.waitForSelector('#learn-tip', { state: 'hidden', timeout: 10_000 }).catch(() => {});
    const focused = await p.evaluate(() => {
      const a = document.activeElement;
      return a && a !== document.body && a.matches('#throw, #moves button, #board') ? a.id || a.tagName
        : `not on the game: ${a?.id || a?.tagName || 'nothing'}`;
    });
    check(!focused.startsWith('not on'), `after the tip is dismissed the focus is ${focused}`);
  }
} catch (err) {
  errors.push(`the walk stopped: ${err.message}`);
} finally {
  await p.screenshot({ path: shotPath, fullPage: true }).catch(() => {});
  await close();
}

if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log(`walked the Pachisi tour's ${steps.length} steps and started the first game`);
