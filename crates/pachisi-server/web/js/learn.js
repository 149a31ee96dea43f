// The page /learn, the guided first game: choose a tour, then walk its steps on the real board.
// Each step is a position the server prepared (docs/api.md, "Learn to play"); the page keeps the
// actions made in the step so far and sends them all with each new one, so the server holds
// nothing of the lesson. A wrong move is explained and not kept; the right one shows "Next". At
// the end, "Play a first game" starts a real game against gentle bots with tips (learn-tips.js).
//
// The board, the throw and the moves are drawn by the game page's own modules from a state
// shaped as a game's is; this module only wires them to the steps.

import { api, whileLocked } from './api.js';
import { drawBoard } from './board.js';
import { $, html } from './dom.js';
import { t, wireLanguage } from './i18n.js';
import { markTips } from './learn-tips.js';
import { moveButton } from './moves.js';
import { clearError, showError } from './messages.js';
import { ui } from './state.js';
import { renderThrow } from './throw-view.js';
import { newPlayerSeed, rememberGame, savedName } from './tokens.js';

// The gentle bots of the first game: they play sensibly, without searching ahead.
const GENTLE_BOT = 'bot:heuristic';

const lesson = {
  tours: [],
  tour: null,
  // The step shown (from 1), the actions kept in it, and the server's last answer.
  step: 0,
  actions: [],
  answer: null,
  busy: false,
};

function show(section) {
  for (const id of ['#learn-choose', '#learn-step', '#learn-end']) $(id).hidden = id !== section;
  document.body.dataset.view = section.slice(7);
}

function stepPath(tour, step) {
  return `/api/learn/${encodeURIComponent(tour)}/${step}`;
}

// Runs a request with the buttons locked, showing the server's refusal if there is one.
function request(work) {
  if (lesson.busy) return undefined;
  return whileLocked(work, {
    lock() {
      lesson.busy = true;
      document.body.dataset.busy = 'true';
      renderButtons();
    },
    unlock() {
      lesson.busy = false;
      document.body.dataset.busy = 'false';
      renderButtons();
    },
  });
}

function renderChoose() {
  $('#learn-choose-about').textContent = t('page-learn-choose-about');
  // The first tour's button: its game's name, the whole game; the others', how theirs differs.
  const items = lesson.tours.map((tour, i) => {
    const button = html('button', { type: 'button', class: 'learn-tour', 'data-tour': tour.name }, [
      html('span', { class: 'learn-tour-title', text: t('page-learn-tour', { title: tour.title,
        first: i === 0 ? 'yes' : 'no' }) }),
      html('span', { class: 'learn-tour-steps', text: t('page-learn-steps',
        { count: tour.steps.length }) }),
    ]);
    button.addEventListener('click', () => startTour(tour.name));
    return html('li', {}, [button, html('p', { class: 'help', text: tour.intro })]);
  });
  $('#learn-tours').replaceChildren(...items);
}

function chooseTour() {
  lesson.tour = null;
  lesson.answer = null;
  history.replaceState(null, '', window.location.pathname);
  document.title = t('page-learn-title');
  show('#learn-choose');
  $('#learn-tours button')?.focus();
}

async function startTour(name, step = 1) {
  const tour = lesson.tours.find((each) => each.name === name);
  if (!tour) return;
  lesson.tour = tour;
  await goStep(step);
}

// Shows step `step` of the tour as it stands before the player acts.
async function goStep(step) {
  const tour = lesson.tour;
  const answer = await request(() => api('GET', stepPath(tour.name, step)));
  if (!answer) return;
  lesson.step = step;
  lesson.actions = [];
  history.replaceState(null, '', `#${tour.name}/${step}`);
  clearError();
  renderStep(answer);
  show('#learn-step');
  $('#learn-title').focus();
}

// Sends the step's actions with `action` after them. A wrong move is explained and not kept.
async function send(action) {
  const tour = lesson.tour;
  const actions = [...lesson.actions, action];
  const answer = await request(() => api('POST', stepPath(tour.name, lesson.step), { actions }));
  if (!answer || lesson.tour !== tour) return;
  if (answer.feedback?.kind !== 'wrong') lesson.actions = actions;
  renderStep(answer);
  if (answer.stage === 'move') $('#moves button')?.focus();
  else if (answer.stage === 'done') $('#learn-next').focus();
}

// The step's state as the game page's drawing reads it, with this page's person at its seat.
function viewOf(answer) {
  return { ...answer.state, key: `learn:${answer.tour}:${answer.step}` };
}

function renderStep(answer) {
  lesson.answer = answer;
  const tour = lesson.tour;
  const view = viewOf(answer);
  ui.you = { seats: [answer.seat] };
  document.title = t('page-learn-step-title', { step: answer.title, tour: tour.title });
  document.body.dataset.stage = answer.stage;
  document.body.dataset.step = String(answer.step);
  $('#learn-counter').textContent = t('page-learn-counter', { tour: tour.title, step: answer.step,
    steps: answer.steps });
  $('#learn-title').textContent = answer.title;
  $('#learn-task').textContent = answer.task;
  // The throw's and the answer's feedback end with what to do next: said once, not twice.
  $('#learn-task').hidden = Boolean(answer.feedback?.text.includes(answer.task));
  $('#learn-source-caption').textContent = t('page-learn-source');
  $('#learn-source').textContent = answer.source;
  const feedback = $('#learn-feedback');
  feedback.textContent = answer.feedback?.text ?? '';
  feedback.dataset.kind = answer.feedback?.kind ?? '';
  drawBoard(view);
  renderThrow(view);
  renderMoves(answer, view);
  $('#learn-next').textContent = answer.last ? t('page-learn-finish') : t('page-learn-next');
  renderButtons();
}

function renderMoves(answer, view) {
  const moves = answer.stage === 'move' ? view.moves : [];
  const mover = view.seats[view.to_move];
  const items = moves.map((m, i) => {
    const button = moveButton(m, i, view, mover);
    button.dataset.move = m.move;
    button.addEventListener('click', () => send(m.move));
    return html('li', { 'data-index': m.index, 'data-move': m.move }, [button]);
  });
  $('#moves').replaceChildren(...items);
  $('#moves-box').hidden = items.length === 0;
  $('#learn-move-help').textContent = t('page-learn-move-help');
}

function renderButtons() {
  const stage = lesson.answer?.stage;
  $('#throw').hidden = stage !== 'throw';
  $('#throw').disabled = lesson.busy || stage !== 'throw';
  $('#learn-next').hidden = stage !== 'done';
  $('#learn-next').disabled = lesson.busy;
  for (const b of document.querySelectorAll('#moves button')) b.disabled = lesson.busy;
  $('#learn-play').disabled = lesson.busy;
}

function next() {
  const answer = lesson.answer;
  if (!answer || answer.stage !== 'done') return;
  if (answer.last) finish();
  else goStep(answer.step + 1);
}

function finish() {
  const tour = lesson.tour;
  $('#learn-end-heading').textContent = t('page-learn-end', { tour: tour.title });
  $('#learn-outro').textContent = tour.outro;
  $('#learn-play').textContent = t('page-learn-play');
  $('#learn-play-about').textContent = t('page-learn-play-about');
  const rules = $('#learn-rules');
  rules.textContent = t('page-how-to-play');
  rules.setAttribute('href', `/rules/${encodeURIComponent(tour.ruleset)}`);
  history.replaceState(null, '', `#${tour.name}/end`);
  show('#learn-end');
  $('#learn-end-heading').focus();
}

// Starts a real game of the tour's ruleset: this person in the first seat, gentle bots in the
// others, and the tips on (learn-tips.js, on the game page).
async function playFirstGame() {
  const tour = lesson.tour;
  if (!tour) return;
  const seats = lesson.answer?.state?.seats?.length ?? 4;
  const name = savedName();
  const body = {
    ruleset: tour.ruleset,
    seats: ['me', ...Array.from({ length: seats - 1 }, () => GENTLE_BOT)],
    player_seed: newPlayerSeed(),
    ...(name ? { name } : {}),
  };
  $('#learn-play-about').textContent = t('page-learn-starting');
  const state = await request(() => api('POST', '/api/games', body));
  if (!state || typeof state.id !== 'string') {
    $('#learn-play-about').textContent = t('page-learn-play-about');
    return;
  }
  if (typeof state.token === 'string') rememberGame(state.id, state.token, 'player');
  markTips(state.id, tour.name);
  window.location.assign(`/#game=${encodeURIComponent(state.id)}`);
}

// A tap on a marked piece puts the focus on its first move, whose button plays it.
function boardClicked(event) {
  const piece = event.target.closest?.('[data-movable]');
  if (!piece || lesson.answer?.stage !== 'move') return;
  const progress = Number(piece.dataset.progress);
  const move = lesson.answer.state.moves.find((m) => m.progress === progress);
  if (move) $(`#moves li[data-index="${move.index}"] button`)?.focus();
}

// Keys: 1 to 9 play a move; Space or Enter (away from a button) throws or goes on.
function keyPressed(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const onControl = event.target.closest?.('button, a, input, select, textarea');
  const stage = lesson.answer?.stage;
  if (/^[1-9]$/.test(event.key) && stage === 'move' && !$('#learn-step').hidden) {
    const button = document.querySelectorAll('#moves button')[Number(event.key) - 1];
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  } else if ((event.key === ' ' || event.key === 'Enter') && !onControl
      && !$('#learn-step').hidden) {
    if (stage === 'throw') {
      event.preventDefault();
      $('#throw').click();
    } else if (stage === 'done') {
      event.preventDefault();
      next();
    }
  }
}

function wire() {
  $('#throw').addEventListener('click', () => {
    if (lesson.answer?.stage === 'throw') send('throw');
  });
  $('#learn-next').addEventListener('click', next);
  $('#learn-tours-back').addEventListener('click', chooseTour);
  $('#learn-end-tours').addEventListener('click', chooseTour);
  $('#learn-play').addEventListener('click', playFirstGame);
  $('#board').addEventListener('click', boardClicked);
  $('#error').addEventListener('click', clearError);
  document.addEventListener('keydown', keyPressed);
}

async function main() {
  wire();
  wireLanguage();
  const list = await request(() => api('GET', '/api/learn'));
  lesson.tours = Array.isArray(list?.tours) ? list.tours : [];
  renderChoose();
  // `#ludo/3` opens that step, so a reload stays where it was.
  const match = /^#([a-z-]+)\/(\d+)$/.exec(window.location.hash);
  if (match && lesson.tours.some((each) => each.name === match[1])) {
    await startTour(match[1], Number(match[2]));
  }
  if ($('#learn-step').hidden) show('#learn-choose');
  document.body.dataset.ready = 'true';
}

main();
