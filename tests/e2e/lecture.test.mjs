// Lecture mode: a worked example stepped with the keyboard to its cuts, the
// node counts of all algorithms, reload and links, and a malformed tree.
// The numbers are the ones engine/tests/search_examples.rs asserts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, engineReady, setLimit, newGame, humanTurn, position, gameLink } from './harness.mjs';
import { readFile } from 'node:fs/promises';

const text = async (page, id) => ((await page.locator(`#${id}`).textContent()) ?? '').trim();
const eventKind = (page) => page.locator('#lecture-event').getAttribute('data-kind');

/** Clicks a node of the tree by its name (the canvas lists where each
 * node is drawn in `data-nodes`). */
async function clickNode(page, name) {
  const canvas = page.getByLabel('Search tree');
  const places = JSON.parse(await canvas.getAttribute('data-nodes'));
  const box = await canvas.boundingBox();
  await page.mouse.click(box.x + places[name][0], box.y + places[name][1]);
}

/** Nodes per algorithm from the comparison table (revealing it first). */
async function compare(page) {
  const reveal = page.getByRole('button', { name: 'Reveal the outcome' });
  if (await reveal.isVisible()) await reveal.click();
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
  assert.match(await text(page, 'lecture-nodes'), /^6$/, 'no total before the end');
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

  // Clicking a node shows its first visit; D, never searched, shows A's cut.
  await clickNode(page, 'C');
  assert.equal(await text(page, 'lecture-event'), 'Enter C (MIN) with window (-3, 10)');
  await clickNode(page, 'D');
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
  // The page replaces its URL at once; Playwright learns of it a moment later.
  await page.waitForURL(/#lecture&example=arts-4\.7&algo=star1&alpha=-2&beta=2&step=6$/, { timeout: 5000 });
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
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  assert.ok(await page.getByLabel(/ board, /).isVisible());
  await page.waitForURL((url) => !url.hash, { timeout: 5000 });
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

test('item 12: after choosing from a list, the arrow keys step the search', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  for (const id of ['lecture-algo', 'lecture-example']) {
    const list = page.locator(`#${id}`);
    await list.focus();
    const value = await list.inputValue();
    const step = await text(page, 'lecture-step');
    await page.keyboard.press('ArrowRight');
    assert.equal(await list.inputValue(), value, `${id}: the choice is unchanged`);
    assert.notEqual(await text(page, 'lecture-step'), step, `${id}: → stepped`);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await text(page, 'lecture-step'), step);
  }
  // A number field keeps its keys while it is being edited.
  await page.getByLabel('Alpha').focus();
  const step = await text(page, 'lecture-step');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'lecture-step'), step);
  assertNoErrors(s);
});

test('item 13: decimal and fractional probabilities; errors give line and column', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  await page.locator('#lecture-tree-panel summary').click();
  const alert = page.getByRole('alert', { name: 'Lecture error' });
  const load = async (tree) => {
    await page.getByLabel('Tree text').fill(tree);
    await page.getByRole('button', { name: 'Load tree' }).click();
  };
  await load('bound 10\nA=chance(0.5*B=min(2 6) 1/4*C=min(4 9) 1/4*D=3)');
  assert.ok(!(await alert.isVisible()), await page.locator('#lecture-error').textContent());
  assert.match(await text(page, 'lecture-step'), /^Step 0 \/ \d+$/);
  await load('bound 10\nA=max(A=1 B=2)');
  await alert.waitFor();
  assert.match(await alert.textContent(), /label 'A' is used twice.*line 2, column 1.*line 2, column 7/);
  await load('bound 10\nA=chance(B=min(2 6) C=min(4 $))');
  assert.match(await alert.textContent(), /line 2, column 29: unexpected character '\$'/);
  await screenshot(page, 'item13-tree-error');
  assertNoErrors(s);
});

test('no spoilers at step 0: the outcome appears at the end or when revealed', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.7&algo=star1&step=0');
  await page.getByRole('region', { name: 'Lecture' }).waitFor();
  assert.equal(await text(page, 'lecture-result'), '–');
  assert.ok(!(await page.getByRole('table', { name: 'Algorithm comparison' }).isVisible()));
  assert.ok(!(await page.locator('#lecture-chart').isVisible()));
  assert.equal(await page.locator('#lecture-notes').getAttribute('open'), null, 'the explanation is closed');
  const visible = await page.locator('#lecture').innerText();
  assert.doesNotMatch(visible, /-3\.5|≤ alpha|14 nodes|never searched/, 'nothing gives the answer away');
  await screenshot(page, 'lecture-step0-no-spoilers');
  await page.getByRole('button', { name: 'Reveal the outcome' }).click();
  assert.ok(await page.getByRole('table', { name: 'Algorithm comparison' }).isVisible());
  assert.match(await text(page, 'lecture-result'), /nodes, depth 2$/);
  assertNoErrors(s);
});

test('autoplay starts paused and stops at every cut', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.6&algo=star1&step=0');
  await page.getByLabel('Speed').selectOption('400');
  const play = page.getByRole('button', { name: 'Autoplay' });
  assert.equal(await play.getAttribute('aria-pressed'), 'false', 'paused on load');
  await page.waitForTimeout(600);
  assert.match(await text(page, 'lecture-step'), /^Step 0 \//, 'nothing moved by itself');
  await play.click();
  await page.locator('#lecture-event[data-kind="cut"]').waitFor({ timeout: 20000 });
  const atCut = await text(page, 'lecture-step');
  await page.waitForTimeout(1000);
  assert.equal(await text(page, 'lecture-step'), atCut, 'paused at the cut');
  assert.equal(await page.getByRole('button', { name: 'Autoplay' }).getAttribute('aria-pressed'), 'false');
  assertNoErrors(s);
});

for (const [w, h] of [[1280, 720], [1920, 1080], [390, 844]]) {
  test(`presentation view at ${w}x${h}: the tree fills the screen, text for the back row`, async (t) => {
    const s = await launch(t, { viewport: { width: w, height: h } });
    const page = await openApp(s, '#lecture&example=arts-4.7&algo=star1&step=20');
    await page.getByRole('region', { name: 'Lecture' }).waitFor();
    await page.getByRole('button', { name: 'Present' }).click();
    const canvas = page.getByLabel('Search tree');
    await page.waitForFunction(() => document.body.classList.contains('presenting'));
    const box = await canvas.boundingBox();
    if (w >= 1280) {
      assert.ok(box.width * box.height >= 0.6 * w * h, `canvas ${box.width}x${box.height}`);
      assert.ok(box.width >= 0.9 * w && box.height >= 0.7 * h, `canvas ${box.width}x${box.height}`);
      assert.ok(Number(await canvas.getAttribute('data-label-px')) >= 24, 'labels of 24 px and more');
      const px = await page.locator('#lecture-event').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      assert.ok(px >= 24, `sentence ${px}px`);
    }
    // Drawn at the device pixel ratio: the bitmap matches the box.
    const [cw, ch] = await canvas.evaluate((c) => [c.width / devicePixelRatio, c.height / devicePixelRatio]);
    assert.ok(Math.abs(cw - box.width) <= 1 && Math.abs(ch - box.height) <= 1, `${cw}x${ch} vs ${box.width}x${box.height}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    // The arrow keys still step; the controls hide when the mouse rests.
    await page.keyboard.press('ArrowRight');
    assert.match(await text(page, 'lecture-step'), /^Step 21 \//);
    await page.waitForTimeout(2800);
    await screenshot(page, `lecture-present-${w}x${h}`);
    assert.ok(await page.evaluate(() => document.body.classList.contains('idle')), 'controls hidden');
    await page.keyboard.press('p');
    assert.ok(!(await page.evaluate(() => document.body.classList.contains('presenting'))));
    assertNoErrors(s);
  });
}

test('predict the cuts: marks checked right and wrong, with reasons', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.6&algo=star1&step=0');
  await page.getByRole('button', { name: 'Predict the cuts' }).click();
  await clickNode(page, 'D');
  await clickNode(page, 'B');
  assert.match(await text(page, 'lecture-step'), /^Step 0 \//, 'a click in predict mode marks, it does not step');
  // And the bound A will return: 4/3.
  await page.getByLabel('Value of node').selectOption({ label: 'A (chance)' });
  await page.getByLabel('predicted', { exact: true }).fill('1.333');
  await page.getByRole('button', { name: 'Predict this value' }).click();
  await page.getByRole('button', { name: 'Check' }).click();
  const results = page.getByRole('list', { name: 'Prediction results' });
  const items = await results.getByRole('listitem').allTextContents();
  assert.ok(items.some((i) => /^✓ D: D was pruned: star1 cut II at A \(step \d+\)\.$/.test(i)), items.join(' | '));
  assert.ok(items.some((i) => /^✗ B: B is searched \(step \d+\)\.$/.test(i)), items.join(' | '));
  assert.ok(items.some((i) => /^✗ F: Missed: F was pruned: alpha-beta at C/.test(i)), items.join(' | '));
  assert.ok(items.some((i) => /^✓ A: value of A: you said 1\.333; the search returned ≤ 1\.333, an upper bound/.test(i)), items.join(' | '));
  assert.equal(await text(page, 'lecture-score'), '2 of 4 right');
  await screenshot(page, 'lecture-predict-checked');
  assertNoErrors(s);
});

test('export: the tree as SVG and a handout, downloaded and read back', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.7&algo=star1&step=12');
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  assert.equal(svg.suggestedFilename(), 'starcut-arts-4.7-star1-step-12.svg');
  const text12 = await readFile(await svg.path(), 'utf8');
  const parsed = await page.evaluate((x) => {
    const doc = new DOMParser().parseFromString(x, 'image/svg+xml');
    return { error: doc.querySelector('parsererror') !== null, root: doc.documentElement.nodeName,
      labels: [...doc.querySelectorAll('text')].map((e) => e.textContent) };
  }, text12);
  assert.equal(parsed.error, false);
  assert.equal(parsed.root, 'svg');
  for (const name of ['A', 'B', 'F', 'G']) assert.ok(parsed.labels.includes(name), name);
  const [handout] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Handout' }).click(),
  ]);
  const html = await readFile(await handout.path(), 'utf8');
  assert.match(html, /<h1>Arts: Stratego thesis, Figure 4\.7/);
  assert.ok((html.match(/<svg/g) ?? []).length >= 3, 'start, cuts and end');
  assert.match(html, /star1 cut II at A/);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  const bytes = await readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG file');
  assertNoErrors(s);
});

test('explain this move: a Dice, a Barrage and a Stratego position open as trees rooted at that position', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'dice', 'first');
  await humanTurn(page);
  const roll = (await position(page)).split(' ')[2];
  await page.getByRole('button', { name: 'Explain this move' }).click();
  await page.getByRole('region', { name: 'Lecture' }).waitFor();
  assert.match(await text(page, 'lecture-source'), /dice/i);
  // The root's moves are the placements in the rolled column.
  const places = JSON.parse(await page.getByLabel('Search tree').getAttribute('data-nodes'));
  assert.ok(Object.keys(places).length > 3);
  const tree = await page.getByLabel('Tree text').inputValue();
  const col = String.fromCharCode(96 + Number(roll));
  assert.match(tree, new RegExp(`\\{${col}[1-5]\\}`), `edges are the game's moves in column ${col}`);
  await page.keyboard.press('End');
  assert.match(await text(page, 'lecture-result'), /nodes, depth \d$/);
  await screenshot(page, 'lecture-explain-dice');
  // Barrage: the player's view only.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.goto(page.url().split('#')[0] + gameLink('barrage',
    'bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r\n'));
  // The Dice game has no move of ours yet: the link opens at once.
  await humanTurn(page);
  await page.getByRole('button', { name: 'Explain this move' }).click();
  const barrage = await page.getByLabel('Tree text').inputValue();
  assert.match(barrage, /\{a4a6\}/, 'the Scout run is a move of the tree');
  assert.doesNotMatch(barrage, /bF|b1b2/, 'no hidden rank of the engine');
  assert.ok(Number(await page.locator('#lecture-step').textContent().then((x) => x.split('/ ')[1])) > 0);
  await screenshot(page, 'lecture-explain-barrage');
  // Standard Stratego, after the setup.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await newGame(page, 'stratego', 'first');
  await page.getByRole('button', { name: 'Start playing' }).click();
  await humanTurn(page);
  await page.getByRole('button', { name: 'Explain this move' }).click();
  const stratego = await page.getByLabel('Tree text').inputValue();
  assert.match(stratego, /^# stratego position: /m);
  assert.match(stratego, /\{[a-j]4[a-j]5\}/, 'a front-row move is an edge');
  const header = stratego.split('\n')[0];
  assert.doesNotMatch(header, /b[1-9SBF]/, `Blue's ranks stay hidden: ${header}`);
  assertNoErrors(s);
});

test('a random exercise: the seed is in the link and gives the same tree', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await openLecture(page);
  await page.locator('#lecture-random-panel summary').click();
  await page.getByLabel('Seed').fill('42');
  await page.getByRole('button', { name: 'Load this seed' }).click();
  await page.waitForURL(/random=.*seed%3D42|random=.*seed=42/, { timeout: 5000 });
  const tree = await page.getByLabel('Tree text').inputValue();
  assert.match(await text(page, 'lecture-source'), /random exercise/);
  const other = await launch(t);
  const page2 = await openApp(other, '#' + page.url().split('#')[1]);
  assert.equal(await page2.getByLabel('Tree text').inputValue(), tree);
  await screenshot(page2, 'lecture-random-42');
  assertNoErrors(s);
  assertNoErrors(other);
});

test('a large tree zooms with the wheel and pans by dragging; clicks still find nodes', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#lecture&example=arts-4.7&algo=star1&step=0');
  const canvas = page.getByLabel('Search tree');
  const box = await canvas.boundingBox();
  // Zoom in around C: it stays under the pointer.
  const c = JSON.parse(await canvas.getAttribute('data-nodes')).C;
  await page.mouse.move(box.x + c[0], box.y + c[1]);
  await page.mouse.wheel(0, -600);
  await page.waitForFunction(() => Number(document.querySelector('#lecture-canvas').dataset.zoom) > 1.5);
  // Drag: the picture moves, and no node is "clicked" by the drag.
  const before = JSON.parse(await canvas.getAttribute('data-nodes')).A;
  await page.mouse.move(box.x + c[0] + 20, box.y + c[1] + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + c[0] + 60, box.y + c[1] + 50, { steps: 4 });
  await page.mouse.up();
  const after = JSON.parse(await canvas.getAttribute('data-nodes')).A;
  assert.notDeepEqual(after, before);
  assert.match(await text(page, 'lecture-step'), /^Step 0 \//);
  await clickNode(page, 'C');
  assert.equal(await text(page, 'lecture-event'), 'Enter C (MIN) with window (-10, 10)');
  await screenshot(page, 'lecture-zoomed');
  await page.getByRole('button', { name: 'Whole tree' }).click();
  assert.equal(await canvas.getAttribute('data-zoom'), '1.00');
  assertNoErrors(s);
});

test('Lecture from the header on a first visit closes the game chooser: the tree is on screen (1280x720)', async (t) => {
  const s = await launch(t, { viewport: { width: 1280, height: 720 } });
  const page = await openApp(s, '', { chooser: true });
  await page.getByRole('heading', { name: 'Choose a game' }).waitFor();
  await openLecture(page);
  assert.equal(await page.getByRole('heading', { name: 'Choose a game' }).count(), 0, 'the chooser closed');
  const box = await page.getByLabel('Search tree').boundingBox();
  assert.ok(box.y < 720 / 3, `the tree starts near the top: ${box.y}`);
  // The tree leaves room for the step's sentence and the buttons that step.
  const bottom = async (locator) => locator.evaluate((el) => el.getBoundingClientRect().bottom);
  assert.ok(await bottom(page.getByRole('button', { name: /^Forward/ })) <= 720, 'Forward on screen');
  assert.ok(await bottom(page.getByRole('status', { name: 'Lecture event' })) <= 720, 'the sentence on screen');
  await screenshot(page, 'lecture-first-visit-1280');
  assertNoErrors(s);
});
