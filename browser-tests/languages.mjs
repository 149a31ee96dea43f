// The page in Hindi and in Tamil, in headless Chromium: no English left on the game screen.
//
//   node browser-tests/languages.mjs <base-url> <screenshot-directory>
//
// - Hindi as the browser asks for it (a Chromium whose language is hi-IN), Tamil as a person
//   chooses it with the chooser at the page's foot (the page opens again in Tamil, and stays so
//   after a reload).
// - In each: the start page, then a game of Ludo against three bots played by keys for a while,
//   with "the board in words" open and a question typed ("where"): the game screen read as a
//   person reads it (its rendered text and the live
//   region's lines) holds no word of the English catalogue: the words of every English message
//   of the page, fetched from the server's English page, and of the server's answers to the
//   questions (the English speak.ftl of pachisi-words, which the board in words and the answers
//   are made of), less the commands a player types, the keys' names and English's own name in
//   the chooser, which are shown as they are. The English a Hindi or Tamil text gives in
//   brackets beside a word of the game (உதவி (help)) is meant, and not counted.
// - axe-core finds no violation on the Hindi and the Tamil game screen.
//
// Fails (exit status 1) on any console or page error, a request beyond the server, or a check
// above. Screenshots `languages-hi.png` and `languages-ta.png` in the directory.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkAccessibility, collectErrors, launch, pageScript } from './chromium.mjs';

const { origin, allowed, shots, errors, check } = pageScript('languages.mjs');

// Shown as they are in every language: the commands a player types and the keys the help
// names, and English's own name in the chooser.
const TYPED = new Set(['where', 'board', 'moves', 'threats', 'why', 'throw', 'help', 'space',
  'enter', 'english']);

// The words (three letters or more) of every English message the page is sent.
async function englishWords() {
  const page = await (await fetch(new URL('/', origin), { headers: { cookie: 'lang=en' } })).text();
  const json = /<script type="application\/json" id="words">([\s\S]*?)<\/script>/.exec(page)?.[1];
  const words = new Set();
  const walk = (part) => {
    if (typeof part === 'string') {
      for (const w of part.match(/[A-Za-z]{3,}/g) ?? []) words.add(w.toLowerCase());
    } else if (Array.isArray(part)) {
      part.forEach(walk);
    } else if (part && typeof part === 'object' && part.o) {
      Object.values(part.o).forEach(walk);
    }
  };
  Object.values(JSON.parse(json ?? '{}').messages ?? {}).forEach(walk);
  for (const w of speakWords()) words.add(w);
  for (const w of TYPED) words.delete(w);
  return words;
}

// The words (three letters or more) of the English messages the server answers questions with
// (speak.ftl), less the phrases a player types (`speak-phrases-*`, understood in every language),
// the catalogue's comments, the values' names ($count) and the variants' keys ([one]).
function speakWords() {
  const file = new URL('../crates/pachisi-words/locales/en/speak.ftl', import.meta.url);
  const words = new Set();
  let typed = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^#/.test(line) || line.trim() === '') continue;
    const start = /^([a-z][a-z0-9-]*)\s*=(.*)$/.exec(line);
    if (start) typed = start[1].startsWith('speak-phrases-');
    if (typed) continue;
    const value = (start ? start[2] : line)
      .replace(/\{[^{}]*\}/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\$[a-z-]+/g, ' ');
    for (const w of value.match(/[A-Za-z]{3,}/g) ?? []) words.add(w.toLowerCase());
  }
  return words;
}

// The English catalogue's words in what the page shows now, with a little of their context.
async function englishLeft(p, english, where) {
  // An English word in brackets right after a word of the page's own script is its gloss.
  const text = (await p.evaluate(() => document.body.innerText))
    .replace(/([^\sA-Za-z(]\s?)\([A-Za-z][A-Za-z ']*\)/g, '$1');
  const found = [];
  for (const match of text.matchAll(/[A-Za-z]{3,}/g)) {
    if (!english.has(match[0].toLowerCase())) continue;
    found.push(`"${text.slice(Math.max(0, match.index - 20), match.index + 30).replace(/\s+/g, ' ')}"`);
  }
  for (const f of found.slice(0, 8)) errors.push(`${where}: English left: ${f}`);
  return found.length;
}

async function playAWhile(p, lang) {
  await p.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 60_000 });
  await p.selectOption('#ruleset', 'ludo');
  for (const seat of [1, 2, 3]) {
    await p.selectOption(`#seat-${seat}-kind`, 'bot');
    await p.selectOption(`#seat-${seat}-bot`, 'heuristic');
  }
  await p.focus('#start');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#board [data-square]', { timeout: 60_000 });
  let actions = 0;
  const deadline = Date.now() + 60_000;
  while (actions < 16 && Date.now() < deadline) {
    const due = await p.waitForFunction(() => {
      const result = document.querySelector('#result');
      if (result && !result.hidden && result.textContent.trim()) return 'over';
      if (document.body.dataset.busy === 'true' || document.body.dataset.awaiting !== 'human') {
        return null;
      }
      if (document.querySelector('#throw:not(:disabled):not([hidden])')) return 'throw';
      if (document.querySelectorAll('#moves li button').length > 0) return 'move';
      return null;
    }, null, { timeout: 30_000, polling: 50 }).then((h) => h.jsonValue()).catch(() => 'timeout');
    if (due === 'over' || due === 'timeout') break;
    await p.keyboard.press(due === 'throw' ? 'Space' : '1');
    actions += 1;
  }
  check(actions >= 4, `${lang}: only ${actions} actions were played`);
  // The board in words, and a question.
  await p.click('#board-words-box summary');
  await p.waitForSelector('#board-words h3', { timeout: 30_000 });
  await p.keyboard.press('Escape');
  await p.focus('#board');
  await p.keyboard.press('/');
  check(await p.evaluate(() => document.activeElement?.id === 'ask'), `${lang}: / does not focus the question`);
  await p.keyboard.type('where');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#ask-answer p', { timeout: 30_000 });
  const answer = await p.locator('#ask-answer').innerText();
  console.log(`${lang}: ${actions} actions; "where" answered: ${answer.split('\n')[0]}`);
  // What the live region said so far is part of what a person hears.
  await p.waitForTimeout(1_500);
}

async function inLanguage(lang) {
  const options = { viewport: { width: 1280, height: 900 } };
  if (lang === 'hi') options.locale = 'hi-IN';
  const browser = await launch(`languages-${lang}`, options);
  const p = browser.page;
  collectErrors(p, errors, allowed, 'beyond the server');
  await p.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  await p.waitForSelector('body[data-ready="true"]', { timeout: 60_000 }).catch(() => {});
  if (lang === 'ta') {
    check(await p.getAttribute('html', 'lang') === 'en', 'the page did not start in English');
    await Promise.all([p.waitForNavigation({ waitUntil: 'load' }), p.selectOption('#language', 'ta')]);
    await p.reload({ waitUntil: 'load' });
  }
  check(await p.getAttribute('html', 'lang') === lang, `the page is not in ${lang}`);
  check(await p.locator('#language').inputValue() === lang, `the chooser does not show ${lang}`);
  return { browser, p };
}

async function main() {
  const english = await englishWords();
  check(english.has('throw') || english.has('move'), `the English catalogue was not read (${english.size} words)`);
  for (const lang of ['hi', 'ta']) {
    const { browser, p } = await inLanguage(lang);
    await englishLeft(p, english, `${lang} start page`);
    await playAWhile(p, lang);
    const left = await englishLeft(p, english, `${lang} game screen`);
    await checkAccessibility(p, `the game screen in ${lang}`, errors);
    await p.screenshot({ path: join(shots, `languages-${lang}.png`), fullPage: true });
    console.log(`${lang}: ${left} English words on the game screen`);
    await browser.close();
  }
}

try {
  await main();
} catch (err) {
  errors.push(`the script failed: ${err.stack ?? err}`);
}
// The requests under way when the chooser opens the page again are cut off, as they must be.
const real = errors.filter((e) => !/^request failed: .* \(net::ERR_ABORTED\)$/.test(e));
errors.length = 0;
errors.push(...real);
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log('the page speaks Hindi and Tamil with no English left on the game screen');
