import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server during development; KITE_API_URL points elsewhere (e.g. a second server on another port).
const server = process.env.KITE_API_URL ?? 'http://127.0.0.1:3000';

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/**
 * Whether a module is loaded by the entry itself (reachable from it by static imports only).
 * A library only lazy screens use (Tiptap, drag and drop, the virtualiser, cmdk, zod through the
 * shared contracts) then stays with those screens instead of joining `vendor`, which every page
 * downloads before it starts.
 */
function onEntryPath(id: string, getModuleInfo: ModuleInfoOf, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // import cycles: not (yet) proven
  const info = getModuleInfo(id);
  const result =
    !!info && (info.isEntry || info.importers.some((importer) => onEntryPath(importer, getModuleInfo, memo)));
  memo.set(id, result);
  return result;
}
const entryPath = new Map<string, boolean>();

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/auth': { target: server, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/auth': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/critical-js.mjs reads the chunk graph from dist/.vite/manifest.json.
    manifest: true,
    // terser packs the board's critical path ~3 % smaller than esbuild's minifier (quality.md U3).
    minify: 'terser',
    terserOptions: { format: { comments: false } },
    rollupOptions: {
      output: {
        // Libraries change less often than the app: a separate file stays cached across releases.
        // Only the libraries the entry loads go there; the others stay in the chunks of the lazy
        // screens that use them (shared ones in chunks of their own), so no page downloads them early.
        manualChunks: (id, { getModuleInfo }) =>
          id.includes('/node_modules/') &&
          !id.includes('/lucide-react/') &&
          onEntryPath(id, getModuleInfo, entryPath)
            ? 'vendor'
            : undefined,
      },
    },
  },
});
