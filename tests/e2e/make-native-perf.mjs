// Writes artifacts/perf-native.json: the native lab's figures on the
// performance test's positions (same depth, same default settings).
// scripts/test-web.sh runs it before the browser tests, after
// `cargo build --release -p starcut-lab`, so the browser is always compared
// with the engine of the same tree on the same machine at the same time:
//   node tests/e2e/make-native-perf.mjs
// The node counts are what the browser must reproduce.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERF_POSITIONS, DEPTH_SET, setPositions, median } from './perf-positions.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const LAB = process.env.STARCUT_LAB ?? join(HERE, '../../target/release/starcut');
const positions = PERF_POSITIONS.map((p) => {
  const out = execFileSync(LAB, ['analyse', p.game, p.position, '--depth', String(p.depth),
    '--algo', 'staretc', '--json'], { encoding: 'utf8' });
  const j = JSON.parse(out);
  console.log(`${p.name}: ${j.nodes} nodes, ${Math.round(j.nodes_per_second)} n/s`);
  return { name: p.name, nodes: j.nodes, time_ms: j.time_ms,
    nodes_per_second: j.nodes_per_second, best: j.best, value: j.value };
});
// The depth reached in one second, play mode with the opponent model, as
// the browser's worker searches for a player.
const depthPositions = setPositions(readFileSync(join(HERE, DEPTH_SET.file), 'utf8'), DEPTH_SET.count);
const depths = depthPositions.map((position) => {
  const out = execFileSync(LAB, ['analyse', DEPTH_SET.game, position, '--time', String(DEPTH_SET.ms),
    '--depth', '64', '--mode', 'play', '--algo', 'staretc+model', '--json'], { encoding: 'utf8' });
  return JSON.parse(out).depth;
});
console.log(`${DEPTH_SET.name}, ${DEPTH_SET.ms} ms: depths ${depths.join(' ')}, median ${median(depths)}`);
mkdirSync(join(HERE, 'artifacts'), { recursive: true });
writeFileSync(join(HERE, 'artifacts', 'perf-native.json'), JSON.stringify({
  built: new Date().toISOString(), lab: 'target/release/starcut analyse --algo staretc', positions,
  depth_at_time: { ms: DEPTH_SET.ms, depths, median: median(depths) },
}, null, 2) + '\n');
