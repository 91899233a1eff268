// Short WebAudio beeps (no audio files): your turn, a bet, chips to a winner, your clock
// running out, a chat line. Off with one switch (the Alerts panel: alerts.js), remembered.

import { preference, setPreference } from "./session.js";

const TONES = {
  turn: [[660, 0.09], [880, 0.12]],
  win: [[523, 0.08], [659, 0.08], [784, 0.14]],
  chat: [[440, 0.06]],
  bet: [[1200, 0.03], [900, 0.04]],
  clock: [[988, 0.07], [0, 0.06], [988, 0.07]],
};

let context = null;

// Every alert the page gives, counted by kind, for the browser tests to read (alerts.js).
const given = {};
window.pokernightAlerts = given;

/** Tell whoever listens (a test) that the page gave the alert ``kind``. */
export function told(kind, detail = {}) {
  given[kind] = (given[kind] ?? 0) + 1;
  window.dispatchEvent(new CustomEvent("pokernight:alert", { detail: { kind, ...detail } }));
}

export function soundOn() {
  return preference("sound", true);
}

export function setSound(on) {
  setPreference("sound", on);
}

export function play(name) {
  if (!soundOn() || !window.AudioContext) return;
  context ??= new AudioContext();
  let at = context.currentTime;
  for (const [frequency, seconds] of TONES[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency || 1; // 0 Hz: a rest between two beeps
    gain.gain.setValueAtTime(frequency ? 0.08 : 0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds);
    at += seconds;
  }
  told("sound", { name });
}
