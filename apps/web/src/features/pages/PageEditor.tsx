import { HocuspocusProvider } from '@hocuspocus/provider';
import { DOCUMENT_FIELD } from '@kite/editor';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as Y from 'yjs';
import type { EditorServices } from '../editor/editorServices.ts';
import RichTextEditor from '../editor/RichTextEditor.tsx';
import { collaborationUrl, type Peer, parseAccessNotice, peersOf } from './collaboration.ts';

export interface PageEditorProps {
  slug: string;
  projectId: string;
  pageId: string;
  /** This user's caret: name and colour. */
  user: { id: string; name: string; color: string };
  /** Whether the rules let this user edit (the server may still answer read-only). */
  editable: boolean;
  services: EditorServices;
  /** Bumped after this user changed the page's properties: the other editors read the page again. */
  changeSignal: number;
  onPeers: (peers: Peer[]) => void;
  onRemoteChange: () => void;
  onConnection: (state: 'connecting' | 'synced' | 'offline') => void;
}

/**
 * A page's body, edited together: one Yjs document per page, kept in step through Hocuspocus at
 * `/live/collaboration` (api.md §16.2), with the other editors' carets and names. Its own chunk
 * (Tiptap, Yjs and the provider), loaded only when a page opens.
 */
export default function PageEditor({
  slug,
  projectId,
  pageId,
  user,
  editable,
  services,
  changeSignal,
  onPeers,
  onRemoteChange,
  onConnection,
}: PageEditorProps) {
  const callbacks = useRef({ onPeers, onRemoteChange, onConnection });
  callbacks.current = { onPeers, onRemoteChange, onConnection };
  const [synced, setSynced] = useState(false);
  const [readOnlyScope, setReadOnlyScope] = useState(false);

  const [session, setSession] = useState<{ document: Y.Doc; provider: HocuspocusProvider } | null>(null);

  // Made in an effect (not a memo) so that StrictMode's second mount gets a live provider.
  useEffect(() => {
    const doc = new Y.Doc();
    const seen = new Map<number, unknown>();
    const p = new HocuspocusProvider({
      url: collaborationUrl(window.location, slug, projectId),
      name: pageId,
      document: doc,
      // The session cookie authenticates; Hocuspocus still wants a token to send.
      token: 'session',
      onAuthenticated: ({ scope }) => setReadOnlyScope(scope === 'readonly'),
      // The server re-checked this connection after a lock, archive or access change (api.md §16.2).
      onStateless: ({ payload }) => {
        const notice = parseAccessNotice(payload);
        if (!notice) return;
        setReadOnlyScope(notice.read_only);
        callbacks.current.onRemoteChange();
      },
      onSynced: ({ state }) => {
        if (!state) return;
        setSynced(true);
        callbacks.current.onConnection('synced');
      },
      onStatus: ({ status }) => {
        if (status === 'disconnected') callbacks.current.onConnection('offline');
        else if (status === 'connecting') callbacks.current.onConnection('connecting');
      },
      onAwarenessChange: ({ states }) => {
        const self = doc.clientID;
        callbacks.current.onPeers(peersOf(states, self));
        // Another editor changed the page's properties (lock, access, archive, title).
        let changed = false;
        for (const state of states) {
          if (state.clientId === self) continue;
          // An editor seen before (with or without a signal) whose signal moved: a change to hear.
          const signal = (state as { pageChange?: unknown }).pageChange ?? null;
          if (seen.has(state.clientId) && seen.get(state.clientId) !== signal) changed = true;
          seen.set(state.clientId, signal);
        }
        if (changed) callbacks.current.onRemoteChange();
      },
    });
    setSession({ document: doc, provider: p });
    setSynced(false);
    return () => {
      p.destroy();
      doc.destroy();
    };
  }, [slug, projectId, pageId]);

  useEffect(() => {
    if (session && changeSignal > 0) session.provider.setAwarenessField('pageChange', changeSignal);
  }, [session, changeSignal]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caret's user is set once per editor session
  const collaboration = useMemo(
    () =>
      session && [
        Collaboration.configure({ document: session.document, field: DOCUMENT_FIELD }),
        CollaborationCaret.configure({
          provider: session.provider,
          user: { name: user.name, color: user.color },
        }),
      ],
    [session],
  );
  if (!session || !collaboration) return null;

  return (
    <div data-synced={synced || undefined} data-testid="page-editor">
      <RichTextEditor
        key={session.document.guid}
        collaboration={collaboration}
        editable={editable && synced && !readOnlyScope}
        label="Page content"
        className="kite-page-body"
        services={services}
      />
    </div>
  );
}
