// What the page shows (issue #10, items 4-7, 10 and the smaller ones): the
// whole move list, battles with both ranks, why a game ended, sound
// Barrage setups, each game's own options, a centred small board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, newGame, setLimit,
  humanTurn, typeMove, gameLink, clickSquare, diceMove, boardOf, squareCentre, engineReady } from './harness.mjs';

/** The part of `el` the list box shows, as a fraction of its height. */
async function inView(list, el) {
  const [a, b] = [await list.boundingBox(), await el.boundingBox()];
  return b.y >= a.y - 1 && b.y + b.height <= a.y + a.height + 1;
}

test('item 4: the whole game in the move list, a row per full move, kept in view', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  // An 11x11 board from a link with a fixed seed, so the rolls are the same
  // on every run: with random rolls the engine at depth 1 sometimes won
  // against these moves within 60 steps (once in 54). With seed 1 the
  // game is still on after 140 steps.
  const empty = `${Array(11).fill('11').join('/')} c\n`;
  await page.goto(page.url().split('#')[0] + gameLink('dice', empty, { seed: 1, options: 'size=11' }));
  await humanTurn(page);
  // Play until the record has more than 60 steps (15 full moves).
  while ((await moves(page)).length <= 60) {
    const mv = diceMove(await position(page));
    if (!mv) break;
    await clickSquare(page, mv);
    await humanTurn(page);
    if (/Game over/.test(await page.getByRole('status', { name: 'Game status' }).textContent())) break;
  }
  const steps = await moves(page);
  assert.ok(steps.length > 60, `a long game: ${steps.length} steps`);
  const list = page.getByRole('list', { name: 'Move list' });
  const rows = list.getByRole('listitem');
  assert.equal(await rows.count(), Math.ceil(steps.length / 4), 'roll + move per turn, two turns per row');
  // Row numbers of 10 and more are whole, and each row holds both sides.
  const row10 = rows.nth(9);
  assert.equal((await row10.locator('.num').textContent()), '10.');
  const num = row10.locator('.num');
  assert.ok(await num.evaluate((el) => el.scrollWidth <= el.clientWidth), 'number not clipped');
  assert.equal(await row10.locator('[data-steps]').count(), 2);
  // Each Dice turn shows its roll as a die before the placement.
  const first = rows.first().locator('[data-steps]').first();
  assert.match(await first.locator('.die').getAttribute('title'), /^rolled \d+$/);
  // The current move is marked and in view; the list scrolls vertically.
  const current = list.locator('[aria-current]');
  assert.ok(await inView(list, current), 'the last move is in view');
  assert.ok(await list.evaluate((el) => el.scrollHeight > el.clientHeight), 'it scrolls vertically');
  assert.ok(await list.evaluate((el) => el.scrollWidth <= el.clientWidth), 'nothing overflows sideways');
  await screenshot(page, 'item4-move-list-end');
  // Browsing with the keys moves the mark and keeps it in view.
  await page.getByRole('list', { name: 'Move list' }).focus();
  await page.keyboard.press('Home');
  assert.equal(await list.locator('[aria-current]').count(), 0, 'the start: no move yet');
  await page.keyboard.press('ArrowRight');
  // One step in: the first turn's roll, its move still to come. That turn
  // is the one marked (no turn was, between a roll and its move).
  assert.equal(await list.locator('[aria-current]').getAttribute('data-steps'), steps.slice(0, 2).join(' '));
  await page.keyboard.press('ArrowRight');
  const early = list.locator('[aria-current]');
  assert.equal(await early.getAttribute('data-steps'), steps.slice(0, 2).join(' '));
  assert.ok(await inView(list, early), 'the first move is scrolled into view');
  await screenshot(page, 'item4-move-list-browsing');
  // A click on a move shows it.
  await rows.nth(5).locator('[data-steps]').nth(1).click();
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /Viewing step 24 / }).waitFor();
  assertNoErrors(s);
});

test('item 4: ChanceBreakthrough rolls are shown with the square they emptied', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'chance-breakthrough', 'first');
  await humanTurn(page);
  await page.getByRole('button', { name: 'Roll' }).click();
  await humanTurn(page);
  const turn = page.getByRole('list', { name: 'Move list' }).locator('[data-steps]').first();
  const [, outcome] = (await turn.getAttribute('data-steps')).split(' ');
  assert.match(outcome, /^([a-h][1-8]|none)$/);
  assert.equal(await turn.textContent(), `roll ${outcome}`);
  assert.equal(await turn.locator('.die').getAttribute('title'), `rolled ${outcome}`);
  assertNoErrors(s);
});

// Blue has its Flag, its Bomb and a revealed Scout (`B9`) on a6 left;
// Red's Miner stands next to the Scout, Red (the engine) to move: taking
// the Scout wins, Blue then has no piece that can move.
const KNOWN = 'bFbB8/10/10/10/B99/r89/10/10/r1r2r9r9rS5/rFrB8 r b1b2b8b9bS';

test('item 5: the battle box shows both ranks, the winner and what was removed', async (t) => {
  const s = await launch(t);
  // The engine attacks a piece it knows.
  const page = await openApp(s, gameLink('barrage', `${KNOWN}\n`, { side: 'second' }));
  await setLimit(page, 'depth', 1);
  await humanTurn(page);
  const list = await moves(page);
  assert.equal(list[0], 'a5a6', `the Miner takes the known Scout: ${list}`);
  assert.equal(await page.getByRole('status', { name: 'Game status' }).textContent(),
    'Game over: Red (engine) wins — the other side has no movable piece left.');
  const battle = page.getByRole('status', { name: 'Battle' });
  assert.equal(await battle.textContent(),
    "Red's Miner (8) attacks Blue's Scout (9): the Miner wins, the Scout is removed.");
  assert.equal(await page.getByRole('list', { name: 'Move list' }).locator('[data-steps]').first().textContent(),
    'a5xa6 (8×9)');
  await page.waitForTimeout(800);
  await screenshot(page, 'item5-battle-engine-attacks');
  assertNoErrors(s);
});

test('item 6: the game over line says why, on the final position', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, gameLink('barrage', 'bF9/10/10/10/10/10/10/10/10/r9rF8 r\n'));
  await humanTurn(page);
  assert.match(await position(page), /^b\?9\//, 'the Flag is hidden during play');
  await typeMove(page, 'a1a10');
  const status = page.getByRole('status', { name: 'Game status' });
  await status.filter({ hasText: /Game over/ }).waitFor();
  assert.equal(await status.textContent(),
    'Game over: Red (you) wins — the Flag was captured by the Scout (9).');
  assert.doesNotMatch(await position(page), /\?|!/, 'the final position shows every piece');
  await page.waitForTimeout(800);
  await screenshot(page, 'item6-flag-captured');
  // Breakthrough: a piece reaches the last rank.
  await page.goto(page.url() + gameLink('breakthrough', '8/1w6/8/7b/8/8/8/8 w\n'));
  await page.getByRole('button', { name: 'Open the linked game' }).click();
  await humanTurn(page);
  await typeMove(page, 'b7b8');
  await status.filter({ hasText: /Game over/ }).waitFor();
  assert.equal(await status.textContent(),
    'Game over: White (you) wins — a piece reached the last rank (b8).');
  await screenshot(page, 'item6-last-rank');
  assertNoErrors(s);
});

test('item 7: the default Barrage setup keeps its Flag out of reach', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await newGame(page, 'barrage', 'first');
  await page.getByRole('button', { name: 'Start playing' }).waitFor();
  assert.equal(await page.getByLabel('Setup', { exact: true }).inputValue(), 'barrage-1');
  const rows = boardOf(await position(page));
  const flagRow = rows.findIndex((r) => r.includes('rF'));
  const flagCol = rows[flagRow].indexOf('rF');
  // No open line to the Flag: the square in front of it and those beside
  // it hold Red pieces or the board's edge.
  const own = (r, c) => r < 0 || r > 9 || c < 0 || c > 9 || (rows[r][c] ?? '').startsWith('r');
  assert.ok(own(flagRow - 1, flagCol), `a piece in front of the Flag: ${rows[flagRow - 1]}`);
  assert.ok(own(flagRow, flagCol - 1) && own(flagRow, flagCol + 1), `covered beside: ${rows[flagRow]}`);
  assert.match(rows[flagRow - 1][flagCol], /^rB$/, 'the Bomb guards the Flag');
  await screenshot(page, 'item7-barrage-default-setup');
  assertNoErrors(s);
});

test('item 10: each game has its own options as fields', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  const group = page.getByRole('group', { name: 'Game options' });
  await newGame(page, 'dice', 'first', { 'Board size': 7 });
  await humanTurn(page);
  assert.match(await position(page), /^7\//);
  await page.getByLabel('Game', { exact: true }).selectOption('chance-breakthrough');
  assert.equal(await group.getByLabel('Board size').count(), 0, 'no Dice option here');
  await newGame(page, 'chance-breakthrough', 'first', { Rows: 6, Columns: 5 });
  await humanTurn(page);
  assert.equal(await page.getByRole('alert').isVisible(), false);
  const board = boardOf(await position(page));
  assert.deepEqual([board.length, board[0].length], [6, 5]);
  // The small board is centred: its a1 and e1 are equally far from the edges.
  const box = await page.locator('#board').boundingBox();
  const [xa] = await squareCentre(page, 'a1');
  const [xe] = await squareCentre(page, 'e1');
  assert.ok(Math.abs((xa - box.x) - (box.x + box.width - xe)) < 2, 'centred');
  await screenshot(page, 'item10-small-board');
  // Stratego's options: the two-squares limit and the move limit.
  await page.getByLabel('Game', { exact: true }).selectOption('stratego');
  assert.equal(await group.getByLabel('Two-squares limit').inputValue(), '3');
  assert.equal(await group.getByLabel('Move limit (plies)').inputValue(), '2000');
  assertNoErrors(s);
});

test('share copies the link to the clipboard', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share link' }).click();
  await page.getByRole('alert').filter({ hasText: /Link copied/ }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.getByLabel('Link', { exact: true }).inputValue());
  assertNoErrors(s);
});

test('game review: a finished Dice game is valued position by position; it stops and goes on after a reload', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'dice', 'first', { 'Board size': 4 });
  const status = page.getByRole('status', { name: 'Game status' });
  for (let i = 0; i < 16 && !/Game over/.test(await status.textContent()); i++) {
    await humanTurn(page);
    if (/Game over/.test(await status.textContent())) break;
    await clickSquare(page, diceMove(await position(page)));
  }
  await status.filter({ hasText: /Game over/ }).waitFor();
  const steps = (await moves(page)).length;
  const graph = page.getByRole('img', { name: /Evaluation graph/ });
  // Start, stop after the first positions, reload: the values are kept.
  await page.getByRole('button', { name: 'Review game' }).click();
  await page.getByRole('status', { name: 'Review status' }).filter({ hasText: /Reviewing: [2-9] of/ }).waitFor();
  await page.getByRole('button', { name: 'Stop review' }).click();
  const kept = Number(await graph.getAttribute('data-points'));
  await page.reload();
  await engineReady(page);
  assert.equal(Number(await graph.getAttribute('data-points')), kept, 'the review survives a reload');
  await page.getByRole('button', { name: 'Review game' }).click();
  await page.getByRole('progressbar', { name: 'Review progress' }).waitFor();
  await page.getByRole('button', { name: 'Review game' }).waitFor({ timeout: 60000 });
  assert.equal(Number(await graph.getAttribute('data-points')), steps + 1, 'every position valued');
  assert.match(await graph.getAttribute('aria-label'), new RegExp(`${steps + 1} of ${steps + 1} positions valued`));
  // A click on the graph shows that step.
  await graph.click({ position: { x: 2, y: 20 } });
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /Viewing step 0 / }).waitFor();
  await screenshot(page, 'review-dice');
  assertNoErrors(s);
});
