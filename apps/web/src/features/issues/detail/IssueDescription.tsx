import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

// Tiptap and ProseMirror stay out of the board's bundle: the editor loads when a work item opens.
const DescriptionEditor = lazy(() => import('./DescriptionEditor.tsx'));

/** How long typing may pause before the description is saved. */
export const DESCRIPTION_SAVE_DELAY = 1000;

const isEmptyHtml = (html: string | undefined) => !html || html.replace(/<p><\/p>|\s/g, '') === '';

function ReadOnlyHtml({ html, placeholder }: { html: string | undefined; placeholder: string }) {
  if (isEmptyHtml(html)) return <p className="text-sm text-fg-subtle">{placeholder}</p>;
  return (
    <div
      className="issue-description text-sm text-fg"
      // The server sanitises description_html on write with its shared allow-list (api.md §0.2).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}

/** The rich description: edited with the lazy Tiptap editor, saved after a pause and on blur. */
export const IssueDescription = observer(function IssueDescription({ detail }: { detail: IssueDetailStore }) {
  const issue = detail.issue;
  const stored = issue?.description_html;
  const [status, setStatus] = useState<'idle' | 'pending' | 'saving' | 'saved'>('idle');
  const [version, setVersion] = useState(0);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef<string | undefined>(stored);
  useEffect(() => {
    if (pending.current === null) lastSaved.current = stored;
  }, [stored]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const html = pending.current;
    pending.current = null;
    if (html === null || html === lastSaved.current) {
      setStatus((s) => (s === 'pending' ? 'idle' : s));
      return;
    }
    setStatus('saving');
    const ok = await detail.update({ description_html: html }, 'The description could not be saved');
    if (ok) {
      lastSaved.current = html;
      setStatus('saved');
    } else {
      lastSaved.current = detail.issue?.description_html;
      setStatus('idle');
      setVersion((v) => v + 1);
    }
  }, [detail]);

  // Whatever is typed when the panel closes is still saved.
  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  const onChange = useCallback(
    (html: string) => {
      pending.current = html;
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DESCRIPTION_SAVE_DELAY);
    },
    [flush],
  );

  if (!issue || detail.status !== 'ready') {
    return <ReadOnlyHtml html={stored} placeholder="" />;
  }
  if (!detail.canEditFields) return <ReadOnlyHtml html={stored} placeholder="No description" />;

  return (
    <div className="relative">
      <Suspense fallback={<ReadOnlyHtml html={stored} placeholder="Click to add description" />}>
        <DescriptionEditor
          html={stored ?? ''}
          version={version}
          editable
          onChange={onChange}
          onBlur={() => void flush()}
        />
      </Suspense>
      <p aria-live="polite" className="absolute right-0 -bottom-5 text-xs text-fg-subtle">
        {status === 'pending' || status === 'saving' ? 'Saving…' : status === 'saved' ? 'Saved' : ''}
      </p>
    </div>
  );
});
