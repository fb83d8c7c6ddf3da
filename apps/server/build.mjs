// Bundles the server (and the TypeScript of @kite/shared and @kite/editor) into dist/main.js; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The workspace packages are bundled, and with them what only they depend on (the editor's schema),
// except happy-dom (the editor's HTML parser on the server): its CommonJS `ws` cannot be bundled as ESM.
const external = [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kite/')), 'happy-dom'];

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
