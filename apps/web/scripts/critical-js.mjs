#!/usr/bin/env node
/**
 * The JavaScript the project issues route (/:workspaceSlug/projects/:projectId/issues) loads before
 * it is interactive, from the Vite manifest of the production build (quality.md §1, U3):
 * index.html's classic scripts, the entry and its static imports, plus the chunks the route itself loads before its first page
 * shows (its loader's `boot.ts`, the lazy screen, the layout's chunk) and their static imports.
 * Chunks loaded after the first paint (drag and drop, the peek, the command palette, the menus) are listed
 * apart and not counted.
 *
 *   node apps/web/scripts/critical-js.mjs [--layout kanban|list] [--dist apps/web/dist] [--cap-kb N]
 *
 * Prints JSON: { criticalJsGzipBytes, files: [{ file, gzipBytes, bytes }], afterPaint: [...] }.
 * With --cap-kb, prints one line instead and exits 1 when the critical path is over N KB gzip
 * (`npm test` holds the build to U3's 200 KB budget this way).
 * Run `npm run build -w @kite/web` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const dist = path.resolve(option('dist', path.join(here, '..', 'dist')));
const layout = option('layout', 'kanban');

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run \`npm run build -w @kite/web\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const LAYOUT_FOLDERS = {
  list: 'list',
  kanban: 'kanban',
  spreadsheet: 'spreadsheet',
  calendar: 'calendar',
  gantt_chart: 'gantt',
};
const ROUTE_CHUNKS = [
  'src/features/issues/boot.ts',
  'src/features/issues/IssuesScreen.tsx',
  `src/features/issues/layouts/${LAYOUT_FOLDERS[layout] ?? layout}/index.tsx`,
];
const AFTER_PAINT = [
  'src/features/issues/dndAdapter.ts',
  'src/features/command-palette/CommandPalette.tsx',
  // Radix's menus and tooltips, loaded once the board is interactive (src/ui/radixLoader.ts).
  'src/ui/RadixParts.tsx',
];

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
for (const key of ROUTE_CHUNKS) {
  if (!manifest[key]) {
    console.error(`${key} is not a chunk of this build (is the route still lazy?)`);
    process.exit(1);
  }
}

/** The chunk keys reachable by static imports from the given keys. */
function closure(keys, seen = new Set()) {
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

function describe(keys) {
  return describeFiles(
    [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js')),
  );
}

function describeFiles(files) {
  return files
    .map((file) => {
      const content = fs.readFileSync(path.join(dist, file));
      return { file, gzipBytes: zlib.gzipSync(content, { level: 9 }).length, bytes: content.length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const critical = closure([...entries, ...ROUTE_CHUNKS]);
// Classic scripts of index.html (the theme boot script) run before the entry too.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const classic = [...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
const files = [...describe(critical), ...describeFiles(classic)].sort((a, b) => b.gzipBytes - a.gzipBytes);
const afterPaint = describe(
  [...closure(AFTER_PAINT.filter((key) => manifest[key]))].filter((key) => !critical.has(key)),
);
const sum = (list) => list.reduce((total, f) => total + f.gzipBytes, 0);

const capKb = option('cap-kb', undefined);
if (capKb !== undefined) {
  const kb = sum(files) / 1024;
  const largest = files.slice(0, 3).map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`);
  console.log(
    `board critical-path JavaScript: ${kb.toFixed(1)} KB gzip (cap ${capKb} KB); largest: ${largest.join(', ')}`,
  );
  process.exit(kb > Number(capKb) ? 1 : 0);
}
console.log(
  JSON.stringify(
    { layout, criticalJsGzipBytes: sum(files), files, afterPaintGzipBytes: sum(afterPaint), afterPaint },
    null,
    2,
  ),
);
