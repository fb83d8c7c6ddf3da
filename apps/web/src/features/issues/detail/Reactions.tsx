import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { REACTION_CHOICES, type ReactionGroup } from './store/ReactionStore.ts';

interface ReactionsProps {
  groups: ReactionGroup[];
  onToggle: (emoji: string) => void;
  disabled?: boolean;
  /** "work item" or "comment", for the buttons' names. */
  subject: string;
}

/** Emoji reactions as toggles (highlighted when mine), and a palette to add one. */
export function Reactions({ groups, onToggle, disabled, subject }: ReactionsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {groups.map((g) => (
        <button
          key={g.emoji}
          type="button"
          aria-pressed={g.mine}
          aria-label={`${g.emoji} ${g.count}${g.mine ? ', including you' : ''}`}
          title={g.names.join(', ') || undefined}
          disabled={disabled}
          onClick={() => onToggle(g.emoji)}
          className={clsx(
            'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs transition-colors',
            g.mine
              ? 'border-primary bg-primary-soft text-link'
              : 'border-border text-fg-muted hover:bg-surface-2',
          )}
        >
          <span aria-hidden>{g.emoji}</span>
          <span aria-hidden className="font-medium">
            {g.count}
          </span>
        </button>
      ))}
      {!disabled && (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            aria-label={`React to this ${subject}`}
            className="inline-flex size-7 items-center justify-center rounded-full border border-border text-fg-subtle hover:bg-surface-2 hover:text-fg"
          >
            <SmilePlus className="size-3.5" aria-hidden />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              sideOffset={4}
              align="start"
              onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
              className="z-50 flex gap-0.5 rounded-lg border border-border bg-canvas p-1 shadow-xl"
            >
              {REACTION_CHOICES.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  aria-label={`React with ${emoji}`}
                  onClick={() => {
                    onToggle(emoji);
                    setOpen(false);
                  }}
                  className="flex size-8 items-center justify-center rounded-md text-base hover:bg-surface-2"
                >
                  {emoji}
                </button>
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}
