// Lecture mode: a worked example stepped with the keyboard to its cuts, the
// node counts of all algorithms, reload and links, and a malformed tree.
// The numbers are the ones engine/tests/search_examples.rs asserts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, engineReady } from './harness.mjs';

const text = async (page, id) => ((await page.locator(`#${id}`).textContent()) ?? '').trim();
const eventKind = (page) => page.locator('#lecture-event').getAttribute('data-kind');

/** Nodes per algorithm from the comparison table. */
async function compare(page) {
  const rows = await page.locator('#lecture-compare tr[data-algorithm]').all();
  const out = {};
  for (const r of rows) out[await r.getAttribute('data-algorithm')] = Number(await r.locator('td.nodes').textContent());
  return out;
}

/** Presses → until the event shown is a cut; returns the steps pressed. */
async function stepToCut(page, limit = 200) {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press('ArrowRight');
    if (await eventKind(page) === 'cut') return i;
  }
  throw new Error('no cut reached');
}

async function openLecture(page) {
  await page.getByRole('button', { name: 'Lecture' }).click();
  await page.getByRole('region', { name: 'Lecture' }).waitFor();
}

test('Arts Figure 4.6: step to the cuts, back, and compare all algorithms', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  await page.getByLabel('Example').selectOption('arts-4.6');
  assert.equal(await page.locator('#lecture-algo').inputValue(), 'star1');
  assert.equal(await page.getByLabel('Alpha').inputValue(), '3');
  assert.equal(await page.getByLabel('Beta').inputValue(), '4');
  // The tree has the focus after a choice: → steps, it does not change the list.
  assert.match(await text(page, 'lecture-step'), /^Step 0 \/ \d+$/);

  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'lecture-event'), 'Enter A (chance) with window (3, 4)');

  // The first cut: C's first leaf E = -8 is below C's window (-3, 10).
  await stepToCut(page);
  const first = await text(page, 'lecture-event');
  assert.match(first, /^alpha-beta at C: upper bound -8 ≤ alpha -3\./);
  assert.match(first, /never searched: F\.$/);
  assert.equal(await text(page, 'lecture-node'), 'C (MIN)');
  assert.equal(await text(page, 'lecture-window'), '(-3, 10)');
  assert.equal(await text(page, 'lecture-child-window'), 'C: (-3, 20)');
  assert.match(await text(page, 'lecture-nodes'), /^6 of 6$/);
  await screenshot(page, 'lecture-arts-4.6-first-cut');

  // The Star1 cut at A: (2 - 8 + 10)/3 = 4/3 <= alpha 3; D never searched.
  await stepToCut(page);
  const second = await text(page, 'lecture-event');
  assert.match(second, /^star1 cut II at A: upper bound 1\.333 ≤ alpha 3\./);
  assert.match(second, /never searched: D\.$/);
  const atCut = await text(page, 'lecture-step');

  // One step back: no longer the cut; Shift+→ returns to it.
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await eventKind(page), 'cut');
  assert.notEqual(await text(page, 'lecture-step'), atCut);
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal(await text(page, 'lecture-step'), atCut);
  await page.keyboard.press('End');
  assert.match(await text(page, 'lecture-event'), /^A returns ≤ 1\.333/);
  assert.match(await text(page, 'lecture-result'), /^1\.333 \(≤ alpha: an upper bound\), 6 nodes, depth 2$/);
  await screenshot(page, 'lecture-arts-4.6-end');

  // Clicking a node shows its first visit: C at (500, 218) of the 1000x440
  // canvas (leaf slots 2 and 3 of 6); D, never searched, shows A's cut.
  const box = await page.getByLabel('Search tree').boundingBox();
  const click = (x, y) => page.mouse.click(box.x + x * box.width / 1000, box.y + y * box.height / 440);
  await click(70 + 0.5 * 860, 218);
  assert.equal(await text(page, 'lecture-event'), 'Enter C (MIN) with window (-3, 10)');
  await click(70 + 0.9 * 860, 218);
  assert.match(await text(page, 'lecture-event'), /^star1 cut II at A/);

  // Every algorithm on the same tree and window (the chart draws the same).
  const nodes = await compare(page);
  assert.deepEqual(Object.keys(nodes), ['expectimax', 'star0.5', 'star1', 'star2', 'star2.5', 'staretc']);
  assert.equal(nodes.star1, 6);
  assert.ok(nodes.expectimax > nodes.star1, JSON.stringify(nodes));
  const chart = page.locator('#lecture-chart');
  assert.ok(await chart.isVisible());
  assert.equal(await chart.getAttribute('aria-label'),
    `Nodes per algorithm: ${Object.entries(nodes).map(([a, n]) => `${a} ${n}`).join(', ')}`);
  assertNoErrors(s);
});

test('Schadd Figure 5.3 node counts and Figure 5.4 probes, by the buttons', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  await page.getByLabel('Example').selectOption('schadd-5.3');
  const nodes = await compare(page);
  assert.equal(nodes.star1, 9);
  assert.equal(nodes['star0.5'], 10);
  assert.equal(nodes.expectimax, 13);

  await page.getByLabel('Example').selectOption('schadd-5.4');
  assert.equal(await page.locator('#lecture-algo').inputValue(), 'star2');
  await page.getByRole('button', { name: 'Cut ▶▶' }).click();
  assert.match(await text(page, 'lecture-event'), /^star2 probe cut at A: upper bound -175 ≤ alpha -150\./);
  assert.match(await text(page, 'lecture-event'), /never searched: C, E\.$/);
  assert.equal(await text(page, 'lecture-bounds'), 'A: [-1000, -175]');
  assert.equal((await compare(page)).star2, 5);
  assert.equal((await compare(page)).star1, 6);
  await screenshot(page, 'lecture-schadd-5.4-probe-cut');
  assertNoErrors(s);
});

test('lecture mode and its step survive a reload and open from a link', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.7&algo=star1&step=5');
  assert.ok(await page.getByRole('region', { name: 'Lecture' }).isVisible());
  assert.match(await text(page, 'lecture-step'), /^Step 5 \//);
  await page.getByLabel('Search tree').focus();
  await page.keyboard.press('ArrowRight');
  assert.match(page.url(), /#lecture&example=arts-4\.7&algo=star1&alpha=-2&beta=2&step=6$/);
  await page.reload();
  await engineReady(page);
  assert.match(await text(page, 'lecture-step'), /^Step 6 \//);
  assert.equal((await compare(page)).star1, 14);
  // Arts Figure 4.7: P = -10 cuts F, and A's upper bound -7/3 cuts A; G never searched.
  await page.getByLabel('Search tree').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+ArrowLeft');
  assert.match(await text(page, 'lecture-event'), /^star1 cut II at A: upper bound -2\.333 ≤ alpha -2\..*never searched: G\.$/);
  await screenshot(page, 'lecture-arts-4.7-root-cut');
  // Back to the game: the board is there, the fragment gone.
  await page.getByRole('button', { name: 'Play' }).click();
  assert.ok(await page.getByLabel('Board').isVisible());
  assert.ok(!page.url().includes('#'));
  assertNoErrors(s);
});

test('a malformed tree is named, and a good one loads', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  await page.locator('#lecture-tree-panel summary').click();
  await page.getByLabel('Tree text').fill('bound 10\nA=chance(B=min(2 6) C=min(4 $))');
  await page.getByRole('button', { name: 'Load tree' }).click();
  const alert = page.getByRole('alert', { name: 'Lecture error' });
  await alert.waitFor();
  assert.match(await alert.textContent(), /unexpected character '\$'/);
  assert.equal(await text(page, 'lecture-step'), '');
  await page.getByLabel('Tree text').fill('bound 10\nA=chance(B=min(2 6) C=min(4 9))');
  await page.getByLabel('Beta').fill('10');
  await page.getByLabel('Beta').dispatchEvent('change');
  await page.getByLabel('Alpha').fill('5');
  await page.getByLabel('Alpha').dispatchEvent('change');
  await page.getByRole('button', { name: 'Load tree' }).click();
  assert.ok(!(await alert.isVisible()));
  assert.equal(await page.getByLabel('Example').inputValue(), '');
  assert.match(await text(page, 'lecture-step'), /^Step 0 \/ \d+$/);
  await page.getByLabel('Alpha').fill('20');
  await page.getByLabel('Alpha').dispatchEvent('change');
  assert.match(await alert.textContent(), /window: alpha 20 must be below beta/);
  assertNoErrors(s);
});
