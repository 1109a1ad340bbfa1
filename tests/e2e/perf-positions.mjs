// The fixed positions of the performance test: searched at a fixed depth
// with the default settings (staretc, h=1, table, history, killers) in the
// browser's worker and by the native lab (`make-native-perf.mjs`).
export const PERF_POSITIONS = [
  { name: 'chance-breakthrough start d7', game: 'chance-breakthrough', depth: 7,
    position: 'bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w' },
  { name: 'dice 11x11 d4', game: 'dice', depth: 4,
    position: '11/11/11/11/11/11/11/11/11/11/11 c 6' },
  { name: 'stratego start (red view) d5', game: 'stratego', depth: 5,
    position: 'b?b?b?b?b?b?b?b?b?b?/b?b?b?b?b?b?b?b?b?b?/b?b?b?b?b?b?b?b?b?b?/b?b?b?b?b?b?b?b?b?b?/10/10/r2r3r8r4r9r9r5r8r9r1/rBrSr5r6rBr3r7rBr9r6/r4rBr9r7r7r9rBr7r5r9/rFr5rBr8r4r8r6r6r9r8 r' },
];

// The depth check of the speed issue: the first 20 Stratego middle
// positions of the lab's set (`assets/positions/stratego-middle.txt`),
// each searched for one second in play mode, in the browser's worker and
// by the native lab (`make-native-perf.mjs`); the deepest finished
// iteration is recorded, not asserted (the machine varies).
export const DEPTH_SET = { name: 'stratego middle', game: 'stratego', file: '../../assets/positions/stratego-middle.txt',
  count: 20, ms: 1000 };

/** The positions of a set file: one per line, `#` comments. */
export function setPositions(text, count) {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).slice(0, count);
}

/** The median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
