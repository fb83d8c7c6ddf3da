import type { IntakeIssue } from '@kite/shared/contracts';
import type { IntakeStatus } from '@kite/shared/domain';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { formatDateTime, timeAgo, userName } from '../issues/detail/parts.tsx';
import { PriorityIcon } from '../public-board/PriorityIcon.tsx';
import { intakeKey, STATUS_CLASSES, statusChip } from './intakeFormat.ts';

/**
 * The tab's items, newest first unless ordered otherwise: each row a button that selects it; ↑ / ↓
 * (and j / k anywhere on the page) move the selection. More load as the end scrolls into view,
 * or with the button.
 */
export const IntakeList = observer(function IntakeList({
  slug,
  label,
  identifier,
  items,
  selectedId,
  hasMore,
  loading,
  onSelect,
  onLoadMore,
}: {
  slug: string;
  label: string;
  identifier: string;
  items: IntakeIssue[];
  selectedId: string | undefined;
  hasMore: boolean;
  loading: boolean;
  onSelect: (issueId: string) => void;
  onLoadMore: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const at = items.findIndex((item) => item.issue.id === selectedId);
    const next = items[at === -1 ? 0 : at + (event.key === 'ArrowDown' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    onSelect(next.issue.id);
  };

  // The selected row keeps the focus (when the list has it) and stays in view as it moves.
  const list = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selection moves
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row) return;
    row.scrollIntoView({ block: 'nearest' });
    if (list.current?.contains(document.activeElement)) row.focus();
  }, [selectedId]);

  return (
    <>
      <ul ref={list} aria-label={label} aria-busy={loading || undefined} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <IntakeRow
            key={item.issue.id}
            slug={slug}
            identifier={identifier}
            item={item}
            selected={item.issue.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {hasMore && (
        <div ref={end} className="flex justify-center py-4">
          <Button size="sm" loading={loading} onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
});

const IntakeRow = observer(function IntakeRow({
  slug,
  identifier,
  item,
  selected,
  onSelect,
}: {
  slug: string;
  identifier: string;
  item: IntakeIssue;
  selected: boolean;
  onSelect: (issueId: string) => void;
}) {
  const { members } = useStores();
  const creator = members.membersOf(slug).find((m) => m.member.id === item.created_by)?.member;
  const status = item.status as IntakeStatus;
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(item.issue.id)}
        className={clsx(
          'flex w-full flex-col gap-1.5 border-b border-l-2 border-b-border px-4 py-3 text-left transition-colors',
          selected ? 'border-l-primary bg-primary-soft/60' : 'border-l-transparent hover:bg-surface',
        )}
      >
        <span className="flex items-center gap-2 text-xs text-fg-muted">
          <span className="font-mono">{intakeKey(identifier, item.issue.sequence_id)}</span>
          <span className={clsx('rounded-full px-1.5 py-px text-[11px] font-medium', STATUS_CLASSES[status])}>
            {statusChip(item)}
          </span>
          <span className="ml-auto shrink-0" title={formatDateTime(item.issue.created_at)}>
            {timeAgo(item.issue.created_at)}
          </span>
        </span>
        <span className="line-clamp-2 text-sm font-medium text-fg">{item.issue.name}</span>
        <span className="flex items-center gap-2">
          <PriorityIcon priority={item.issue.priority} />
          <span className="ml-auto flex items-center gap-1.5 text-xs text-fg-subtle">
            <Avatar name={userName(creator)} src={creator?.avatar_url} size="xs" />
            <span className="sr-only">Submitted by </span>
            {creator ? userName(creator) : ''}
          </span>
        </span>
      </button>
    </li>
  );
});
