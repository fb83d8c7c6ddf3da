/** The editor's server side: the document schema, Yjs ⇄ HTML through Tiptap over happy-dom. */
export type EditorServer = typeof import('@kite/editor/server');

let loading: Promise<EditorServer> | undefined;

/**
 * Loaded on the first page document a process reads or writes, not at start-up: it holds ~40 MB
 * of an idle server's memory (U11) that most processes never need. The build keeps it in a chunk
 * of its own (apps/server/build.mjs), so its imports are not hoisted into main.js.
 */
export function loadEditorServer(): Promise<EditorServer> {
  loading ??= import('@kite/editor/server');
  return loading;
}
