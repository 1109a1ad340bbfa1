// Shared helpers of the browser tests: a fresh headless Chromium per test
// (Debian's /usr/bin/chromium through playwright-core), console errors
// collected and checked, screenshots saved into artifacts/.
import { chromium } from 'playwright-core';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const BASE = process.env.STARCUT_URL ?? 'http://127.0.0.1:8080/';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Opens a browser with its own profile; `t.after` closes it. */
export async function launch(t, { viewport = { width: 1400, height: 900 } } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'starcut-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const errors = [];
  const warnings = [];
  const watch = (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      if (m.type() === 'warning') warnings.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`); });
    page.on('worker', (w) => w.on?.('console', (m) => {
      if (m.type() === 'error') errors.push(`worker console: ${m.text()}`);
      if (m.type() === 'warning') warnings.push(`worker console: ${m.text()}`);
    }));
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  const session = {
    context,
    errors,
    /** Console warnings of the pages and their workers. */
    warnings,
    /** Messages matching `pattern` are expected (e.g. a deliberate crash). */
    allow(pattern) { session.allowed.push(pattern); },
    allowed: [],
    async page() { return context.pages()[0] ?? context.newPage(); },
  };
  t.after(async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });
  return session;
}

/** Fails the test on any console error not explicitly allowed. */
export function assertNoErrors(session) {
  const real = session.errors.filter((e) => !session.allowed.some((p) => p.test(e)));
  assert.deepEqual(real, [], 'console errors');
}

/** Opens the app (at `suffix` below the base URL) and waits for the
 * engine; a first visit's game chooser is closed (`chooser: true` keeps it). */
export async function openApp(session, suffix = '', { chooser = false } = {}) {
  const page = await session.page();
  await page.goto(BASE + suffix);
  await engineReady(page);
  const close = page.getByRole('button', { name: 'Close the game chooser' });
  if (!chooser && await close.isVisible()) await close.click();
  return page;
}

export async function engineReady(page, timeout = 20000) {
  await page.getByRole('status', { name: 'Engine status' }).filter({ hasText: /^Engine ready$/ })
    .waitFor({ timeout });
}

export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** A share link's URL for a game record (start line, then steps). */
export function gameLink(game, record, { side = 'first', seed = 1, options = '' } = {}) {
  return `#game=${game}&side=${side}&seed=${seed}&options=${encodeURIComponent(options)}&record=${encodeURIComponent(record)}`;
}

/** Plays a typed move. */
export async function typeMove(page, move) {
  await page.getByLabel('Move', { exact: true }).fill(move);
  await page.getByLabel('Move', { exact: true }).press('Enter');
}

/** The position text the page shows (the human's view). */
export async function position(page) {
  return (await page.locator('#position').textContent()).trim();
}

/** The record's steps as the move list holds them, in order (each turn
 * keeps its steps, rolls included, in `data-steps`). */
export async function moves(page) {
  const turns = await page.getByRole('list', { name: 'Move list' }).locator('[data-steps]').all();
  const out = [];
  for (const t of turns) out.push(...(await t.getAttribute('data-steps')).split(' ').filter(Boolean));
  return out;
}

/** Steps of the turns that were taken back (shown faded, for redo). */
export async function undoneSteps(page) {
  const turns = await page.getByRole('list', { name: 'Move list' }).locator('[data-steps].undone').all();
  let n = 0;
  for (const t of turns) n += (await t.getAttribute('data-steps')).split(' ').filter(Boolean).length;
  return n;
}

/** Parses the board part of a position: rows of cells from the top.
 * Stratego (the only game with 10 ranks here) writes a piece as two
 * characters; the other games as one letter. */
export function boardOf(text) {
  const ranks = text.split(' ')[0].split('/');
  const piece = ranks.length === 10 ? /(\d+)|([A-Za-z][1-9SBF?!])/g : /(\d+)|([A-Za-z])/g;
  return ranks.map((rank) => {
    const cells = [];
    for (const m of rank.matchAll(piece)) {
      if (m[1]) for (let i = 0; i < Number(m[1]); i++) cells.push(null);
      else cells.push(m[2]);
    }
    return cells;
  });
}

/** The page coordinates of a square's centre on the canvas: the board is
 * the top 560x560 part, centred there when it is not square. */
export async function squareCentre(page, square, { flipped = false } = {}) {
  const rows = boardOf(await position(page));
  const n = rows.length, cols = rows[0].length;
  let r = n - Number(square.slice(1)), c = square.charCodeAt(0) - 97;
  if (flipped) { r = n - 1 - r; c = cols - 1 - c; }
  // Mouse coordinates are the viewport's: the board must be on screen.
  await page.locator('#board').scrollIntoViewIfNeeded();
  const box = await page.locator('#board').boundingBox();
  const scale = box.width / 560;
  const s = 560 / Math.max(n, cols);
  const x0 = (560 - cols * s) / 2, y0 = (560 - n * s) / 2;
  return [box.x + (x0 + (c + 0.5) * s) * scale, box.y + (y0 + (r + 0.5) * s) * scale];
}

/** Clicks the centre of a square (`c2`) on the canvas. */
export async function clickSquare(page, square, opts = {}) {
  const [x, y] = await squareCentre(page, square, opts);
  await page.mouse.click(x, y);
}

/** A legal Dice placement in the current position (the human's roll). */
export function diceMove(text) {
  const [, side, roll] = text.split(' ');
  const rows = boardOf(text);
  const n = rows.length, k = Number(roll);
  for (let i = 0; i < n; i++) {
    const [r, c] = side === 'c' ? [i, k - 1] : [n - k, i];
    if (rows[r][c] === null) return `${String.fromCharCode(97 + c)}${n - r}`;
  }
  return null;
}

/** Starts a new game from the New game panel; `options` maps the game's
 * option labels to values (`{ 'Board size': 7 }`). */
export async function newGame(page, game, side = 'first', options = {}) {
  await page.getByLabel('Game', { exact: true }).selectOption(game);
  await page.getByLabel('Play as').selectOption(side);
  for (const [label, value] of Object.entries(options)) {
    await page.getByRole('group', { name: 'Game options' }).getByLabel(label, { exact: true }).fill(String(value));
  }
  await page.getByRole('button', { name: 'New game' }).click();
}

/** Sets the engine's limit (kind 'time' in ms, or 'depth' in plies): the
 * research settings instead of a strength level, in the research panel. */
export async function setLimit(page, kind, value) {
  await page.getByLabel('Strength', { exact: true }).selectOption('research');
  const panel = page.locator('#research-panel');
  if (!(await panel.getAttribute('open') !== null)) await panel.locator('summary').click();
  await page.getByLabel('Limit', { exact: true }).selectOption(kind);
  await page.getByLabel('Milliseconds or plies').fill(String(value));
  await page.getByLabel('Milliseconds or plies').dispatchEvent('change');
}

/** Waits until it is the human's turn (or the game is over). */
export async function humanTurn(page, timeout = 30000) {
  await page.getByRole('status', { name: 'Game status' })
    .filter({ hasText: /\(you\) to move|Game over/ }).waitFor({ timeout });
}

/** Drags from one square to another on the canvas. */
export async function dragSquare(page, from, to, opts = {}) {
  const [x1, y1] = await squareCentre(page, from, opts);
  const [x2, y2] = await squareCentre(page, to, opts);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2);
  await page.mouse.move(x2, y2);
  await page.mouse.up();
}
