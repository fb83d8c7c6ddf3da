import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { SquareKanban } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useEditorServices, type WorkItemCard } from './editorServices.ts';

/** Answers by key, kept for the page's life: one card per key however often it is drawn. */
const cards = new Map<string, Promise<WorkItemCard>>();

function cardOf(key: string, lookup: (key: string) => Promise<WorkItemCard>): Promise<WorkItemCard> {
  let card = cards.get(key);
  if (!card) {
    card = lookup(key);
    cards.set(key, card);
    // A failure is not kept: the next drawing asks again.
    card.catch(() => cards.delete(key));
  }
  return card;
}

/** A work item embedded by key: a card with its key, name and state, linking to the item. */
export function WorkItemEmbedView({ node, selected }: ReactNodeViewProps) {
  const { workItems } = useEditorServices();
  const key = `${node.attrs.projectIdentifier ?? ''}-${node.attrs.sequenceId ?? ''}`;
  const [card, setCard] = useState<WorkItemCard | null | 'missing'>(null);
  useEffect(() => {
    if (!workItems) return;
    let live = true;
    cardOf(key, workItems.lookup).then(
      (found) => live && setCard(found),
      () => live && setCard('missing'),
    );
    return () => {
      live = false;
    };
  }, [key, workItems]);

  return (
    <NodeViewWrapper
      className="work-item-embed my-2"
      data-drag-handle=""
      data-selected={selected || undefined}
      contentEditable={false}
    >
      <div className="work-item-card flex items-center gap-3 rounded-lg border border-border bg-surface px-3 py-2 text-sm">
        <SquareKanban className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <span className="shrink-0 font-mono text-xs text-fg-subtle">{key}</span>
        {card && card !== 'missing' ? (
          <>
            <a href={card.href} className="min-w-0 flex-1 truncate font-medium text-fg hover:underline">
              {card.name}
            </a>
            {card.stateName && (
              <span className="flex shrink-0 items-center gap-1.5 text-xs text-fg-muted">
                <span
                  className="size-2 rounded-full"
                  style={{ background: card.stateColor ?? 'var(--color-fg-subtle)' }}
                  aria-hidden
                />
                {card.stateName}
              </span>
            )}
          </>
        ) : (
          <span className="min-w-0 flex-1 truncate text-fg-subtle">
            {card === 'missing' ? 'Work item not found' : 'Loading…'}
          </span>
        )}
      </div>
    </NodeViewWrapper>
  );
}
