// Performance figures, recorded (artifacts/perf.json and the console), not
// asserted against wall-clock limits: the machine running the suite varies.
//  (a) page load: navigation start -> board drawn and engine worker ready
//      (the app writes `data-interactive-ms` on <html> at that moment);
//  (b) the engine's nodes/s in the browser's worker on fixed positions at
//      fixed depths, next to the native lab's figures on the same positions
//      (artifacts/perf-native.json, written by `make-native-perf.mjs`, which
//      scripts/test-web.sh runs first with the release lab of the same tree).
//      The node counts must be equal: it is the same engine with the same
//      settings;
//  (c) the depth the worker finishes in one second on the Stratego middle
//      positions in play mode, next to the native lab's (also written by
//      `make-native-perf.mjs`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, assertNoErrors, BASE } from './harness.mjs';
import { PERF_POSITIONS, DEPTH_SET, setPositions, median } from './perf-positions.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

test('performance: load time and browser vs native nodes per second', async (t) => {
  const s = await launch(t);
  const page = await s.page();
  await page.goto(BASE);
  await page.locator('html[data-interactive-ms]').waitFor({ state: 'attached', timeout: 30000 });
  const loadMs = Number(await page.locator('html').getAttribute('data-interactive-ms'));
  assert.ok(loadMs > 0, `load time ${loadMs}`);
  // A reload hits the HTTP cache and the compiled-wasm cache.
  await page.reload();
  await page.locator('html[data-interactive-ms]').waitFor({ state: 'attached', timeout: 30000 });
  const reloadMs = Number(await page.locator('html').getAttribute('data-interactive-ms'));

  // The app's own worker script, driven directly with the protocol's
  // messages (serde-wasm-bindgen reads plain objects): (b) fixed depths,
  // then (c) the depth the worker finishes in one second on the Stratego
  // middle positions, in play mode with the opponent model (what a player
  // meets), next to the native lab's on the same positions.
  const depthPositions = setPositions(await readFile(join(HERE, DEPTH_SET.file), 'utf8'), DEPTH_SET.count);
  const { browser, depths } = await page.evaluate(async ({ positions, set, depthPositions }) => {
    const worker = new Worker('./worker_loader.js');
    const next = () => new Promise((resolve) => {
      const on = (e) => {
        if (e.data.type === 'progress') return;
        worker.removeEventListener('message', on);
        resolve(e.data);
      };
      worker.addEventListener('message', on);
    });
    const ready = await next();
    if (ready.type !== 'ready') throw new Error(`worker said ${JSON.stringify(ready)}`);
    let job = 0;
    const search = async (game, position, settings) => {
      const reply = next();
      job += 1;
      worker.postMessage({ type: 'search', job,
        request: { game, options: '', position,
          settings: { algorithm: 'staretc', probe_factor: 1, tt: true, history: true,
            killers: true, ...settings } } });
      const r = await reply;
      if (r.type !== 'done') throw new Error(`${position}: ${JSON.stringify(r)}`);
      return r.report;
    };
    const out = [];
    for (const p of positions) {
      const t0 = performance.now();
      // Exact mode: a fresh search, as the native lab's `analyse`.
      const r = await search(p.game, p.position,
        { limit: { depth: { plies: p.depth } }, mode: 'exact', opponent_model: false });
      out.push({ name: p.name, nodes: r.nodes, time_ms: r.elapsed_ms,
        nodes_per_second: r.nodes_per_second, best: r.best,
        value: r.value, wall_ms: performance.now() - t0 });
    }
    const depths = [];
    for (const position of depthPositions) {
      const r = await search(set.game, position,
        { limit: { time: { ms: set.ms } }, mode: 'play', opponent_model: true });
      depths.push(r.depth);
    }
    worker.terminate();
    return { browser: out, depths };
  }, { positions: PERF_POSITIONS, set: DEPTH_SET, depthPositions });

  let native = null;
  try {
    native = JSON.parse(await readFile(join(HERE, 'artifacts', 'perf-native.json'), 'utf8'));
  } catch { /* no native figures: browser figures only */ }
  const rows = browser.map((b) => {
    const n = native?.positions.find((x) => x.name === b.name);
    return {
      ...b,
      native_nodes: n?.nodes ?? null,
      native_nodes_per_second: n?.nodes_per_second ?? null,
      ratio: n ? b.nodes_per_second / n.nodes_per_second : null,
    };
  });
  // What a visitor downloads: every file the page and the service worker
  // name, raw and gzipped (what a static host serves compressed).
  const index = await (await fetch(BASE)).text();
  const files = new Set(['', 'worker_loader.js', 'worker.js', 'worker_bg.wasm', 'sw.js', 'manifest.webmanifest',
    'icons/icon.svg', 'icons/icon-192.png', 'icons/icon-512.png']);
  for (const m of index.matchAll(/(?:href|src)="\.?\/?([^":]+)"/g)) files.add(m[1]);
  for (const m of index.matchAll(/['"]\.\/([^'"]+\.(?:js|wasm|css))['"]/g)) files.add(m[1]);
  const sizes = {};
  for (const f of files) {
    const body = Buffer.from(await (await fetch(BASE + f)).arrayBuffer());
    sizes[f || 'index.html'] = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  }
  const total = Object.values(sizes).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
  const wasm = Object.fromEntries(Object.entries(sizes).filter(([f]) => f.endsWith('.wasm')));
  const report = { load_to_interactive_ms: loadMs, reload_to_interactive_ms: reloadMs,
    site: total, wasm, files: sizes,
    native_built: native?.built ?? null, positions: rows,
    depth_at_time: { name: DEPTH_SET.name, ms: DEPTH_SET.ms, positions: depthPositions.length,
      browser: depths, browser_median: median(depths),
      native: native?.depth_at_time?.depths ?? null, native_median: native?.depth_at_time?.median ?? null } };
  await mkdir(join(HERE, 'artifacts'), { recursive: true });
  await writeFile(join(HERE, 'artifacts', 'perf.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(`[perf] load -> interactive ${loadMs.toFixed(0)} ms (reload ${reloadMs.toFixed(0)} ms)`);
  for (const [f, z] of Object.entries(wasm)) console.log(`[perf] ${f}: ${z.raw} bytes, ${z.gzip} gzipped`);
  console.log(`[perf] whole site: ${total.raw} bytes, ${total.gzip} gzipped`);
  assert.ok(Object.keys(wasm).length === 2, `two wasm files: ${Object.keys(wasm)}`);
  for (const r of rows) {
    console.log(`[perf] ${r.name}: ${r.nodes} nodes, browser ${Math.round(r.nodes_per_second)} n/s`
      + (r.ratio === null ? '' : `, native ${Math.round(r.native_nodes_per_second)} n/s, ratio ${r.ratio.toFixed(2)}`));
  }

  const d = report.depth_at_time;
  console.log(`[perf] ${d.name} at ${d.ms} ms (play mode): browser depths ${depths.join(' ')},`
    + ` median ${d.browser_median}` + (d.native ? `; native median ${d.native_median}` : ''));
  // Every search finishes at least its first iterations in a second.
  assert.equal(depths.length, DEPTH_SET.count);
  for (const x of depths) assert.ok(x >= 3, `depth ${x} in ${DEPTH_SET.ms} ms`);
  for (const r of rows) {
    assert.ok(r.nodes > 0 && r.nodes_per_second > 0, `${r.name}: ${JSON.stringify(r)}`);
    if (r.native_nodes !== null) {
      // Same engine, same settings, same position: the same tree.
      assert.equal(r.nodes, r.native_nodes, `${r.name}: browser and native node counts`);
    }
  }
  assertNoErrors(s);
});
