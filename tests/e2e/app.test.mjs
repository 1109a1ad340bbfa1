// The app as a whole: loading from a sub-path, the worker, saved games,
// share links, errors shown to the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, engineReady, BASE } from './harness.mjs';

test('loads from a sub-path with a ready worker and a drawn board', async (t) => {
  assert.match(BASE, /\/starcut\/$/, 'the suite serves the site from a sub-path');
  const s = await launch(t);
  const page = await openApp(s);
  await assert.doesNotReject(page.getByRole('button', { name: 'New game' }).waitFor());
  assert.match(await position(page), /\//);
  assert.ok(await page.getByLabel('Board').isVisible());
  await screenshot(page, 'loaded');
  assertNoErrors(s);
});

test('a corrupt share link shows an error and starts a fresh game', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#game=dice&record=x%2Fy%20z');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /shared link could not be opened/);
  assert.equal((await moves(page)).length, 1, 'a fresh Dice game: only the first roll');
  assert.match(await position(page), /^\S+ [cr]/);
  await screenshot(page, 'corrupt-link');
  assertNoErrors(s);
});

test('a corrupt saved game shows an error and starts a fresh game', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await page.evaluate(() => localStorage.setItem('starcut.game', '{"version":1,"game":"dice","record":'));
  await page.reload();
  await engineReady(page);
  assert.match(await page.getByRole('alert').textContent(), /saved game could not be restored/);
  assertNoErrors(s);
});

test('a crashed worker is reported and replaced', async (t) => {
  const s = await launch(t);
  s.allow(/crash requested by the page|unreachable|RuntimeError/);
  const page = await openApp(s);
  await page.evaluate(() => document.dispatchEvent(new Event('starcut-crash-worker')));
  await page.getByRole('alert').filter({ hasText: /worker failed/ }).waitFor();
  await engineReady(page);
  await screenshot(page, 'worker-crashed');
  assertNoErrors(s);
});

test('new game options: a 7x7 Dice board, and a bad option is named', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await page.getByLabel('Game', { exact: true }).selectOption('dice');
  await page.getByLabel('Options').fill('size=7');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /to move/ }).waitFor();
  assert.match(await position(page), /^7\/7\/7\/7\/7\/7\/7 c [1-7]$/);
  await page.getByLabel('Options').fill('size=99');
  await page.getByRole('button', { name: 'New game' }).click();
  assert.match(await page.getByRole('alert').textContent(), /Cannot start Dice: option 'size'/);
  assert.match(await position(page), /^7\//, 'the game in progress is kept');
  await screenshot(page, 'dice-7x7');
  assertNoErrors(s);
});
