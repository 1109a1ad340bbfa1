// The app as a whole: loading from a sub-path, the worker, saved games,
// share links, errors shown to the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, assertNoErrors, screenshot, position, moves, engineReady, newGame, setLimit, humanTurn, diceMove, BASE } from './harness.mjs';

test('loads from a sub-path with a ready worker and a drawn board', async (t) => {
  assert.match(BASE, /\/starcut\/$/, 'the suite serves the site from a sub-path');
  const s = await launch(t);
  const page = await openApp(s);
  await assert.doesNotReject(page.getByRole('button', { name: 'New game' }).waitFor());
  assert.match(await position(page), /\//);
  assert.ok(await page.getByLabel(/ board, /).isVisible());
  await screenshot(page, 'loaded');
  assertNoErrors(s);
  // No warning either: the worker's loader once called wasm-bindgen's
  // initialisation in a deprecated form, and Chromium said it ignores the
  // integrity hash Trunk put on the WebAssembly's preload.
  assert.deepEqual(s.warnings, [], 'console warnings');
});

test('a corrupt share link on a first visit shows an error and a fresh game', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '#game=dice&record=x%2Fy%20z');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /shared link could not be opened: .*Your game is unchanged/);
  assert.equal((await moves(page)).length, 1, 'a fresh Dice game: only the first roll');
  assert.match(await position(page), /^\S+ [cr]/);
  await screenshot(page, 'corrupt-link');
  assertNoErrors(s);
});

test('a corrupt saved game shows an error and is kept, not overwritten', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  const corrupt = '{"version":1,"game":"dice","record":';
  await page.evaluate((text) => { localStorage.clear(); sessionStorage.clear(); localStorage.setItem('starcut.game', text); }, corrupt);
  await page.reload();
  await engineReady(page);
  assert.match(await page.getByRole('alert').textContent(), /saved game could not be restored.*kept unchanged/);
  // Playing on never overwrites it.
  await page.reload();
  await engineReady(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('starcut.game.unreadable')), corrupt);
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
  await newGame(page, 'dice', 'first', { 'Board size': 7 });
  await page.getByRole('status', { name: 'Game status' }).filter({ hasText: /to move/ }).waitFor();
  assert.match(await position(page), /^7\/7\/7\/7\/7\/7\/7 c [1-7]$/);
  await newGame(page, 'dice', 'first', { 'Board size': 99 });
  assert.match(await page.getByRole('alert').textContent(), /Board size: '99' is not a whole number from 3 to 11/);
  assert.match(await position(page), /^7\//, 'the game in progress is kept');
  await screenshot(page, 'dice-7x7');
  assertNoErrors(s);
});

test('on a phone the game chooser opens from its heading, its choices above the cards', async (t) => {
  const s = await launch(t, { viewport: { width: 390, height: 844 } });
  const page = await openApp(s, '', { chooser: true });
  const onScreen = (locator) => locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  const check = async (when) => {
    await page.getByRole('list', { name: 'Games', exact: true }).waitFor();
    assert.ok(await onScreen(page.getByRole('heading', { name: 'Choose a game' })), `${when}: heading on screen`);
    assert.ok(await onScreen(page.getByLabel('You play')), `${when}: side choice on screen`);
    assert.ok(await onScreen(page.getByLabel('Engine strength')), `${when}: strength choice on screen`);
  };
  await check('first visit');
  await screenshot(page, 'welcome-chooser-390');
  // Opened again from the header after scrolling down the play page.
  await page.getByRole('button', { name: 'Close the game chooser' }).click();
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  assert.ok(await page.evaluate(() => scrollY > 0), 'the play page scrolls on a phone');
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await check('opened again');
  assertNoErrors(s);
});

test('a first visit offers the games with pictures, rules and strength levels', async (t) => {
  const s = await launch(t);
  const page = await openApp(s, '', { chooser: true });
  const cards = page.getByRole('list', { name: 'Games', exact: true });
  await cards.waitFor();
  for (const name of ['Dice', 'ChanceBreakthrough', 'Breakthrough', 'Stratego', 'Barrage']) {
    assert.ok(await cards.getByRole('button', { name: `Play ${name}`, exact: true }).isVisible(), name);
  }
  await screenshot(page, 'welcome-chooser');
  // Where a card is too narrow for a name, it breaks between words, never
  // inside one (ChanceBreakthrough at 1280 px wide).
  for (const width of [1280, 1400, 390]) {
    await page.setViewportSize({ width, height: 720 });
    const lines = await page.evaluate(() => [...document.querySelectorAll('.game-card > strong')].map((el) => {
      const rows = new Map();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          rows.set(top, (rows.get(top) ?? '') + node.data[i]);
        }
      }
      return [...rows.entries()].sort((a, b) => a[0] - b[0]).map((r) => r[1]);
    }));
    assert.ok(lines.some((l) => l.join('') === 'ChanceBreakthrough'), JSON.stringify(lines));
    for (const l of lines) {
      assert.ok(l.every((row) => /^[A-Z][a-z]*([A-Z][a-z]*)*$/.test(row)), `${width} px: ${JSON.stringify(l)}`);
    }
    if (width === 1280) await screenshot(page, 'welcome-chooser-1280');
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByLabel('You play').selectOption('second');
  await page.getByLabel('Engine strength').selectOption('2');
  await cards.getByRole('button', { name: 'Play Breakthrough', exact: true }).click();
  assert.ok(await page.getByLabel(/ board, /).isVisible());
  assert.match(await page.locator('#you-are').textContent(), /You play Black; the engine plays White\./);
  assert.equal(await page.getByLabel('Strength', { exact: true }).inputValue(), '2');
  // The rules are one click away.
  await page.getByText('Rules of Breakthrough').click();
  assert.match(await page.locator('#rules-text').textContent(), /captures diagonally forward/);
  // A reload goes straight to the game.
  await page.reload();
  await engineReady(page);
  assert.ok(!(await cards.isVisible()));
  assertNoErrors(s);
});

test('themes: the system\'s dark scheme, a chosen theme and high contrast are kept', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await page.emulateMedia({ colorScheme: 'dark' });
  const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = await bg();
  assert.match(dark, /^rgb\((\d+), (\d+), (\d+)\)$/);
  const luminance = (c) => c.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
  assert.ok(luminance(dark) < 150, `a dark page under a dark system scheme: ${dark}`);
  await screenshot(page, 'theme-dark');
  await page.getByLabel('Theme').selectOption('light');
  assert.ok(luminance(await bg()) > 600, 'light when chosen, whatever the system says');
  await page.getByLabel('High contrast').check();
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(255, 255, 255)');
  await page.reload();
  await engineReady(page);
  assert.equal(await page.getByLabel('Theme').inputValue(), 'light');
  assert.ok(await page.getByLabel('High contrast').isChecked());
  // The board is drawn at its size on the page times the pixel ratio.
  const [w, css] = await page.locator('#board').evaluate((c) => [c.width, c.clientWidth * devicePixelRatio]);
  assert.ok(Math.abs(w - css) <= 1, `${w} pixels for ${css}`);
  assertNoErrors(s);
});

test('offline: a reload without a network shows the saved game and the engine still plays', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'chance-breakthrough', 'first');
  await humanTurn(page);
  await page.getByLabel('Move', { exact: true }).fill('d2d3');
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  const before = await moves(page);
  // The service worker controls the page once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await engineReady(page);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'controlled');
  await s.context.setOffline(true);
  s.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await page.reload();
  await engineReady(page);
  assert.deepEqual(await moves(page), before, 'the saved game, offline');
  await page.getByLabel('Move', { exact: true }).fill('e2e3');
  await page.getByLabel('Move', { exact: true }).press('Enter');
  await humanTurn(page);
  assert.ok((await moves(page)).length > before.length + 1, 'the engine replied offline');
  await screenshot(page, 'offline-reload');
  await s.context.setOffline(false);
  // Installable: a manifest with icons.
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.equal(manifest.short_name, 'starcut');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
  assertNoErrors(s);
});

test('keyboard: the board is played with a cursor; moves are announced; sound when switched on', async (t) => {
  const s = await launch(t);
  const page = await openApp(s);
  await setLimit(page, 'depth', 1);
  await newGame(page, 'dice', 'first');
  await humanTurn(page);
  assert.equal(await page.getByLabel('Sound').isChecked(), false, 'sound is off at first');
  await page.getByLabel('Sound').check();
  const target = diceMove(await position(page));
  // The cursor starts at the middle of the bottom rank (c1 on 5x5).
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  const col = target.charCodeAt(0) - 97, rank = Number(target.slice(1));
  for (let i = 0; i < Math.abs(col - 2); i++) await page.keyboard.press(col > 2 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 1; i < rank; i++) await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('#board').getAttribute('aria-label'), new RegExp(`cursor on ${target} \\(empty\\)`));
  await page.keyboard.press('Enter');
  await humanTurn(page);
  assert.ok((await moves(page)).includes(target), `played from the keyboard: ${target}`);
  assert.match(await page.getByLabel('Last move').textContent(), /^Rows \(engine\) played [a-e][1-5] after rolling \d\.$/);
  assert.ok(Number(await page.evaluate(() => document.documentElement.dataset.sounds)) >= 2, 'a sound per move');
  await screenshot(page, 'keyboard-cursor');
  assertNoErrors(s);
});
