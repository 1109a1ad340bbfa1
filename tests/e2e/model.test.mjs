// The Stratego opponent model in the browser (issue #15, item 1): the
// research panel's "Opponent model" box is on by default, reaches the
// engine (the same search with and without it counts other nodes), and is
// remembered like the other settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, setLimit, humanTurn, gameLink, newGame }
  from './harness.mjs';

// A Barrage position with the engine (Red) to move: its Scouts can run
// onto Blue's unmoved hidden pieces in Blue's setup rows, where the model
// weighs their ranks by the rows of expert setups, so the chance nodes'
// weights differ with it (natively at depth 3: 1,983 nodes without, 2,086
// with).
const BARRAGE = 'bFbB8/10/10/b1b22b8b92bSb9/10/10/10/r9r92r8r12rSr2/10/rFrB8 r\n';

/** Opens the linked Barrage game and returns the nodes of the engine's
 * first search. */
async function engineNodes(page) {
  await page.goto(page.url().split('#')[0] + gameLink('barrage', BARRAGE, { side: 'second' }));
  const open = page.getByRole('button', { name: 'Open the linked game' });
  if (await open.waitFor({ timeout: 2000 }).then(() => true, () => false)) await open.click();
  await humanTurn(page, 60000);
  return Number(await page.locator('#stat-nodes').textContent());
}

test('opponent model: on by default, it changes the search, and it is remembered', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 3);
  const box = page.getByRole('checkbox', { name: 'Opponent model' });
  assert.ok(await box.isChecked(), 'on by default');
  const withModel = await engineNodes(page);
  await screenshot(page, 'opponent-model-on');
  await box.click();
  assert.ok(!(await box.isChecked()));
  const without = await engineNodes(page);
  assert.ok(withModel > 0 && without > 0, `${withModel} ${without}`);
  assert.notEqual(withModel, without, 'the model reaches the engine');
  await page.reload();
  const panel = page.locator('#research-panel');
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click();
  assert.ok(!(await page.getByRole('checkbox', { name: 'Opponent model' }).isChecked()),
    'the choice is remembered');
  // Only Stratego and Barrage have a model to switch: elsewhere the box
  // is disabled rather than a switch that does nothing.
  await newGame(page, 'dice');
  await page.getByRole('checkbox', { name: 'Opponent model', disabled: true }).waitFor();
  await newGame(page, 'barrage');
  await page.getByRole('checkbox', { name: 'Opponent model', disabled: false }).waitFor();
  assertNoErrors(s);
});
