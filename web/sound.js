// The table's sounds, synthesised here (no audio files): each one a few short
// envelopes of oscillators or noise, rendered once into an AudioBuffer and played
// through an AudioBufferSourceNode. Which sound for which moment is the page's Python
// (web/house/cues.py); it calls window.tractorSound.play(names, call) after drawing.
// Nothing plays before the first gesture (the AudioContext is made on the first
// pointerdown or keydown), nor while the page is hidden. The spoken call goes through
// speechSynthesis, only where the browser has a Chinese voice.
"use strict";
(() => {
  const RATE = 22050;
  let context = null;
  let buffers = null;

  // One voice: a waveform at a frequency (Hz, gliding from `from` to `to`), started
  // `at` seconds in, lasting `len` seconds, with a fast attack and an exponential decay.
  const wave = {
    sine: (phase) => Math.sin(2 * Math.PI * phase),
    square: (phase) => (phase % 1 < 0.5 ? 1 : -1),
    triangle: (phase) => 1 - 4 * Math.abs((phase % 1) - 0.5),
  };

  function tone(data, { at = 0, len, from, to = from, kind = "sine", gain = 0.3, decay = 6 }) {
    const start = Math.floor(at * RATE);
    const count = Math.floor(len * RATE);
    let phase = 0;
    for (let i = 0; i < count && start + i < data.length; i += 1) {
      const t = i / count;
      phase += (from + (to - from) * t) / RATE;
      const attack = Math.min(1, i / (0.004 * RATE));
      data[start + i] += gain * attack * Math.exp(-decay * t) * wave[kind](phase);
    }
  }

  // Noise through a one-pole low-pass (`smooth` near 1: darker).
  function noise(data, { at = 0, len, gain = 0.3, decay = 30, smooth = 0.6 }) {
    const start = Math.floor(at * RATE);
    const count = Math.floor(len * RATE);
    let last = 0;
    let seed = 12345;
    for (let i = 0; i < count && start + i < data.length; i += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const white = seed / 2147483648 - 1;
      last = smooth * last + (1 - smooth) * white;
      data[start + i] += gain * Math.exp(-decay * (i / count)) * last;
    }
  }

  const RECIPES = {
    card: [0.06, (d) => noise(d, { len: 0.05, gain: 0.5, decay: 9, smooth: 0.75 })],
    cut: [0.22, (d) => {
      noise(d, { len: 0.09, gain: 0.7, decay: 7, smooth: 0.3 });
      tone(d, { len: 0.2, from: 180, to: 90, kind: "square", gain: 0.18, decay: 8 });
    }],
    trick: [0.42, (d) => {
      tone(d, { len: 0.2, from: 880, gain: 0.22, decay: 5 });
      tone(d, { at: 0.12, len: 0.3, from: 1318.5, gain: 0.22, decay: 5 });
    }],
    declare: [0.3, (d) => tone(d, { len: 0.3, from: 392, to: 988, kind: "triangle",
                                     gain: 0.28, decay: 3 })],
    won: [0.75, (d) => {
      [523.25, 659.25, 783.99].forEach((f, i) => tone(d, { at: i * 0.11, len: 0.16, from: f,
                                                            kind: "triangle", gain: 0.25 }));
      tone(d, { at: 0.33, len: 0.42, from: 1046.5, kind: "triangle", gain: 0.28, decay: 3 });
    }],
    lost: [0.7, (d) => {
      [392, 329.63].forEach((f, i) => tone(d, { at: i * 0.18, len: 0.2, from: f,
                                                 kind: "triangle", gain: 0.25 }));
      tone(d, { at: 0.36, len: 0.34, from: 261.63, to: 220, kind: "triangle", gain: 0.25,
                decay: 3 });
    }],
  };

  function render(ctx) {
    const out = {};
    for (const [name, [seconds, fill]] of Object.entries(RECIPES)) {
      const buffer = ctx.createBuffer(1, Math.ceil(seconds * RATE), RATE);
      fill(buffer.getChannelData(0));
      out[name] = buffer;
    }
    return out;
  }

  // The first gesture: make (or resume) the AudioContext, render the sounds once.
  function unlock() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      return;
    }
    try {
      if (context === null) {
        context = new Context();
        buffers = render(context);
      }
      if (context.state === "suspended") {
        context.resume();
      }
    } catch (error) {
      console.warn("Tractor: no sound:", error);
    }
  }
  window.addEventListener("pointerdown", unlock, { capture: true, passive: true });
  window.addEventListener("keydown", unlock, { capture: true, passive: true });

  function audible() {
    return context !== null && buffers !== null && document.visibilityState === "visible";
  }

  function chineseVoice() {
    const speech = window.speechSynthesis;
    if (!speech) {
      return null;
    }
    return speech.getVoices().find((voice) => /^zh/i.test(voice.lang)) || null;
  }

  function say(text) {
    const voice = chineseVoice();
    if (voice === null || !text) {
      return;
    }
    const utterance = new SpeechSynthesisUtterance(String(text));
    utterance.voice = voice;
    utterance.lang = voice.lang;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  }

  // names: the sounds in order (a few, 90 ms apart); call: the words to speak, or null.
  function play(names, call) {
    if (!audible()) {
      return 0;
    }
    let played = 0;
    Array.from(names || []).forEach((name) => {
      const buffer = buffers[String(name)];
      if (!buffer) {
        return;
      }
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.start(context.currentTime + played * 0.09);
      played += 1;
    });
    if (call) {
      say(call);
    }
    return played;
  }

  window.tractorSound = { play, names: Object.keys(RECIPES) };
})();
