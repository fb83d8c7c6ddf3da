import type { IntakeIssue, Project, UserLite } from '@kite/shared/contracts';
import { INTAKE_STATUS, type IntakeStatus } from '@kite/shared/domain';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { AlarmClock, CalendarDays, CircleCheck, CircleX, Copy, UserRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { AssigneesRow, LabelsRow, PriorityRow, Row } from '../issues/detail/PropertyRows.tsx';
import { formatDateTime, userName } from '../issues/detail/parts.tsx';
import { TitleField } from '../issues/detail/TitleEditor.tsx';
import { IntakeActions } from './IntakeActions.tsx';
import { IntakeActivity } from './IntakeActivity.tsx';
import type { IntakeAbilities } from './intakeAbilities.ts';
import { intakeKey, STATUS_CLASSES, STATUS_LABELS, snoozedTill } from './intakeFormat.ts';

// Tiptap stays out of the inbox's chunk until an editable description shows.
const DescriptionEditor = lazy(() => import('../issues/detail/DescriptionEditor.tsx'));

/** How long typing may pause before the description is saved. */
const DESCRIPTION_SAVE_DELAY = 1000;

/**
 * The selected item: its triage buttons, where it stands (a banner for a snooze or a decision),
 * its title, description and properties — editable as the caller may — and its activity.
 */
export const IntakeDetail = observer(function IntakeDetail({
  slug,
  project,
  item,
  abilities,
  onDeleted,
}: {
  slug: string;
  project: Project;
  item: IntakeIssue;
  abilities: IntakeAbilities;
  onDeleted: (issueId: string) => void;
}) {
  const key = intakeKey(project.identifier, item.issue.sequence_id);
  const status = item.status as IntakeStatus;
  return (
    <article aria-label={`${key} ${item.issue.name}`} className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-border bg-canvas px-6 py-2.5">
        <span className="font-mono text-xs text-fg-muted">{key}</span>
        <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>
          {STATUS_LABELS[status]}
        </span>
        <div className="ml-auto">
          <IntakeActions slug={slug} item={item} abilities={abilities} onDeleted={onDeleted} />
        </div>
      </div>
      <div className="flex flex-col gap-6 px-6 py-5">
        <IntakeBanner slug={slug} project={project} item={item} canUnsnooze={abilities.triage} />
        <div className="flex flex-col gap-3">
          <IntakeTitle key={`t-${item.issue.id}`} slug={slug} item={item} editable={abilities.editText} />
          <IntakeDescription
            key={`d-${item.issue.id}`}
            slug={slug}
            item={item}
            editable={abilities.editText}
          />
        </div>
        <IntakeProperties slug={slug} item={item} editable={abilities.editProperties} />
        <IntakeActivity
          key={item.issue.id}
          slug={slug}
          projectId={item.issue.project_id}
          issueId={item.issue.id}
          version={`${item.status}|${item.issue.updated_at}|${item.snoozed_till ?? ''}`}
        />
      </div>
    </article>
  );
});

const BANNER_CLASSES = {
  warning: 'border-warning/30 bg-warning-soft text-warning',
  danger: 'border-danger/30 bg-danger-soft text-danger',
  success: 'border-success/30 bg-success-soft text-success',
  neutral: 'border-border bg-surface text-fg-muted',
};

function Banner({
  tone,
  icon,
  title,
  children,
  action,
}: {
  tone: keyof typeof BANNER_CLASSES;
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      role="status"
      className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', BANNER_CLASSES[tone])}
    >
      <span className="mt-0.5 shrink-0" aria-hidden>
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        {children && <p className="mt-0.5 text-fg-muted">{children}</p>}
      </div>
      {action}
    </div>
  );
}

/** Where a decided or snoozed item stands: "Snoozed till …", "Declined", "Accepted", "Duplicate of KEY-12". */
const IntakeBanner = observer(function IntakeBanner({
  slug,
  project,
  item,
  canUnsnooze,
}: {
  slug: string;
  project: Project;
  item: IntakeIssue;
  canUnsnooze: boolean;
}) {
  const { intake } = useStores();
  switch (item.status) {
    case INTAKE_STATUS.SNOOZED:
      return (
        <Banner
          tone="neutral"
          icon={<AlarmClock className="size-4" />}
          title={snoozedTill(item)}
          action={
            canUnsnooze && (
              <Button
                size="sm"
                onClick={() =>
                  void intake
                    .snooze(slug, item.issue.id, null)
                    .then((ok) => ok && toastSuccess('Snooze ended'))
                }
              >
                Unsnooze
              </Button>
            )
          }
        >
          It returns to pending when the snooze ends.
        </Banner>
      );
    case INTAKE_STATUS.DECLINED:
      return (
        <Banner tone="danger" icon={<CircleX className="size-4" />} title="Declined">
          This request was declined; it stays out of the project's work items.
        </Banner>
      );
    case INTAKE_STATUS.ACCEPTED:
      return (
        <Banner
          tone="success"
          icon={<CircleCheck className="size-4" />}
          title="Accepted"
          action={
            <Link
              to="/$workspaceSlug/projects/$projectId/issues/$issueId"
              params={{ workspaceSlug: slug, projectId: item.issue.project_id, issueId: item.issue.id }}
              className="shrink-0 text-sm font-medium text-link hover:underline"
            >
              Open {intakeKey(project.identifier, item.issue.sequence_id)}
            </Link>
          }
        >
          It is now a work item of the project.
        </Banner>
      );
    case INTAKE_STATUS.DUPLICATE: {
      const original = item.duplicate_issue_detail;
      return (
        <Banner
          tone="neutral"
          icon={<Copy className="size-4" />}
          title={
            original ? (
              <>
                Duplicate of{' '}
                <Link
                  to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                  params={{ workspaceSlug: slug, projectId: original.project_id, issueId: original.id }}
                  className="text-link hover:underline"
                >
                  {intakeKey(project.identifier, original.sequence_id)}
                </Link>
              </>
            ) : (
              'Duplicate'
            )
          }
        >
          {original ? original.name : 'It was marked as a duplicate of another work item.'}
        </Banner>
      );
    }
    default:
      return null;
  }
});

/** The title, edited in place by who may (the issue detail's field), put back if the server refuses. */
const IntakeTitle = observer(function IntakeTitle({
  slug,
  item,
  editable,
}: {
  slug: string;
  item: IntakeIssue;
  editable: boolean;
}) {
  const { intake } = useStores();
  return (
    <TitleField
      name={item.issue.name}
      editable={editable}
      save={(name) => intake.updateIssue(slug, item.issue.id, { name })}
    />
  );
});

const isEmptyHtml = (html: string) => html.replace(/<p><\/p>|\s/g, '') === '';

function ReadOnlyHtml({ html, placeholder }: { html: string; placeholder: string }) {
  if (isEmptyHtml(html)) return <p className="text-sm text-fg-subtle">{placeholder}</p>;
  return (
    <div
      className="issue-description text-sm text-fg"
      // The server sanitises description_html on write with its shared allow-list (api.md §0.2).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The description: the lazy rich-text editor for who may edit it, saved after a pause and on blur. */
const IntakeDescription = observer(function IntakeDescription({
  slug,
  item,
  editable,
}: {
  slug: string;
  item: IntakeIssue;
  editable: boolean;
}) {
  const { intake } = useStores();
  const stored = item.issue.description_html;
  const [version, setVersion] = useState(0);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const issueId = item.issue.id;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const html = pending.current;
    pending.current = null;
    if (html === null || html === intake.get(issueId)?.issue.description_html) return;
    const ok = await intake.updateIssue(slug, issueId, { description_html: html });
    if (!ok) setVersion((v) => v + 1);
  }, [intake, slug, issueId]);

  // Whatever is typed when the item closes is still saved.
  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  if (!editable) return <ReadOnlyHtml html={stored} placeholder="No description" />;
  return (
    <Suspense fallback={<ReadOnlyHtml html={stored} placeholder="Click to add description" />}>
      <DescriptionEditor
        html={stored}
        version={version}
        editable
        onChange={(html) => {
          pending.current = html;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void flush(), DESCRIPTION_SAVE_DELAY);
        }}
        onBlur={() => void flush()}
      />
    </Suspense>
  );
});

/** Priority, assignees and labels (members edit them while the item is open), who sent it and when. */
const IntakeProperties = observer(function IntakeProperties({
  slug,
  item,
  editable,
}: {
  slug: string;
  item: IntakeIssue;
  editable: boolean;
}) {
  const { intake, members, projects, labels } = useStores();
  const { issue } = item;
  const users = new Map(members.membersOf(slug).map((m) => [m.member.id, m.member]));
  const assignable = projects
    .membersOf(issue.project_id)
    .filter((m) => m.is_active && m.role >= 15)
    .map((m) => users.get(m.member))
    .filter((u): u is UserLite => !!u && !u.is_bot)
    .sort((a, b) => userName(a).localeCompare(userName(b)));
  const creator = item.created_by ? users.get(item.created_by) : undefined;
  const update = (patch: Parameters<typeof intake.updateIssue>[2]) =>
    void intake.updateIssue(slug, issue.id, patch);

  return (
    <section aria-label="Properties" className="flex flex-col gap-1">
      <PriorityRow
        priority={issue.priority}
        readOnly={!editable}
        onChange={(priority) => update({ priority })}
      />
      <AssigneesRow
        assigneeIds={issue.assignee_ids}
        assignable={assignable}
        userOf={(id) => users.get(id)}
        readOnly={!editable}
        onChange={(assignee_ids) => update({ assignee_ids })}
      />
      <LabelsRow
        labelIds={issue.label_ids}
        labels={labels.labelsOf(issue.project_id)}
        readOnly={!editable}
        onChange={(label_ids) => update({ label_ids })}
      />
      <Row icon={<UserRound className="size-4" />} label="Submitted by">
        <span className="flex min-h-8 items-center gap-1.5 px-2 text-sm text-fg">
          <Avatar name={userName(creator)} src={creator?.avatar_url} size="xs" />
          {creator ? userName(creator) : 'A project member'}
        </span>
      </Row>
      <Row icon={<CalendarDays className="size-4" />} label="Submitted">
        <span className="flex min-h-8 items-center px-2 text-sm text-fg">
          {formatDateTime(item.created_at)}
        </span>
      </Row>
    </section>
  );
});
