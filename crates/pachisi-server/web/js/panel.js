// The side panel: whose turn it is (in the seat's colour), the result, the seats with their
// pieces home, the log, and which buttons may be pressed now.

import { $, html, paint } from './dom.js';
import { t } from './i18n.js';
import { botLevel, chip, colours, isYou, ordinal, seatLabel, teamName, teamsOf } from './seats.js';
import { humanMoveDue, humanThrowDue, ui } from './state.js';
import { family, resultWords, statusWords } from './words.js';

export function renderStatus(view) {
  const turn = $('#turn');
  const result = $('#result');
  const over = !view.replay && (view.phase === 'over' || Boolean(view.result));
  const seat = view.seats[view.to_move];
  $('#status').textContent = statusWords(view);
  // What the last action did, only while the state shown is the one it led to (an undo, or a
  // replay stepped back, leaves nothing to say).
  const event = ui.lastEvent && ui.lastEvent.key === view.key
    && ui.lastEvent.at === (view.replay ? view.frame : view.actions) ? ui.lastEvent.text : '';
  $('#event').textContent = event;
  $('#event').hidden = !event;
  turn.replaceChildren();
  if (seat && !over && view.phase !== 'over') {
    turn.append(chip(seat, 'big'));
    paint($('#turn-box'), colours(seat.colour));
    $('#turn-box').classList.toggle('mine', view.awaiting === 'human');
  } else {
    $('#turn-box').style.removeProperty('--seat');
    $('#turn-box').classList.remove('mine');
  }
  turn.hidden = turn.childElementCount === 0;
  result.textContent = over ? resultWords(view) : '';
  result.hidden = !over;
}

export function renderTeams(view) {
  const items = [];
  const partnered = teamsOf(view.seats).some(([, seats]) => seats.length > 1);
  for (const [team, seats] of teamsOf(view.seats)) {
    const members = new Set(seats.map((s) => s.seat));
    const mine = view.pieces.filter((p) => members.has(p.seat));
    const home = mine.filter((p) => p.finished).length;
    const place = (view.placings ?? []).indexOf(team);
    const toMove = members.has(view.to_move) && view.phase !== 'over';
    const people = seats.map((s) => html('span', {
      class: ['member', s.seat === view.to_move && toMove ? 'to-move' : '',
        isYou(s, view) ? 'you' : ''].filter(Boolean).join(' '),
      'data-seat': s.seat,
      title: s.player && s.player !== 'human' ? botLevel(s.player) : null,
    }, [chip(s), html('span', { text: seatLabel(s, view) })]));
    const li = html('li', { 'data-team': team, class: toMove ? 'to-move' : null }, [
      ...(partnered && seats.length > 1
        ? [html('span', { class: 'team-name', text: teamName(seats) })] : []),
      html('span', { class: 'members' }, people),
      html('span', { class: 'home', text: t('page-team-home', { home, total: mine.length }) }),
      ...(place >= 0 ? [html('strong', { class: 'place', text: ordinal(place + 1) })] : []),
    ]);
    if (toMove) paint(li, colours(view.seats[view.to_move]?.colour));
    items.push(li);
  }
  $('#teams').replaceChildren(...items);
}

export function renderLog(view) {
  const log = $('#log');
  const lines = view.log ?? [];
  log.replaceChildren(...lines.map((line) => html('li', { text: line })));
  log.scrollTop = log.scrollHeight;
}

export function renderControls() {
  const game = ui.game;
  const inGame = Boolean(game) && !ui.replay;
  const idle = ui.busy === 0;
  $('#throw').disabled = !(inGame && idle && humanThrowDue());
  // A watcher sees the game and none of a player's controls.
  const watcher = Boolean(ui.you?.watcher);
  $('#throw').hidden = !inGame || watcher;
  // Hints are for a game against bots, or a room that allowed them (the server refuses others).
  const room = game?.room;
  const hintsAllowed = !room || room.players <= 1 || room.hints;
  $('#hint').disabled = !(inGame && idle && hintsAllowed && humanMoveDue());
  $('#hint').hidden = (inGame && !hintsAllowed) || watcher;
  $('#undo').disabled = !(inGame && idle && game.can_undo);
  $('#undo').hidden = watcher;
  $('#tools').hidden = !inGame;
  $('#download').disabled = !(inGame && idle);
  $('#verify').disabled = !(inGame && idle);
  $('#analyse-game').disabled = !(inGame && idle);
  $('#analyse').disabled = !idle;
  $('#chat-send').disabled = !idle;
  $('#start').disabled = !idle;
  $('#join-take').disabled = !idle;
}

// The board's marks in words, under the board: the safe squares, the centre, the start squares.
export function renderLegend(view) {
  const legend = $('#legend');
  if (!view?.board) {
    legend.hidden = true;
    return;
  }
  const nest = view.board.centre !== 'Charkoni';
  const kind = { family: family(view.ruleset) };
  const items = [
    ['castle', nest ? '★' : '×', nest ? t('page-legend-castle-nest', kind)
      : t('page-legend-castle', kind)],
    ['centre', '▢', nest ? t('page-legend-centre-nest', kind) : t('page-legend-centre', kind)],
    ['start', '➜', t('page-legend-start', kind)],
  ];
  legend.replaceChildren(...items.map(([kind, mark, words]) => html('li', { 'data-legend': kind }, [
    html('span', { class: 'legend-mark', 'aria-hidden': 'true', text: mark }),
    html('span', { text: words }),
  ])));
  legend.hidden = false;
  $('#move-help-tap').textContent = t('page-move-help-tap', kind);
}
