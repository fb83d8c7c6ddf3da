import { randomUUID } from 'node:crypto';
import type { Priority } from '@kite/shared/contracts';
import { sortOrderBetween } from '@kite/shared/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import {
  activities,
  type IssueRowDb,
  issueSubscribers,
  issues,
  type ProjectRow,
} from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import type { StatesService } from '../states/states.service.ts';
import { creationRecords, recordIssueChanges } from './issue-activity.ts';
import {
  adjustSubIssueCount,
  ancestorIds,
  lockIssue,
  maxSortOrderInState,
  updateIssueRow,
} from './issues.repo.ts';
import type { ListChanges } from './list-cache-feed.ts';

/**
 * A work item's values as an import makes them: every reference already resolved to an id of the
 * project (the import checked states, labels, members, points and cycles), the description as HTML.
 */
export interface ImportedValues {
  name: string;
  description_html: string;
  priority: Priority;
  state_id: string;
  label_ids: string[];
  assignee_ids: string[];
  estimate_point_id: string | null;
  start_date: string | null;
  target_date: string | null;
  cycle_id: string | null;
}

export interface ImportedItem extends ImportedValues {
  /** The source's creation time, kept on the new item. */
  created_at: Date | null;
  external_source: string | null;
  external_id: string | null;
}

const FIRST_SORT_ORDER = 65535;
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The writes of a CSV import, many work items at a time in the import's own transaction, with what
 * every write of a work item comes with: numbers from the project's sequence, a place at the end of
 * the state's column, the activity rows, the outbox events, the subscriptions and the list caches
 * told. A use case of the issues domain beside its service: the service writes one item per
 * request; an import of 100,000 rows needs a statement per batch instead.
 */
export function createIssueImportWrites(deps: { states: StatesService; listChanges: ListChanges }) {
  async function groupsOf(tx: Executor, projectId: string) {
    return new Map((await deps.states.rowsOf(tx, projectId)).map((s) => [s.id, s.group]));
  }

  const description = (html: string) => {
    const clean = sanitizeRichText(html);
    return { description_html: clean, description_stripped: stripHtml(clean) };
  };

  return {
    /**
     * New work items, numbered as one range of the project's sequence (the row lock on the counter
     * is held until the caller commits, as for any create), each at the end of its state's column.
     */
    async createMany(
      tx: Executor,
      project: ProjectRow,
      actorId: string,
      items: ImportedItem[],
    ): Promise<IssueRowDb[]> {
      if (items.length === 0) return [];
      const groups = await groupsOf(tx, project.id);
      const [numbered] = await queryRows<{ last: number }>(
        tx,
        sql`insert into issue_sequences (project_id, last) values (${project.id}, ${items.length})
            on conflict (project_id) do update set last = issue_sequences.last + ${items.length}
            returning last`,
      );
      const first = Number(numbered!.last) - items.length + 1;
      const lastOrder = new Map<string, number | null>();
      for (const stateId of new Set(items.map((item) => item.state_id))) {
        lastOrder.set(stateId, await maxSortOrderInState(tx, project.id, stateId));
      }
      const now = new Date();
      const rows = items.map((item, i) => {
        const order = sortOrderBetween(lastOrder.get(item.state_id) ?? null, null);
        lastOrder.set(item.state_id, order);
        const { created_at, description_html, ...values } = item;
        return {
          ...values,
          ...description(description_html),
          id: randomUUID(),
          workspace_id: project.workspace_id,
          project_id: project.id,
          sequence_id: first + i,
          sort_order: Number.isFinite(order) ? order : FIRST_SORT_ORDER,
          completed_at: groups.get(item.state_id) === 'completed' ? now : null,
          created_by: actorId,
          updated_by: actorId,
          ...(created_at ? { created_at } : {}),
        };
      });
      const created = await tx.insert(issues).values(rows).returning();
      const records = created.map((row) => creationRecords(actorId, row));
      await tx.insert(activities).values(records.map((r) => r.activity));
      await enqueue(
        tx,
        records.map((r) => r.event),
      );
      await tx
        .insert(issueSubscribers)
        .values(
          created.flatMap((row) =>
            [...new Set([actorId, ...row.assignee_ids])].map((subscriber_id) => ({
              workspace_id: row.workspace_id,
              project_id: row.project_id,
              issue_id: row.id,
              subscriber_id,
            })),
          ),
        )
        .onConflictDoNothing();
      return created;
    },

    /**
     * One work item brought to the import's values (the fields the import maps): only those that
     * differ are written, each recorded; nothing at all when none differs. Undefined when the item
     * is gone; `invalid_dates` when its start would come after its due date.
     */
    async update(
      tx: Executor,
      project: ProjectRow,
      actorId: string,
      issueId: string,
      wanted: Partial<ImportedValues>,
    ): Promise<'updated' | 'unchanged' | 'invalid_dates' | undefined> {
      const current = await lockIssue(tx, project.id, issueId);
      if (!current || current.is_intake || current.is_draft) return undefined;
      const values: Partial<IssueRowDb> = {};
      const differs = <K extends keyof ImportedValues & keyof IssueRowDb>(key: K) =>
        wanted[key] !== undefined && current[key] !== wanted[key];
      if (differs('name')) values.name = wanted.name;
      if (wanted.description_html !== undefined) {
        const html = description(wanted.description_html);
        if (current.description_html !== html.description_html) Object.assign(values, html);
      }
      if (differs('priority')) values.priority = wanted.priority;
      if (differs('state_id')) {
        const groups = await groupsOf(tx, project.id);
        values.state_id = wanted.state_id;
        const wasDone = groups.get(current.state_id) === 'completed';
        values.completed_at =
          groups.get(wanted.state_id!) === 'completed' ? (wasDone ? current.completed_at : new Date()) : null;
      }
      if (wanted.label_ids && !sameSet(current.label_ids, wanted.label_ids))
        values.label_ids = wanted.label_ids;
      if (wanted.assignee_ids && !sameSet(current.assignee_ids, wanted.assignee_ids))
        values.assignee_ids = wanted.assignee_ids;
      if (differs('estimate_point_id')) values.estimate_point_id = wanted.estimate_point_id;
      if (differs('start_date')) values.start_date = wanted.start_date;
      if (differs('target_date')) values.target_date = wanted.target_date;
      if (differs('cycle_id')) values.cycle_id = wanted.cycle_id;
      if (Object.keys(values).length === 0) return 'unchanged';
      const start = values.start_date !== undefined ? values.start_date : current.start_date;
      const target = values.target_date !== undefined ? values.target_date : current.target_date;
      if (start && target && start > target) return 'invalid_dates';
      const row = await updateIssueRow(tx, project.id, issueId, { ...values, updated_by: actorId });
      await recordIssueChanges(tx, actorId, current, row);
      const added = row.assignee_ids.filter((id) => !current.assignee_ids.includes(id));
      if (added.length > 0) {
        await tx
          .insert(issueSubscribers)
          .values(
            added.map((subscriber_id) => ({
              workspace_id: row.workspace_id,
              project_id: row.project_id,
              issue_id: row.id,
              subscriber_id,
            })),
          )
          .onConflictDoNothing();
      }
      return 'updated';
    },

    /**
     * A work item's parent as the import names it: counts and activity as any parent change; a
     * parent that is the item itself or one of its descendants is refused (`loop`).
     */
    async setParent(
      tx: Executor,
      project: ProjectRow,
      actorId: string,
      issueId: string,
      parentId: string,
    ): Promise<'set' | 'unchanged' | 'loop' | 'missing'> {
      const current = await lockIssue(tx, project.id, issueId);
      if (!current) return 'missing';
      if (current.parent_id === parentId) return 'unchanged';
      if (parentId === issueId || (await ancestorIds(tx, parentId)).includes(issueId)) return 'loop';
      const row = await updateIssueRow(tx, project.id, issueId, { parent_id: parentId, updated_by: actorId });
      if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
      await adjustSubIssueCount(tx, parentId, 1);
      await recordIssueChanges(tx, actorId, current, row);
      return 'set';
    },

    /** The live (not deleted, not in intake) work items of the project among these ids. */
    async liveIds(tx: Executor, projectId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: issues.id })
        .from(issues)
        .where(
          and(
            eq(issues.project_id, projectId),
            inArray(issues.id, ids),
            isNull(issues.deleted_at),
            eq(issues.is_intake, false),
            eq(issues.is_draft, false),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** Live work items of the project by external id of one source: external id → item id. */
    async byExternalIds(
      tx: Executor,
      projectId: string,
      source: string,
      externalIds: string[],
    ): Promise<Map<string, string>> {
      if (externalIds.length === 0) return new Map();
      const rows = await queryRows<{ id: string; external_id: string }>(
        tx,
        sql`select id, external_id from issues
            where project_id = ${projectId} and external_source = ${source}
              and external_id = any(${sqlArray(externalIds, 'text')}) and deleted_at is null`,
      );
      return new Map(rows.map((r) => [r.external_id, r.id]));
    },

    /**
     * A live work item of the project a parent cell names that is not a row of the file: by its key
     * (`WEB-12`, the project's identifier) or, failing that, its exact name when only one has it.
     */
    async findByKeyOrName(tx: Executor, project: ProjectRow, ref: string): Promise<string | undefined> {
      const key = new RegExp(`^${project.identifier}-(\\d+)$`, 'i').exec(ref);
      const rows = await queryRows<{ id: string }>(
        tx,
        key
          ? sql`select id from issues where project_id = ${project.id} and sequence_id = ${Number(key[1])}
                and deleted_at is null and not is_intake and not is_draft limit 1`
          : sql`select id from issues where project_id = ${project.id} and name = ${ref}
                and deleted_at is null and not is_intake and not is_draft limit 2`,
      );
      return rows.length === 1 ? rows[0]!.id : undefined;
    },

    /** The project's lists changed (items created or changed by a batch): every cache forgets them. */
    projectChanged(projectId: string): void {
      deps.listChanges.changed(projectId);
    },
  };
}

export type IssueImportWrites = ReturnType<typeof createIssueImportWrites>;
