// Forward pruning in the browser (issue #15, item 3): the research panel
// offers ChanceProbCut, ProbCut and Multi-Cut with the game's models
// shipped in the engine; a search with each counts its own cut kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, newGame, setLimit, humanTurn,
  gameLink } from './harness.mjs';

/** The panel's cut counts by kind ("alpha-beta 12, probcut 3" -> map). */
async function cuts(page) {
  const text = await page.getByLabel('Search statistics').locator('#stat-cuts').textContent();
  const out = new Map();
  for (const part of text.split(', ')) {
    const m = part.match(/^(.*) (\d+)$/);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

/** Ticks exactly the forward pruning `which` (label), with t = 0 for the
 * ProbCuts so that they cut as often as they can. */
async function only(page, which) {
  for (const label of ['ChanceProbCut', 'ProbCut', 'Multi-Cut']) {
    const box = page.getByRole('checkbox', { name: label, exact: true });
    if ((await box.isChecked()) !== (label === which)) await box.click();
  }
  for (const t of ['ChanceProbCut t', 'ProbCut t']) {
    await page.getByLabel(t, { exact: true }).fill('0');
    await page.getByLabel(t, { exact: true }).dispatchEvent('change');
  }
}

test('forward pruning: each technique of the research panel cuts and is counted', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 5);
  // The engine searches to depth 5 on its move: Dice's chance nodes (the
  // ProbCuts use Dice's models) from an empty board, then to depth 6 a
  // Barrage position with Scouts in the open (Multi-Cut needs ten moves or
  // more, and since the evaluation trades down when ahead it first cuts
  // there at depth 6: 257 cuts natively, none at depth 5).
  const barrage = gameLink('barrage', 'bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r\n',
    { side: 'second' });
  for (const [label, kind, game] of [['ChanceProbCut', 'chanceprobcut', 'dice'],
    ['ProbCut', 'probcut', 'dice'], ['Multi-Cut', 'multi-cut', 'barrage']]) {
    await only(page, label);
    if (game === 'dice') {
      await newGame(page, game, 'second');
    } else {
      await setLimit(page, 'depth', 6);
      await page.goto(page.url().split('#')[0] + barrage);
      // Asked only when a Barrage game is in progress.
      const open = page.getByRole('button', { name: 'Open the linked game' });
      if (await open.waitFor({ timeout: 2000 }).then(() => true, () => false)) await open.click();
    }
    await humanTurn(page, 60000);
    const counted = await cuts(page);
    assert.ok((counted.get(kind) ?? 0) > 0, `${label}: ${[...counted]}`);
    for (const other of ['chanceprobcut', 'probcut', 'multi-cut']) {
      if (other !== kind) assert.ok(!counted.has(other), `${label} alone: ${[...counted]}`);
    }
    await screenshot(page, `forward-pruning-${game}-${kind}`);
  }
  // Breakthrough has no chance nodes: the panel says the ProbCuts do nothing.
  await only(page, 'ChanceProbCut');
  await newGame(page, 'breakthrough', 'first');
  const note = page.getByRole('note').filter({ hasText: 'no ChanceProbCut or ProbCut models' });
  await note.waitFor();
  assertNoErrors(s);
});
