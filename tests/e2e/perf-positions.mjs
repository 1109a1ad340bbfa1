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
  // The 11th middle position of the lab's set, whose evaluations meet the
  // squashing's exponential: with the platform's `exp` (glibc natively, the
  // compiler's runtime in WebAssembly) the two trees differed by 2 nodes.
  { name: 'stratego middle 11 d7', game: 'stratego', depth: 7,
    position: '2R21BBb?b?b!1b?/2b?2b?1b!BBb?/3b?3b!1R1/6B12r6/5b!3R9/10/2R8r6R41r7R72/RB1r5r86/r4RBr93rB3/rFr5rB2r8r6r61r8 r r3r3r4r5r5r7r7r8r9r9r9r9r9r9rSrBrBb2b3b3b4b4b5b5b6b6b6b7b7b7b8b8b8b8b9b9b9b9b9b9b9b9bS moved:d3,d4,g4,j7 two:e3e4x1/h7g7x1 ply:150' },
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
