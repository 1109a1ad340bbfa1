// ChanceBreakthrough and Breakthrough against the engine: click-click,
// drag and typed moves, the roll button, stopping a long search.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, clickSquare, dragSquare,
  newGame, setLimit, humanTurn, engineReady } from './harness.mjs';

test('chance-breakthrough: click, drag, roll and typed moves; the engine replies', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 2);
  await newGame(page, 'chance-breakthrough', 'first');
  await humanTurn(page);
  assert.match(await position(page), /^bbbbbbbb\/bbbbbbbb\/8\/8\/8\/8\/wwwwwwww\/wwwwwwww w/);

  // Click-click.
  await clickSquare(page, 'a2');
  await clickSquare(page, 'a3');
  await humanTurn(page);
  let list = await moves(page);
  assert.equal(list[0], 'a2a3');
  assert.ok(list.length >= 2, `the engine replied: ${list}`);
  assert.ok(Number(await page.locator('#stat-nodes').textContent()) > 0, 'nodes shown');
  // The roll's chance node, drawn as its bounds against the window.
  const bar = page.getByRole('img', { name: /^Chance node after roll: bounds \[/ });
  assert.ok(await bar.isVisible(), 'the chance node bar');

  // Drag (the engine's reply cannot have reached h2 or h3).
  await dragSquare(page, 'h2', 'h3');
  await humanTurn(page);
  list = await moves(page);
  assert.ok(list.includes('h2h3'), `dragged move played: ${list}`);

  // The roll button plays `roll`; the page rolls the dice.
  const roll = page.getByRole('button', { name: 'Roll' });
  assert.ok(await roll.isEnabled());
  const n = list.length;
  await roll.click();
  await humanTurn(page);
  list = await moves(page);
  assert.equal(list[n], 'roll');
  assert.match(list[n + 1], /^([a-h][1-8]|none)$/, 'a roll outcome follows');
  await screenshot(page, 'chance-breakthrough');

  // Typed move.
  await page.getByLabel('Move', { exact: true }).fill('roll');
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  assert.equal((await moves(page))[list.length], 'roll');
  assertNoErrors(s);
});

test('breakthrough: stopping a long search plays the best move so far', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'time', 60000);
  await newGame(page, 'breakthrough', 'second');
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /thinking/ }).waitFor();
  await page.waitForFunction(() => Number(document.querySelector('#stat-nodes').textContent) > 0);
  assert.equal(await page.getByRole('button', { name: 'Roll' }).isVisible(), false);
  // The live principal variation while the search runs: as text in the
  // engine strip and as two arrows on the board (the engine's move and the
  // reply it expects), which the board's label names.
  const board = page.getByRole('img', { name: /engine considers [a-h]\d→[a-h]\d, expecting [a-h]\d→[a-h]\d/ })
    .or(page.getByLabel(/engine considers [a-h]\d→[a-h]\d, expecting [a-h]\d→[a-h]\d/));
  await board.first().waitFor();
  const summary = await page.getByLabel('Engine summary').textContent();
  assert.match(summary, /[a-h]\d[a-h]\d [a-h]\d[a-h]\d/, `a line of at least two moves: ${summary}`);
  assert.ok((await page.locator('#stat-pv').textContent()).trim().split(/\s+/).length >= 2);
  await page.waitForTimeout(300);
  await screenshot(page, 'breakthrough-thinking');
  await page.getByRole('button', { name: 'Stop' }).click();
  await humanTurn(page);
  const list = await moves(page);
  assert.equal(list.length, 1, `the engine's move: ${list}`);
  assert.match(await page.getByRole('alert').textContent(), /best move so far/);
  await engineReady(page);
  // The replaced worker answers the next job.
  await setLimit(page, 'depth', 2);
  await clickSquare(page, 'a7', { flipped: true });
  await clickSquare(page, 'a6', { flipped: true });
  await humanTurn(page);
  assert.ok((await moves(page)).length >= 3);
  await screenshot(page, 'breakthrough-stopped');
  assertNoErrors(s);
});
