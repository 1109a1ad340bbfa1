// Stratego: the setup phase (random, swap by clicking), hidden engine
// pieces, a typed move and the engine's reply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, clickSquare,
  newGame, setLimit, humanTurn, boardOf } from './harness.mjs';

test('stratego: set up, swap, play; the engine\'s pieces stay hidden', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'stratego', 'first');
  await page.getByRole('button', { name: 'Start playing' }).waitFor();
  await page.getByRole('button', { name: 'Random setup' }).click();
  const before = await position(page);
  // Enemy pieces are face down in the human's view.
  const rows = boardOf(before);
  for (const r of rows.slice(0, 4)) for (const p of r) assert.match(p, /^b\?$/);
  // Swap a1 and j4 by clicking (unless they hold the same rank).
  await clickSquare(page, 'a1');
  await clickSquare(page, 'j4');
  const after = boardOf(await position(page));
  assert.equal(after[9][0], rows[6][9]);
  assert.equal(after[6][9], rows[9][0]);
  await screenshot(page, 'stratego-setup');

  await page.getByRole('button', { name: 'Start playing' }).click();
  await humanTurn(page);
  // A front-row piece that can step forward (no lake, not a Bomb or Flag).
  const board = boardOf(await position(page));
  const file = [0, 1, 4, 5, 8, 9].find((c) => !/[BF]$/.test(board[6][c]));
  const mv = `${String.fromCharCode(97 + file)}4${String.fromCharCode(97 + file)}5`;
  await page.getByLabel('Move', { exact: true }).fill(mv);
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  const list = await moves(page);
  assert.equal(list[0], mv);
  assert.equal(list.length, 2, `the engine replied: ${list}`);
  assert.ok(Number(await page.locator('#stat-nodes').textContent()) > 0);
  for (const r of boardOf(await position(page))) {
    for (const p of r) if (p && p[0] === 'b') assert.match(p, /^b[?!]$/, 'no Blue rank shown');
  }
  await screenshot(page, 'stratego-play');
  assertNoErrors(s);
});

test('barrage: the setup phase offers presets', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await newGame(page, 'barrage', 'second');
  const preset = page.getByLabel('Setup', { exact: true });
  await preset.waitFor();
  await preset.selectOption('barrage-2');
  const text = await position(page);
  assert.equal(boardOf(text).flat().filter((p) => p && p[0] === 'b').length, 8);
  await screenshot(page, 'barrage-setup');
  assertNoErrors(s);
});
