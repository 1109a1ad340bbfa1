// What a player must be able to trust (issue #10, items 1-3, 8, 9, 11):
// a bad link never costs a saved game, earlier games can be resumed,
// undo never reveals a hidden piece, links work in an open tab, the
// evaluation has one point of view, browsing never plays a move unseen,
// typed moves are forgiving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, engineReady, newGame,
  setLimit, humanTurn, typeMove, gameLink, clickSquare, diceMove, BASE } from './harness.mjs';

test('item 1: a bad share link never replaces the game in progress; recent games resume', async (t) => {
  const s = await launch(t);
  s.allow(/clipboard/i);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'chance-breakthrough', 'first');
  await humanTurn(page);
  await typeMove(page, 'd2d3');
  await humanTurn(page);
  const mine = await moves(page);
  const minePos = await position(page);
  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByLabel('Link', { exact: true }).inputValue();
  assert.match(link, /d2d3/);

  // The link with its first move edited to an illegal one, in a new tab.
  const bad = link.replace('d2d3', 'd2d5');
  const tab = await s.context.newPage();
  await tab.goto(bad);
  await engineReady(tab);
  assert.match(await tab.getByRole('alert').textContent(), /shared link could not be opened.*'d2d5'.*Your game is unchanged/);
  assert.deepEqual(await moves(tab), mine, 'the new tab shows the saved game');
  await screenshot(tab, 'item1-bad-link');
  await tab.close();

  // The plain URL still opens the game in progress.
  await page.goto(BASE);
  await engineReady(page);
  assert.deepEqual(await moves(page), mine);
  assert.equal(await position(page), minePos);

  // A new game keeps the old one under Recent games; Resume brings it back.
  await newGame(page, 'dice', 'first');
  await humanTurn(page);
  const recent = page.getByRole('list', { name: 'Recent games' });
  const resume = recent.getByRole('button', { name: /Resume: ChanceBreakthrough · 2 moves/ });
  await resume.waitFor();
  await screenshot(page, 'item1-recent-games');
  await page.reload();
  await engineReady(page);
  assert.match(await position(page), /^5\//, 'a reload keeps the Dice game of this tab');
  await recent.getByRole('button', { name: /Resume: ChanceBreakthrough/ }).click();
  await humanTurn(page);
  assert.deepEqual(await moves(page), mine);
  assert.equal(await page.getByLabel('Game', { exact: true }).inputValue(), 'chance-breakthrough');

  // A good link over a game with moves asks first; Keep my game keeps it.
  const dice = gameLink('dice', '5/5/5/5/5 c\n3 c3');
  await page.goto(BASE + dice);
  await engineReady(page);
  const offer = page.getByRole('dialog');
  await offer.waitFor();
  assert.match(await offer.textContent(), /a Dice game of 1 move/);
  await screenshot(page, 'item1-link-offer');
  await page.getByRole('button', { name: 'Keep my game' }).click();
  assert.deepEqual(await moves(page), mine);
  await page.goto(BASE + dice);
  await engineReady(page);
  await page.getByRole('button', { name: 'Open the linked game' }).click();
  assert.deepEqual((await moves(page)).slice(0, 2), ['3', 'c3']);
  assert.ok(await recent.getByRole('button', { name: /Resume: ChanceBreakthrough · 2 moves/ }).isVisible());
  assertNoErrors(s);
});

// Barrage from a shared position: Red's Scout on a4 faces Blue's on a6.
const BARRAGE = 'bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r';

test('item 2: undo never takes back what a battle revealed', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, gameLink('barrage', `${BARRAGE}\n`));
  await setLimit(page, 'depth', 1);
  await humanTurn(page);
  await typeMove(page, 'a4a6');
  await humanTurn(page);
  const undo = page.getByRole('button', { name: 'Undo' });
  assert.ok(await undo.isDisabled(), 'undo may not cross the battle');
  assert.match(await page.getByRole('note').filter({ hasText: /Undo stops/ }).textContent(),
    /^Undo stops after move 1 \(.*\): what a player has seen stays seen\.$/);
  await undo.click({ force: true });
  assert.equal((await moves(page))[0], 'a4a6', 'the battle stays played');
  await screenshot(page, 'item2-undo-blocked');
  assertNoErrors(s);
});

test('item 3: links pasted into an open tab open like a fresh load', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await page.evaluate(() => { location.hash = '#lecture&example=arts-4.6&algo=star1&step=2'; });
  await page.getByRole('region', { name: 'Lecture' }).waitFor();
  assert.match(await page.locator('#lecture-step').textContent(), /^Step 2 \//);
  // A game link: the fresh game (no move of ours) is replaced at once.
  await page.evaluate((hash) => { location.hash = hash; }, gameLink('dice', '5/5/5/5/5 c\n3 c3'));
  await page.getByRole('list', { name: 'Move list' }).locator('[data-steps]').first().waitFor();
  assert.ok(await page.getByLabel(/ board, /).isVisible());
  assert.deepEqual((await moves(page)).slice(0, 2), ['3', 'c3']);
  // The fragment is cleared (Playwright learns of a replaced URL a moment later).
  await page.waitForURL((url) => !url.hash, { timeout: 5000 });
  // A broken link pasted now: named, and the game stays.
  await humanTurn(page);
  const before = await moves(page);
  await page.evaluate(() => { location.hash = '#game=dice&record=5%2F5%2F5%2F5%2F5%20c%0A9'; });
  await page.getByRole('alert').filter({ hasText: /could not be opened/ }).waitFor();
  assert.deepEqual(await moves(page), before);
  await screenshot(page, 'item3-pasted-link');
  assertNoErrors(s);
});

test('item 8: one point of view for the evaluation; a solved ending says so', async (t) => {
  const s = await launch(t);
  // Black (the engine) to move cannot stop White's a7-a8.
  const page = await openApp(s, gameLink('breakthrough', '8/w7/8/8/7b/8/8/8 b\n'));
  await setLimit(page, 'time', 300);
  await humanTurn(page);
  const value = await page.locator('#stat-value').textContent();
  assert.match(value, /^win \(your view\)$/, `the engine's loss is the player's win: ${value}`);
  assert.equal(await page.locator('#stat-depth').textContent(), 'solved');
  const bar = page.getByRole('meter', { name: 'Evaluation for you' });
  assert.ok(Number(await bar.getAttribute('aria-valuenow')) > 0.9);
  assert.match(await bar.getAttribute('aria-valuetext'), /^win for you, solved$/);
  // A hint is the player's own search: the same point of view.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => document.querySelector('#stat-best').textContent === 'a7a8');
  await engineReady(page);
  assert.match(await page.locator('#stat-value').textContent(), /^win \(your view\)$/);
  await screenshot(page, 'item8-eval-perspective');
  assertNoErrors(s);
});

test('item 9: browsing hides the hint, flags the panel and never drops a move', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 2);
  await newGame(page, 'dice', 'first');
  await humanTurn(page);
  await clickSquare(page, diceMove(await position(page)));
  await humanTurn(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await engineReady(page);
  const note = page.getByRole('note').filter({ hasText: /figures are for the current position/ });
  assert.equal(await note.isVisible(), false);
  await page.getByRole('list', { name: 'Move list' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await note.waitFor();
  await screenshot(page, 'item9-browsing');
  // A click on the board while browsing returns to the game, says so,
  // and plays nothing.
  const before = await moves(page);
  await clickSquare(page, 'a1');
  assert.match(await page.getByRole('alert').textContent(), /back at the current position/);
  assert.deepEqual(await moves(page), before);
  assert.equal(await note.isVisible(), false);
  await humanTurn(page);
  assertNoErrors(s);
});

test('item 11: typed moves in any case; a refused one stays to be fixed', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'chance-breakthrough', 'first');
  await humanTurn(page);
  const input = page.getByLabel('Move', { exact: true });
  await typeMove(page, 'z9z9');
  const alert = await page.getByRole('alert').textContent();
  assert.equal(alert.split('z9z9').length - 1, 1, `named once: ${alert}`);
  assert.equal(await input.inputValue(), 'z9z9');
  await screenshot(page, 'item11-typed-error');
  await typeMove(page, 'E2E3');
  await humanTurn(page);
  assert.equal((await moves(page))[0], 'e2e3');
  assert.equal(await input.inputValue(), '');
  assertNoErrors(s);
});
