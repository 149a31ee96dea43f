// Two people play each other on the page of `pachisi serve`, with a third watching, each in a
// browser of their own (three Chromium profiles: nothing shared but the server).
//
//   node browser-tests/friends.mjs <base-url> <screenshot-dir>
//
// The host (a desktop window) creates a Ludo room: herself in Red, an open seat for a friend in
// Green, two random bots. The invitation is read from the page, as she would copy it; the
// friend (a phone, tapping) opens it, chooses a name and takes the seat; a watcher opens the
// watch link. Then both play by clicking or tapping the board until the game is over, while
// the test checks that:
// - each page names the seats by person ("Red — you" on the host's page, "Red — Asha" on the
//   friend's), and only the person whose turn it is can throw or move;
// - the watcher's page follows every move and offers nothing to play;
// - the friend's token cannot act for the host, nor the watch code for anyone (403, and nothing
//   changes);
// - a chat line with markup in it arrives as text on the other pages, the watchers' line too;
// - a reload puts each player back in their seat;
// - once over, "Check the throws" finds every throw fair;
// - a rematch asked by the host is followed by the friend with the same seats; with short turns
//   a bot plays the friend's missed turns, her seat is marked away, and "I'm back" returns it,
//   leaving her focus on the game.
// Screenshots go to <screenshot-dir>: friends-invite.png (the host's invitation with its QR
// code), friends-host.png, friends-friend.png (the phone) and friends-watcher.png.
//
// Fails (exit status 1) on any console error, page error, failed request, request to another
// host, or failed check.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { checkAccessibility, collectErrors, launch, serverOf } from './chromium.mjs';

const [base, shotDir] = process.argv.slice(2);
if (!base || !shotDir) {
  console.error('usage: node friends.mjs <base-url> <screenshot-dir>');
  process.exit(2);
}
const { origin, allowed } = serverOf(base, 'usage: node friends.mjs <base-url> <screenshot-dir>');
const TIME_LIMIT_MS = Number(process.env.PLAY_TIME_LIMIT_MS ?? 300_000);
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true,
  deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const errors = [];
const check = (ok, problem) => {
  if (!ok) errors.push(problem);
};
const shot = (name) => join(shotDir, name);

async function open(name, options) {
  const opened = await launch(name, options);
  collectErrors(opened.page, errors, allowed, 'beyond the server');
  return opened;
}

// The text of the page's status line and seats.
const panelText = (page) => page.evaluate(() => document.querySelector('#table').innerText);

// What the page asks of its person now: 'throw', 'move', 'over', or null.
function due(page) {
  return page.evaluate(() => {
    const body = document.body;
    if (body.dataset.busy === 'true') return null;
    const result = document.querySelector('#result');
    if (result && !result.hidden && result.textContent.trim()) return 'over';
    if (body.dataset.phase === 'throw' && document.querySelector('#throw:not(:disabled)')) {
      return 'throw';
    }
    if (body.dataset.phase === 'move' && document.querySelectorAll('#moves li').length > 0) {
      return 'move';
    }
    return null;
  });
}

// Does what `due` asked, by clicking (or tapping) as a person would; waits for the answer.
async function act(player, what) {
  const { page, tap } = player;
  const press = (target) => (tap ? target.tap() : target.click());
  const before = await page.evaluate(() => document.body.dataset.actions);
  if (what === 'throw') {
    await press(page.locator('#throw'));
    player.throws += 1;
  } else {
    const piece = page.locator('#board [data-piece][data-movable]').first();
    if ((await piece.count()) > 0) {
      await press(piece);
      const dest = page.locator('#board [data-dest]').first();
      await dest.waitFor({ state: 'visible', timeout: 5_000 });
      await press(dest);
      player.boardMoves += 1;
    } else {
      await press(page.locator('#moves li button').first());
    }
  }
  await page.waitForFunction((b) => document.body.dataset.busy !== 'true'
    && document.body.dataset.actions !== b, before, { timeout: 30_000, polling: 50 });
}

// The secret this browser keeps for the game (read as the page's own storage holds it).
function secretOf(page, id) {
  return page.evaluate((game) => JSON.parse(localStorage.getItem('pachisi.games') ?? '{}')[game]
    ?.secret ?? null, id);
}

// Sends an action with `secret` beside the page (its 403 is expected, not the page's error).
async function tryAction(page, id, secret, action) {
  const response = await page.request.post(new URL(`/api/games/${id}/actions`, origin).href, {
    headers: { Authorization: `Bearer ${secret}` }, data: action, failOnStatusCode: false,
  });
  return response.status();
}

async function say(page, text) {
  await page.fill('#chat-text', text);
  await page.click('#chat-send');
  await page.waitForFunction(() => document.querySelector('#chat-text').value === '',
    null, { timeout: 10_000 });
}

async function heard(page, text, who) {
  const ok = await page.waitForFunction((t) => [...document.querySelectorAll('#chat li')]
    .some((li) => li.textContent.includes(t)), text, { timeout: 10_000, polling: 50 })
    .then(() => true).catch(() => false);
  check(ok, `${who} did not see the chat line ${JSON.stringify(text)}`);
  const markup = await page.evaluate(() => document.querySelectorAll('#chat b, #chat img').length);
  check(markup === 0, `${who}'s chat turned a line's text into markup`);
}

// The rematch, with a turn timer: the host asks for it, the friend follows from her page; the
// host sets 2-second turns (as a script would: the page offers 15 s and up), the friend does
// nothing until a bot plays her seat, then says she is back and plays.
async function rematchWithTimer(hp, fp, id, players) {
  const gameOf = (page) => page.evaluate(() => decodeURIComponent(location.hash.replace('#game=', '')));
  await hp.click('#rematch');
  await hp.waitForFunction((old) => !location.hash.endsWith(old)
    && document.body.dataset.role === 'player', id, { timeout: 30_000, polling: 50 });
  const next = await gameOf(hp);
  await fp.waitForSelector('#rematch-box:not([hidden])', { timeout: 10_000 });
  check((await fp.locator('#rematch').textContent()) === 'Play the rematch',
    'the friend\'s page does not offer to play the rematch');
  await fp.tap('#rematch');
  await fp.waitForFunction((n) => location.hash.endsWith(n) && document.body.dataset.role === 'player',
    next, { timeout: 30_000, polling: 50 });
  console.log(`rematch ${next}: both players in their seats with the same tokens`);
  const token = await secretOf(hp, next);
  const patched = await hp.request.patch(new URL(`/api/games/${next}/room`, origin).href, {
    headers: { Authorization: `Bearer ${token}` }, data: { turn_seconds: 2 }, failOnStatusCode: false });
  check(patched.status() === 200, `the host could not set 2-second turns (${patched.status()})`);

  const [hostPlayer, friendPlayer] = players;
  const deadline = Date.now() + 60_000;
  let clockSeen = false;
  let away = false;
  while (Date.now() < deadline && !away) {
    away = await fp.locator('#away').isVisible();
    if (!clockSeen) clockSeen = await fp.locator('#clock:not([hidden])').count() > 0;
    const what = await due(hp);
    if (what === 'over') break;
    if (what) await act(hostPlayer, what).catch(() => {});
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  check(clockSeen, 'the turn\'s clock was never shown on the friend\'s page');
  check(away, 'the friend\'s seat was not marked away after her missed turns');
  if (!away) return;
  check((await panelText(hp)).includes('Green — Ravi (away)'), 'the host\'s page does not say Ravi is away');
  await fp.tap('#back');
  const back = await fp.waitForSelector('#away', { state: 'hidden', timeout: 10_000 })
    .then(() => true).catch(() => false);
  check(back, 'the friend\'s "I\'m back" did not take her seat back');
  // "I'm back" is gone with the dialog: the focus is on what is due, not the page's body.
  const focused = await fp.evaluate(() => {
    const a = document.activeElement;
    return a && a !== document.body && a.matches('#throw, #moves button, #board') ? a.id || a.tagName
      : `not on the game: ${a?.id || a?.tagName || 'nothing'}`;
  });
  check(!focused.startsWith('not on'), `after "I'm back" the focus is ${focused}`);
  // Her own turn again, played by her.
  let played = false;
  const until = Date.now() + 60_000;
  while (!played && Date.now() < until) {
    const mine = await due(fp);
    if (mine === 'over') break;
    if (mine) {
      await act(friendPlayer, mine);
      played = true;
      continue;
    }
    const theirs = await due(hp);
    if (theirs && theirs !== 'over') await act(hostPlayer, theirs).catch(() => {});
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  check(played, 'the friend did not play again after taking her seat back');
  console.log('a bot played the friend\'s missed turns; she took her seat back and played');
}

let host;
let friend;
let watcher;
try {
  // The host creates the room.
  host = await open('friends-host', DESKTOP);
  const hp = host.page;
  await hp.goto(new URL('/', origin).href, { waitUntil: 'load', timeout: 60_000 });
  await hp.waitForSelector('#ruleset option[value="ludo"]', { state: 'attached', timeout: 30_000 });
  await hp.selectOption('#ruleset', 'ludo');
  await hp.fill('#player-name', 'Asha');
  await hp.selectOption('#seat-0-kind', 'me');
  await hp.selectOption('#seat-1-kind', 'open');
  for (const seat of [2, 3]) {
    await hp.selectOption(`#seat-${seat}-kind`, 'bot');
    await hp.selectOption(`#seat-${seat}-bot`, 'random');
  }
  await hp.click('#start');
  await hp.waitForSelector('#board [data-square]', { timeout: 30_000 });
  const join = hp.locator('#invites input[data-link="join"][data-seat="1"]');
  await join.waitFor({ state: 'visible', timeout: 10_000 });
  const joinLink = await join.inputValue();
  const watchLink = await hp.locator('#invites input[data-link="watch"]').inputValue();
  check(joinLink.includes('#join='), `the invitation is not a join link: ${joinLink}`);
  check(await hp.locator('#invites img.qr').count() === 2, 'the invitation and watch link have no QR codes');
  check((await panelText(hp)).includes('Waiting for a player'),
    'the host\'s page does not say it waits for the friend');
  check(await hp.locator('#throw:not(:disabled)').count() === 0,
    'the host can throw before the friend has come');
  await hp.locator('#room-box').screenshot({ path: shot('friends-invite.png') });
  await checkAccessibility(hp, 'the host\'s page with its invitations', errors);
  const id = decodeURIComponent(new URL(hp.url()).hash.replace('#game=', ''));
  console.log(`room ${id} created; invitation ${joinLink.replace(/\.[^.]+$/, '.…')}`);

  // The friend opens the invitation on a phone, names herself and takes the seat.
  friend = await open('friends-friend', PHONE);
  const fp = friend.page;
  await fp.goto(joinLink, { waitUntil: 'load', timeout: 60_000 });
  await fp.waitForSelector('#join:not([hidden])', { timeout: 30_000 });
  await checkAccessibility(fp, 'the invitation (join) page', errors);
  await fp.fill('#join-name', 'Ravi');
  await fp.tap('#join-take');
  await fp.waitForSelector('#board [data-square]', { timeout: 30_000 });
  await hp.waitForFunction(() => document.body.dataset.started === 'true', null,
    { timeout: 30_000, polling: 50 });
  check(!(await fp.url()).includes('#join='), 'the invitation stays in the friend\'s address');

  // The watcher follows the watch link.
  watcher = await open('friends-watcher', DESKTOP);
  const wp = watcher.page;
  await wp.goto(watchLink, { waitUntil: 'load', timeout: 60_000 });
  await wp.waitForFunction(() => document.body.dataset.role === 'watcher', null,
    { timeout: 30_000, polling: 50 });
  await checkAccessibility(wp, 'the watcher\'s page', errors);

  for (const [page, who, label] of [[hp, 'the host', 'Green — Ravi'], [fp, 'the friend', 'Red — Asha'],
    [hp, 'the host', 'Red — you'], [fp, 'the friend', 'Green — you'], [wp, 'the watcher', 'Red — Asha']]) {
    await page.waitForFunction((l) => document.querySelector('#table').innerText.includes(l), label,
      { timeout: 10_000, polling: 50 }).catch(() => errors.push(`${who}'s page does not name a seat "${label}"`));
  }

  // Chat: markup is text; the watchers' line is told apart.
  await say(hp, 'Good luck <b>Ravi</b> <img src=x>');
  await heard(fp, 'Good luck <b>Ravi</b>', 'the friend');
  await heard(wp, 'Good luck <b>Ravi</b>', 'the watcher');
  await wp.fill('#chat-name', 'Mina');
  await say(wp, 'Enjoy the game');
  await heard(hp, 'Mina (watching): Enjoy the game', 'the host');

  const players = [
    { name: 'host', page: hp, tap: false, throws: 0, boardMoves: 0 },
    { name: 'friend', page: fp, tap: true, throws: 0, boardMoves: 0 },
  ];
  const friendToken = await secretOf(fp, id);
  const watchCode = await secretOf(wp, id);
  check(friendToken && watchCode, 'the friend\'s and watcher\'s pages keep no secret for the game');
  let refusedChecked = false;
  let reloaded = false;
  let shotsTaken = false;
  const deadline = Date.now() + TIME_LIMIT_MS;
  let over = false;
  while (!over && Date.now() < deadline) {
    let acted = false;
    for (const player of players) {
      const what = await due(player.page);
      if (what === 'over') {
        over = true;
        break;
      }
      if (!what) continue;
      const other = players.find((p) => p !== player);
      check(await due(other.page) === null,
        `the ${other.name}'s page offers to play on the ${player.name}'s turn`);
      if (!refusedChecked && player.name === 'host' && what === 'throw') {
        // The friend acts for the host, the watcher for anyone: refused, nothing changes.
        const actions = await hp.evaluate(() => document.body.dataset.actions);
        const byFriend = await tryAction(fp, id, friendToken, { action: 'throw' });
        const byWatcher = await tryAction(wp, id, watchCode, { action: 'throw' });
        check(byFriend === 403, `the friend's token threw for the host (${byFriend})`);
        check(byWatcher === 403, `the watch code threw for the host (${byWatcher})`);
        const state = await (await hp.request.get(new URL(`/api/games/${id}`, origin).href, {
          headers: { Authorization: `Bearer ${await secretOf(hp, id)}` } })).json();
        check(String(state.actions) === actions, 'a refused action changed the game');
        refusedChecked = true;
        console.log('the friend\'s token and the watch code cannot act for the host');
      }
      await act(player, what);
      acted = true;
    }
    if (!acted && !over) await new Promise((resolve) => setTimeout(resolve, 50));
    const moved = players.every((p) => p.boardMoves >= 3);
    if (moved && !shotsTaken) {
      await hp.screenshot({ path: shot('friends-host.png') });
      await fp.screenshot({ path: shot('friends-friend.png') });
      await wp.screenshot({ path: shot('friends-watcher.png') });
      shotsTaken = true;
      // The watcher sees the game as it is, with nothing to play.
      const seen = await wp.waitForFunction((a) => document.body.dataset.actions === a,
        await hp.evaluate(() => document.body.dataset.actions), { timeout: 10_000, polling: 50 })
        .then(() => true).catch(() => false);
      check(seen, 'the watcher\'s page does not follow the game');
      check(await wp.locator('#throw:not(:disabled)').count() === 0
        && await wp.locator('#moves li').count() === 0, 'the watcher\'s page offers to play');
    }
    if (moved && !reloaded) {
      // A reload finds each player's seat again.
      for (const [player, label] of [[players[0], 'Red — you'], [players[1], 'Green — you']]) {
        await player.page.reload({ waitUntil: 'load' });
        const back = await player.page.waitForFunction((l) => document.body.dataset.role === 'player'
          && document.querySelector('#table').innerText.includes(l), label,
        { timeout: 30_000, polling: 50 }).then(() => true).catch(() => false);
        check(back, `after a reload the ${player.name} is not back in the seat (${label})`);
      }
      const links = await hp.locator('#invites input[data-link="watch"]')
        .waitFor({ state: 'attached', timeout: 10_000 }).then(() => true).catch(() => false);
      check(links, 'after a reload the host\'s page has lost the watch link');
      reloaded = true;
      console.log('a reload puts both players back in their seats');
    }
  }
  for (const player of players) {
    console.log(`${player.name}: ${player.throws} throws, ${player.boardMoves} moves on the board`);
    check(player.boardMoves >= 3, `the ${player.name} made only ${player.boardMoves} moves on the board`);
  }
  check(over, `the game did not finish within ${TIME_LIMIT_MS / 1000} s`);
  check(reloaded && refusedChecked && shotsTaken, 'the game ended before every check was made');
  if (over) {
    for (const [page, who] of [[hp, 'host'], [fp, 'friend'], [wp, 'watcher']]) {
      const shown = await page.waitForSelector('#result:not([hidden])', { timeout: 10_000 })
        .then(() => true).catch(() => false);
      check(shown, `the ${who}'s page does not show the result`);
    }
    console.log(`result: ${(await hp.locator('#result').textContent())?.trim()}`);
    await hp.click('#verify');
    const verdict = await hp.waitForSelector('#verify-result:not([hidden])', { timeout: 30_000 })
      .then(() => hp.evaluate(() => [document.querySelector('#verify-result').dataset.ok,
        document.querySelector('#verify-result').textContent]))
      .catch(() => ['missing', '']);
    check(verdict[0] === 'true', `checking the throws did not find them fair: ${verdict[1]}`);
    console.log(`throws checked: ${verdict[1]}`);
    await rematchWithTimer(hp, fp, id, players);
  }
} catch (err) {
  errors.push(`cannot play: ${err?.message ?? err}`);
} finally {
  for (const opened of [host, friend, watcher]) if (opened) await opened.close();
}

for (const name of ['friends-invite.png', 'friends-host.png', 'friends-friend.png', 'friends-watcher.png']) {
  try {
    const size = statSync(shot(name)).size;
    check(size > 0, `the screenshot ${name} is empty`);
    console.log(`screenshot ${shot(name)} (${size} bytes)`);
  } catch {
    errors.push(`no screenshot ${name}`);
  }
}
if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
console.log('two people and a watcher play in the browser without errors');
