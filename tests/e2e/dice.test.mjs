// Playing Dice against the engine: by clicking, by typing; the engine
// replies with a search whose statistics the panel shows; the game survives
// a reload and travels in a share link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, undoneSteps, clickSquare, diceMove, engineReady, humanTurn, setLimit } from './harness.mjs';

async function newDice(page, side = 'first') {
  await page.getByLabel('Game', { exact: true }).selectOption('dice');
  await page.getByLabel('Play as').selectOption(side);
  await page.getByRole('button', { name: 'New game' }).click();
}

test('dice: click and typed moves, engine replies with nodes shown', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 3);
  await newDice(page);
  await humanTurn(page);
  const before = (await moves(page)).length;
  const click = diceMove(await position(page));
  await clickSquare(page, click);
  await humanTurn(page);
  let list = await moves(page);
  assert.equal(list[before], click, 'the clicked placement is in the move list');
  assert.ok(list.length >= before + 3, `engine replied: ${list}`);
  assert.ok(Number(await page.locator('#stat-nodes').textContent()) > 0, 'nodes shown');

  const typed = diceMove(await position(page));
  if (typed) {
    await page.getByLabel('Move', { exact: true }).fill(typed);
    await page.getByLabel('Move', { exact: true }).press('Enter');
    await humanTurn(page);
    list = await moves(page);
    assert.ok(list.includes(typed), `typed move played: ${list}`);
    // The box kept the focus through the engine's reply: the next move is
    // typed at once (a disabled box dropped it to the page).
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'move-input');
  }
  await screenshot(page, 'dice-played');

  // An illegal typed move is refused with a message naming it.
  await page.getByLabel('Move', { exact: true }).fill('z9');
  await page.getByLabel('Move', { exact: true }).press('Enter');
  const alert = await page.getByRole('alert').textContent();
  assert.match(alert, /z9/);
  assert.equal(await page.getByLabel('Move', { exact: true }).inputValue(), 'z9', 'kept to be fixed');
  assertNoErrors(s);
});

test('dice: a reload restores the game, a share link reopens it', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 3);
  await newDice(page);
  await humanTurn(page);
  await clickSquare(page, diceMove(await position(page)));
  await humanTurn(page);
  const list = await moves(page);
  const pos = await position(page);

  await page.reload();
  await engineReady(page);
  assert.deepEqual(await moves(page), list, 'moves restored');
  assert.equal(await position(page), pos, 'position restored');

  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByLabel('Link', { exact: true }).inputValue();
  assert.match(link, /#game=dice&/);
  const other = await launch(t);
  const page2 = await other.page();
  await page2.goto(link);
  await engineReady(page2);
  assert.deepEqual(await moves(page2), list, 'the link replays the same moves');
  await screenshot(page2, 'dice-shared');
  assertNoErrors(s);
  assertNoErrors(other);
});

test('dice: undo, redo, flip and browsing with the arrow keys', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 3);
  await newDice(page, 'second');
  await humanTurn(page);
  const start = await moves(page);
  assert.ok(start.length >= 3, 'the engine moved first (after a roll), then our roll');
  // The roll the board shows (its label says what the strip under it does).
  const rolled = async () => (await page.locator('#board').getAttribute('aria-label'))
    .match(/rolled (\d+)/)?.[1];
  const ours = await rolled();
  assert.ok(ours, 'the roll is on the board');
  await clickSquare(page, diceMove(await position(page)), { flipped: true });
  await humanTurn(page);
  const after = await moves(page);
  assert.ok(after.length > start.length);
  const next = await rolled();
  const summary = page.getByLabel('Engine summary');
  assert.notEqual(await summary.textContent(), '', 'the engine\'s evaluation is shown');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.deepEqual(await moves(page).then((m) => m.length), after.length, 'undone steps stay (for redo)');
  // The taken-back turns are faded: every step after our roll.
  assert.ok(await undoneSteps(page) >= after.length - start.length);
  // The roll of the position now on the board, not of the turn taken back,
  // and no evaluation of a position taken back.
  assert.equal(await rolled(), ours);
  assert.equal(await summary.textContent(), '');
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await undoneSteps(page), 0);
  assert.equal(await rolled(), next);
  assert.notEqual(await summary.textContent(), '');

  await page.getByRole('list', { name: 'Move list' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /Viewing step/ }).waitFor();
  await page.keyboard.press('End');
  await humanTurn(page);
  await page.getByRole('button', { name: 'Flip board' }).click();
  await screenshot(page, 'dice-flipped');
  assertNoErrors(s);
});

test('dice: a hint, then resigning ends the game (also after a reload)', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 2);
  await newDice(page);
  await humanTurn(page);
  // The move list belongs to the new game: its first step is our roll.
  assert.deepEqual(await moves(page), [(await position(page)).split(' ')[2]]);
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => /^[a-e][1-5]$/.test(document.querySelector('#stat-best').textContent));
  await engineReady(page);
  const hint = await page.locator('#stat-best').textContent();
  assert.ok(diceMove(await position(page)) !== null);
  await screenshot(page, 'dice-hint');
  // The hint is a legal placement: typing it is accepted.
  await page.getByLabel('Move', { exact: true }).fill(hint);
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  assert.ok((await moves(page)).includes(hint));

  // Resigning asks first; Keep playing backs out.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Keep playing' }).click();
  assert.doesNotMatch(await page.getByRole('status', { name: 'Game status' }).textContent(), /Game over/);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Confirm resign' }).click();
  const status = page.getByRole('status', { name: 'Game status' });
  assert.match(await status.textContent(), /Game over: Columns \(you\) resigned/);
  assert.ok(await page.getByRole('button', { name: 'Resign' }).isDisabled());
  await page.reload();
  await engineReady(page);
  assert.match(await status.textContent(), /Game over: Columns \(you\) resigned/);
  assertNoErrors(s);
});
