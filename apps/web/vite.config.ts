import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server during development; KITE_API_URL points elsewhere (e.g. a second server on another port).
const server = process.env.KITE_API_URL ?? 'http://127.0.0.1:3000';

/** Libraries kept out of the shared vendor chunk (see manualChunks). */
const LAZY_LIBRARIES =
  /\/node_modules\/(@atlaskit\/pragmatic-drag-and-drop|@tanstack\/(react-)?virtual|@tiptap\/|prosemirror-|linkifyjs|orderedmap|rope-sequence|w3c-keyname)/;

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
    rollupOptions: {
      output: {
        // Libraries change less often than the app: a separate file stays cached across releases.
        // Libraries only a lazy screen uses stay in that screen's chunks (the board's virtualiser and
        // drag and drop), so other screens do not download them.
        manualChunks: (id) =>
          id.includes('/node_modules/') && !LAZY_LIBRARIES.test(id) ? 'vendor' : undefined,
      },
    },
  },
});
