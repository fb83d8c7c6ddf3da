// Bundles the server (and the TypeScript of @kite/shared and @kite/editor) into dist/main.js; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The workspace packages are bundled, and with them what only they depend on (the editor's schema),
// except happy-dom (the editor's HTML parser on the server): its CommonJS `ws` cannot be bundled as ESM.
const external = [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kite/')), 'happy-dom'];

// Splitting: a module the server imports dynamically (the editor, loaded on a page's first document)
// becomes a chunk of its own whose npm imports load with it, not at start-up.
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
