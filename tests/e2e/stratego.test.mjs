// Stratego: the setup phase (random, swap by clicking), hidden engine
// pieces, a typed move and the engine's reply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, clickSquare,
  newGame, setLimit, humanTurn, boardOf, dragSquare } from './harness.mjs';

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

test('barrage from a shared position: a battle is revealed and the captures listed', async (t) => {
  const s = await launch(t);
  const start = 'bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r';
  const page = await openApp(s, `#game=barrage&side=first&seed=1&record=${encodeURIComponent(`${start}\n`)}`);
  await setLimit(page, 'depth', 1);
  await humanTurn(page);
  // The shared game hides Blue's ranks like any other.
  assert.match(await position(page), /^b\?b\?8\//);
  await page.getByLabel('Move', { exact: true }).fill('a4a6');
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  // Scout against Scout: both are removed. The engine's quiet reply came
  // at once, and the battle stays on show under the board.
  assert.equal(await page.getByRole('status', { name: 'Battle' }).textContent(),
    'Red\'s Scout (9) attacks Blue\'s Scout (9): both pieces are removed.');
  assert.match(await page.getByLabel('Last move').textContent(),
    /^Blue \(engine\) played \S+\. Before it: Red's Scout \(9\) attacks Blue's Scout \(9\)/);
  // The strip under the board writes the result beside the two tiles,
  // light on dark, once the defender has turned over (it was drawn in the
  // dim grey of the crossed-out tiles, all but invisible).
  await page.waitForTimeout(800);
  const lightPixels = await page.locator('#board').evaluate((c) => {
    const k = c.width / 560;
    const d = c.getContext('2d').getImageData(150 * k, 570 * k, 300 * k, 44 * k).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] > 200 && d[i + 2] > 200) n++;
    return n;
  });
  assert.ok(lightPixels > 100, `the battle's result is written on the strip: ${lightPixels} light pixels`);
  // Captured pieces drawn per side, and the tracker of Blue's army.
  assert.match(await page.getByRole('group', { name: 'Captured pieces' }).textContent(),
    /You took \(Blue\):\s*9\s*You lost \(Red\):\s*9/);
  const scout = page.getByRole('table', { name: 'Enemy pieces' }).getByRole('row').filter({ hasText: 'Scout' });
  const [army, taken, seen, hidden] = (await scout.getByRole('cell').allTextContents()).slice(1).map(Number);
  assert.deepEqual([army, taken, seen + hidden], [2, 1, 1], 'one Blue Scout taken, the other seen or hidden');
  await screenshot(page, 'barrage-battle');
  // The New game panel shows the loaded game.
  assert.equal(await page.getByLabel('Game', { exact: true }).inputValue(), 'barrage');
  // Back one step: the battle is shown under the board.
  await page.getByRole('list', { name: 'Move list' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /Viewing step 1/ }).waitFor();
  await page.waitForTimeout(800);
  await screenshot(page, 'barrage-battle-reveal');
  assertNoErrors(s);
});

test('own setups: arranged by dragging, saved under a name, chosen again in a new game; 390 px wide', async (t) => {
  const s = await launch(t, { viewport: { width: 390, height: 844 } });
  const page = await openApp(s);
  await newGame(page, 'stratego', 'first');
  await page.getByRole('button', { name: 'Start playing' }).waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
  const before = boardOf(await position(page));
  // Drag the piece on a1 onto the (empty or other) square b3.
  await dragSquare(page, 'j1', 'e3');
  const after = boardOf(await position(page));
  assert.equal(after[7][4], before[9][9], 'the dragged piece moved');
  await page.getByLabel('Save as').fill('corner');
  await page.getByRole('button', { name: 'Save setup' }).click();
  assert.match(await page.getByRole('alert').textContent(), /Setup 'corner' saved/);
  await screenshot(page, 'stratego-setup-390');
  // A new game: the saved setup is offered and used.
  await newGame(page, 'stratego', 'first');
  await page.getByLabel('Setup', { exact: true }).selectOption('own:corner');
  assert.deepEqual(boardOf(await position(page)).slice(6), after.slice(6));
  await page.getByRole('button', { name: 'Start playing' }).click();
  await humanTurn(page);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling in play');
  await screenshot(page, 'stratego-play-390');
  assertNoErrors(s);
});
