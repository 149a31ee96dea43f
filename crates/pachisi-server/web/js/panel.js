// The side panel: whose turn it is (in the seat's colour), the result, the seats with their
// pieces home, the log, and which buttons may be pressed now.

import { $, html, paint } from './dom.js';
import { botLevel, chip, colours, isYou, ordinal, seatLabel, teamName, teamsOf } from './seats.js';
import { humanMoveDue, humanThrowDue, ui } from './state.js';
import { resultWords, statusWords } from './words.js';

export function renderStatus(view) {
  const turn = $('#turn');
  const result = $('#result');
  const over = !view.replay && (view.phase === 'over' || Boolean(view.result));
  const seat = view.seats[view.to_move];
  $('#status').textContent = statusWords(view);
  const event = ui.lastEvent && ui.lastEvent.key === view.key ? ui.lastEvent.text : '';
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
      html('span', { class: 'home', text: `${home}/${mine.length} home` }),
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
  $('#throw').hidden = !inGame;
  // Hints are for a game against bots, or a room that allowed them (the server refuses others).
  const room = game?.room;
  const hintsAllowed = !room || room.players <= 1 || room.hints;
  $('#hint').disabled = !(inGame && idle && hintsAllowed && humanMoveDue());
  $('#hint').hidden = inGame && !hintsAllowed;
  $('#undo').disabled = !(inGame && idle && game.can_undo);
  $('#tools').hidden = !inGame;
  $('#download').disabled = !(inGame && idle);
  $('#verify').disabled = !(inGame && idle);
  $('#analyse-game').disabled = !(inGame && idle);
  $('#analyse').disabled = !idle;
  $('#chat-send').disabled = !idle;
  $('#start').disabled = !idle;
  $('#join-take').disabled = !idle;
}
