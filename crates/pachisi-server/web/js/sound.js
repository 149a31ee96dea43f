// An optional sound for throws and captures, made with the Web Audio API (no sound files). Off
// until switched on; the choice is remembered in localStorage. Browsers start audio only after a
// person has touched the page, so nothing is made before that.

import { t } from './i18n.js';

const KEY = 'pachisi.sound';

let context = null;
let noise = null;

export function soundOn() {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    window.localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Refused storage: the choice lasts as long as the page.
  }
}

// The audio context, made (or woken) only while a person acts on the page.
function wake() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return;
  if (!context) {
    context = new Context();
    const length = Math.floor(context.sampleRate * 0.05);
    noise = context.createBuffer(1, length, context.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
}

function ready() {
  return soundOn() && context !== null && context.state === 'running';
}

// A click of shell or die on the board: a short burst of filtered noise.
function click(at, pitch, loudness) {
  const source = context.createBufferSource();
  source.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = pitch;
  filter.Q.value = 4;
  const gain = context.createGain();
  gain.gain.setValueAtTime(loudness, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + 0.045);
  source.connect(filter).connect(gain).connect(context.destination);
  source.start(at);
  source.stop(at + 0.05);
}

// A throw: dice knock a few times, cowries rattle.
export function throwSound(device) {
  if (!ready()) return;
  const now = context.currentTime;
  const shells = device === 'cowries';
  const count = shells ? 7 : 4;
  for (let i = 0; i < count; i++) {
    const at = now + i * (shells ? 0.035 : 0.07) + Math.random() * 0.02;
    const pitch = (shells ? 3200 : 1500) + Math.random() * 600;
    click(at, pitch, (shells ? 0.5 : 0.8) * (1 - i / (count + 2)));
  }
}

// A capture: a falling two-note call.
export function captureSound() {
  if (!ready()) return;
  const now = context.currentTime;
  [[660, 0], [392, 0.13]].forEach(([frequency, delay]) => {
    const tone = context.createOscillator();
    tone.type = 'triangle';
    tone.frequency.value = frequency;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, now + delay);
    gain.gain.exponentialRampToValueAtTime(0.25, now + delay + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, now + delay + 0.22);
    tone.connect(gain).connect(context.destination);
    tone.start(now + delay);
    tone.stop(now + delay + 0.25);
  });
}

function show(button) {
  const on = soundOn();
  button.setAttribute('aria-pressed', on ? 'true' : 'false');
  button.title = on ? t('page-sound-is-on') : t('page-sound-is-off');
  button.querySelector('.label').textContent = on ? t('page-sound-on') : t('page-sound-off');
}

// The sound switch in the header.
export function wireSound(button) {
  show(button);
  button.addEventListener('click', () => {
    remember(!soundOn());
    if (soundOn()) wake();
    show(button);
  });
  // A sound switched on in an earlier visit starts at the first touch of this one.
  const first = () => {
    if (soundOn()) wake();
  };
  document.addEventListener('pointerdown', first, { passive: true });
  document.addEventListener('keydown', first);
}
