import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { loadFixture, type Session, signIn, WORKSPACE } from './api.ts';
import { type DatabaseKind, type PreparedDatabase, prepareDatabase } from './datasets.ts';
import { ROOT, startAppServer } from './servers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags the machine notes ask for: no background networking on a closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface UiOptions {
  seed: number;
  issues: number;
  database: DatabaseKind;
  adminUrl: string | undefined;
  /** A dataset seeded beforehand (run.ts --dataset); without it the suite seeds its own. */
  dataset?: PreparedDatabase;
  log: (line: string) => void;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? round(sorted[Math.floor(sorted.length / 2)]!) : Number.NaN;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? round(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!)
    : Number.NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function cookiesFor(session: Session, baseUrl: string) {
  const url = new URL(baseUrl);
  return session.headers.Cookie!.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
  });
}

/** Milliseconds from navigation start to the board's `board:interactive` mark. */
async function interactiveAt(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('board:interactive').length > 0, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => performance.getEntriesByName('board:interactive')[0]!.startTime);
}

/** gzip bytes of the JavaScript the page fetched before it became interactive (files from apps/web/dist). */
async function criticalJs(page: Page): Promise<{ bytes: number; files: string[] }> {
  const urls = await page.evaluate(() => {
    const mark = performance.getEntriesByName('board:interactive')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= mark)
      .map((e) => new URL(e.name).pathname);
  });
  let bytes = 0;
  for (const file of urls) {
    const onDisk = path.join(ROOT, 'apps/web/dist', file);
    if (fs.existsSync(onDisk)) bytes += zlib.gzipSync(fs.readFileSync(onDisk)).length;
  }
  return { bytes, files: urls };
}

/**
 * Keyboard priority change on the focused card (j, p, pick, Enter): time from the Enter keydown to
 * the first animation frame after the DOM changed — the optimistic update painted.
 */
async function keyboardChange(page: Page, rounds: number): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __t0: number };
    w.__lat = [];
    w.__t0 = 0;
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') w.__t0 = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      if (!w.__t0) return;
      const t0 = w.__t0;
      w.__t0 = 0;
      requestAnimationFrame(() => w.__lat.push(performance.now() - t0));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  for (let i = 0; i < rounds; i++) {
    await page.keyboard.press('p');
    const choice = page.getByRole('menu').getByRole('menuitemradio', { name: i % 2 ? /Urgent/ : /Low/ });
    await choice.waitFor({ timeout: 5000 });
    await choice.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(150);
  }
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

/**
 * U6: fills one kanban column with 5,000 cards through its "Load more" button, times a switch
 * list → board to the painted frame, and the longest frame while the full column scrolls from
 * top to bottom (the scroll happens before the switch, while the 5,000 cards are loaded).
 */
async function bigColumn(page: Page, column: string, target: number, log: (line: string) => void) {
  const region = page.getByRole('region', { name: `${column} column` });
  const more = region.getByRole('button', { name: `Load more in ${column}` });
  // The column header reads "<name> <count>" before any card.
  const header = ((await region.textContent()) ?? '').slice(0, 40);
  const total = Number(/(\d[\d,]*)/.exec(header)?.[1]?.replace(/,/g, '') ?? 0);
  let left = total;
  const started = performance.now();
  while (total - left < target) {
    const text = (await more.textContent()) ?? '';
    left = Number(/\((\d+) left\)/.exec(text)?.[1] ?? 0);
    if (total - left >= target || !(await more.isVisible())) break;
    if (process.env.BENCH_DEBUG) log(`    load more: ${total - left} loaded, ${left} left`);
    // A DOM click: a pointer click aims at where the button was when scrolled to, and the cards
    // measured meanwhile can move it away (the click then lands on a card, and the wait times out).
    await more.evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(
      ([name, before]) => {
        const button = document.querySelector(`[aria-label="Load more in ${name}"]`);
        return !button?.textContent?.includes(`(${before} left)`);
      },
      [column, left] as const,
      { timeout: 60_000 },
    );
  }
  const inColumn = total - left;
  log(
    `  U6: ${inColumn} cards loaded into ${column} in ${Math.round((performance.now() - started) / 1000)} s`,
  );

  // Plain JavaScript: the bench's own bundler would wrap named TypeScript functions in helpers
  // the page does not have.
  const scroll = new Function(
    'section',
    `return (async () => {
    const scroller = [...section.querySelectorAll('div')].find((d) => getComputedStyle(d).overflowY === 'auto');
    if (!scroller) return NaN;
    let longest = 0;
    let last = performance.now();
    let end = 0;
    await new Promise((resolve) => {
      const tick = () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        // Read each frame: the column's height changes as cards are measured on the way down.
        end = scroller.scrollHeight - scroller.clientHeight;
        scroller.scrollTop = Math.min(end, scroller.scrollTop + 600);
        if (scroller.scrollTop >= end - 1) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return longest;
  })();`,
  ) as (section: Element) => Promise<number>;
  const longestFrameMs = await region.evaluate(scroll);

  await page.getByRole('button', { name: 'List layout' }).click();
  await page.getByTestId('list-layout').waitFor();
  // Back to the board, timed in the page from the click to the frame that shows the column. The
  // switch keeps the loaded list on screen while a refresh runs, so the "left" count read in that
  // frame says whether the 5,000 cards were what mounted.
  const remount = new Function(
    'column',
    `return new Promise((resolve) => {
      const t0 = performance.now();
      const tick = () => {
        const region = document.querySelector('[aria-label="' + column + ' column"]');
        const card = region && region.querySelector('[data-testid="issue-card"]');
        if (!card) return requestAnimationFrame(tick);
        const more = region.querySelector('[aria-label="Load more in ' + column + '"]');
        const text = more ? more.textContent : '';
        requestAnimationFrame(() => resolve({ ms: performance.now() - t0, text }));
      };
      document.querySelector('button[aria-label="Board layout"]').click();
      requestAnimationFrame(tick);
    })`,
  ) as (column: string) => Promise<{ ms: number; text: string }>;
  const mounted = await page.evaluate(remount, column);
  const leftAtMount = Number(/\((\d+) left\)/.exec(mounted.text)?.[1] ?? total);
  return {
    cards: inColumn,
    cardsAtMount: total - leftAtMount,
    mountMs: round(mounted.ms),
    longestScrollFrameMs: round(longestFrameMs),
  };
}

/** Keystroke → `palette:results` mark, typing a query one character at a time into the command palette. */
async function paletteSearch(page: Page, query: string): Promise<number[] | null> {
  await page.keyboard.press('Control+k');
  const input = page
    .getByRole('combobox')
    .or(page.getByPlaceholder(/search/i))
    .first();
  try {
    await input.waitFor({ timeout: 3000 });
  } catch {
    return null;
  }
  const times: number[] = [];
  for (const char of query) {
    await page.evaluate(() => performance.clearMarks('palette:results'));
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.type(char);
    try {
      await page.waitForFunction(() => performance.getEntriesByName('palette:results').length > 0, null, {
        timeout: 3000,
      });
    } catch {
      return times.length ? times : null;
    }
    const mark = await page.evaluate(() => performance.getEntriesByName('palette:results').at(-1)!.startTime);
    times.push(mark - t0);
  }
  await page.keyboard.press('Escape');
  return times;
}

/** The browser half of quality.md §1 (U1, U3, U4, U9, JS heap) against the production build. */
export async function runUiSuite(options: UiOptions): Promise<Record<string, unknown>> {
  const { log } = options;
  log(`\n== UI: ${options.database}, ${options.issues} work items`);
  const prepared =
    options.dataset ??
    (await prepareDatabase(options.database, options.issues, options.seed, options.adminUrl));
  let browser: Browser | undefined;
  const server = await startAppServer(prepared);
  try {
    const session = await signIn(server.baseUrl);
    const fixture = await loadFixture(server.baseUrl, session);
    // The board as its users see it: kanban by state.
    const props = await fetch(`${server.baseUrl}${fixture.projectBase}/user-properties/`, {
      method: 'PATCH',
      headers: session.writeHeaders,
      body: JSON.stringify({
        display_filters: { layout: 'kanban', group_by: 'state', order_by: 'sort_order' },
      }),
    });
    if (!props.ok) throw new Error(`user-properties: ${props.status} ${await props.text()}`);
    const boardUrl = `${server.baseUrl}/${WORKSPACE}/projects/${fixture.projectBase.split('/').pop()}/issues`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const cookies = await cookiesFor(session, server.baseUrl);

    log('  cold loads');
    const cold: number[] = [];
    let critical = { bytes: 0, files: [] as string[] };
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(boardUrl);
      cold.push(await interactiveAt(page));
      if (i === 0) critical = await criticalJs(page);
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(boardUrl);
    await interactiveAt(page);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.reload();
      warm.push(await interactiveAt(page));
    }
    const heap = await page.evaluate(
      () =>
        (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
    );
    const step = async <T>(name: string, on: Page, run: () => Promise<T>): Promise<T> => {
      log(`  ${name}`);
      try {
        return await run();
      } catch (error) {
        const shot = path.join(ROOT, 'bench/results/ui-failure.png');
        await on.screenshot({ path: shot }).catch(() => {});
        throw new Error(
          `UI step '${name}' failed (screenshot ${path.relative(ROOT, shot)}): ${(error as Error).message}`,
        );
      }
    };
    const keyboard = await step('keyboard change', page, () => keyboardChange(page, 20));
    const palette = await step('palette search', page, () => paletteSearch(page, 'login'));
    await context.close();
    // A fresh page, so nothing left open by the steps above stands in the way.
    const columnTarget = Number(process.env.BENCH_BIG_COLUMN ?? (options.issues >= 10_000 ? 5000 : 0));
    const columnContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await columnContext.addCookies(cookies);
    const columnPage = await columnContext.newPage();
    await columnPage.goto(boardUrl);
    await interactiveAt(columnPage);
    const column =
      columnTarget > 0
        ? await step(`${columnTarget}-card column`, columnPage, () =>
            bigColumn(columnPage, 'Done', columnTarget, log),
          )
        : null;
    await columnContext.close();

    const figures = {
      database: options.database,
      issues: options.issues,
      coldInteractiveMs: median(cold),
      coldRunsMs: cold.map(round),
      warmInteractiveMs: median(warm),
      criticalJsGzipBytes: critical.bytes,
      criticalJsFiles: critical.files,
      keyboardChangeP95Ms: keyboard.length ? p95(keyboard) : undefined,
      keyboardChangeMedianMs: keyboard.length ? median(keyboard) : undefined,
      paletteSearchP95Ms: palette?.length ? p95(palette) : undefined,
      jsHeapMB: heap === null ? undefined : round(heap / 2 ** 20),
      bigColumn: column,
      bigColumnLongestFrameMs: column?.longestScrollFrameMs,
      // A mount counts for U6 only if the frame showed the loaded cards, not a refreshed first page.
      bigColumnMountMs: column && column.cardsAtMount >= 5000 ? column.mountMs : undefined,
    };
    log(
      `U1 cold ${figures.coldInteractiveMs} ms (warm ${figures.warmInteractiveMs} ms) · U3 ${(critical.bytes / 1024).toFixed(1)} KB gzip · U4 p95 ${figures.keyboardChangeP95Ms} ms · U9 p95 ${figures.paletteSearchP95Ms ?? 'n/a'} ms · heap ${figures.jsHeapMB} MB`,
    );
    return figures;
  } finally {
    await browser?.close();
    await server.stop();
    await prepared.drop();
  }
}
