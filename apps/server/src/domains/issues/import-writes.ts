import { randomUUID } from 'node:crypto';
import type { Priority } from '@kite/shared/contracts';
import { sortOrderBetween } from '@kite/shared/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { type IssueRowDb, issueSubscribers, issues, type ProjectRow } from '../../platform/db/schema.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import type { StatesService } from '../states/states.service.ts';
import { creationRecords, fieldChanges, recordIssueChanges, updatedPayload } from './issue-activity.ts';
import { lockIssue, maxSortOrderInState, updateIssueRow } from './issues.repo.ts';
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
/** Rows as one JSON parameter (a statement of a few parameters, not thousands). */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
/**
 * Ids (hundreds) as one JSON parameter, read back as rows `k(key)` to be looked up one by one
 * (`cross join lateral`): an index probe per key however little the planner knows of the table. A
 * list compared with `= any(…)` became a filter over the project's every row while the table had
 * no statistics yet, which is the whole of a first large import.
 */
const keyRows = (values: readonly string[]) =>
  sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as k(key)`;
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
     * New work items in one statement with their activity rows, events and subscriptions, numbered
     * as one range of the project's sequence (its row lock is held until the caller commits, as for
     * any create), each at the end of its state's column. Rows travel as one JSON value per table:
     * a statement of a few parameters instead of thousands. Answers the new items' ids, in order.
     */
    async createMany(
      tx: Executor,
      project: ProjectRow,
      actorId: string,
      items: ImportedItem[],
    ): Promise<string[]> {
      if (items.length === 0) return [];
      const groups = await groupsOf(tx, project.id);
      const lastOrder = new Map<string, number | null>();
      for (const stateId of new Set(items.map((item) => item.state_id))) {
        lastOrder.set(stateId, await maxSortOrderInState(tx, project.id, stateId));
      }
      const now = new Date().toISOString();
      const rows = items.map(({ created_at, description_html, ...values }) => {
        const order = sortOrderBetween(lastOrder.get(values.state_id) ?? null, null);
        lastOrder.set(values.state_id, order);
        return {
          ...values,
          ...description(description_html),
          id: randomUUID(),
          workspace_id: project.workspace_id,
          project_id: project.id,
          sort_order: Number.isFinite(order) ? order : FIRST_SORT_ORDER,
          completed_at: groups.get(values.state_id) === 'completed' ? now : null,
          created_at: created_at?.toISOString() ?? null,
          created_by: actorId,
          updated_by: actorId,
        };
      });
      const records = rows.map((row) => creationRecords(actorId, row));
      const subscriptions = rows.flatMap((row) =>
        [...new Set([actorId, ...row.assignee_ids])].map((subscriber_id) => ({
          workspace_id: row.workspace_id,
          project_id: row.project_id,
          issue_id: row.id,
          subscriber_id,
        })),
      );
      await tx.execute(sql`
        with numbered as (
          insert into issue_sequences (project_id, last) values (${project.id}, ${rows.length})
          on conflict (project_id) do update set last = issue_sequences.last + ${rows.length}
          returning last
        ), item as (
          insert into issues (id, workspace_id, project_id, sequence_id, name, description_html,
            description_stripped, priority, state_id, sort_order, estimate_point_id, start_date, target_date,
            completed_at, cycle_id, label_ids, assignee_ids, external_source, external_id, created_by,
            updated_by, created_at)
          select r.id, r.workspace_id, r.project_id, (select last from numbered) - ${rows.length} + r.ordinality::int,
            r.name, r.description_html, r.description_stripped, r.priority, r.state_id, r.sort_order,
            r.estimate_point_id, r.start_date, r.target_date, r.completed_at, r.cycle_id, r.label_ids,
            r.assignee_ids, r.external_source, r.external_id, r.created_by, r.updated_by,
            coalesce(r.created_at, now())
          from jsonb_populate_recordset(null::issues, ${json(rows)}) with ordinality as r
          returning id
        ), recorded as (
          insert into activities (workspace_id, project_id, issue_id, actor_id, verb, comment)
          select workspace_id, project_id, issue_id, actor_id, verb, comment
          from jsonb_populate_recordset(null::activities, ${json(records.map((r) => r.activity))})
        ), queued as (
          insert into outbox (workspace_id, topic, payload)
          select workspace_id, topic, payload
          from jsonb_populate_recordset(null::outbox, ${json(records.map((r) => r.event))})
        ), subscribed as (
          insert into issue_subscribers (workspace_id, project_id, issue_id, subscriber_id)
          select workspace_id, project_id, issue_id, subscriber_id
          from jsonb_populate_recordset(null::issue_subscribers, ${json(subscriptions)})
          on conflict do nothing
        )
        select count(*) from item`);
      return rows.map((row) => row.id);
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
     * Work items' parents as an import names them, a batch at a time: one statement each to lock the
     * children, read the ancestry involved, write the parents, the sub-item counts and the activity
     * rows with their events. A parent that is the item itself or one of its descendants (also
     * through the batch's own changes) is refused: `loop`.
     */
    async setParents(
      tx: Executor,
      project: ProjectRow,
      actorId: string,
      pairs: { issueId: string; parentId: string }[],
    ): Promise<Map<string, 'set' | 'unchanged' | 'loop' | 'missing'>> {
      const outcomes = new Map<string, 'set' | 'unchanged' | 'loop' | 'missing'>();
      if (pairs.length === 0) return outcomes;
      const childIds = [...new Set(pairs.map((p) => p.issueId))];
      const parentIds = [...new Set(pairs.map((p) => p.parentId))];
      const children = new Map(
        (
          await tx
            .select()
            .from(issues)
            .where(
              and(
                eq(issues.project_id, project.id),
                // A list of constants on the primary key alone: always its index.
                inArray(issues.id, childIds),
                isNull(issues.deleted_at),
              ),
            )
            .for('update')
        ).map((row) => [row.id, row]),
      );
      const live = await this.liveIds(tx, project.id, parentIds);
      const chain = await queryRows<{ id: string; parent_id: string | null }>(
        tx,
        sql`with recursive up(id, parent_id, depth) as (
              select i.id, i.parent_id, 0 from ${keyRows([...childIds, ...parentIds])}
              cross join lateral (select id, parent_id from issues where id = k.key::uuid) i
              union all
              -- Each step one probe of the primary key: a join here hashed the whole table per level.
              select p.id, p.parent_id, u.depth + 1 from up u
              cross join lateral (select id, parent_id from issues where id = u.parent_id) p
              where u.depth < 100
            )
            select distinct id, parent_id from up`,
      );
      const parentOf = new Map(chain.map((r) => [r.id, r.parent_id]));
      const reaches = (from: string, target: string) => {
        let at: string | null | undefined = from;
        for (let steps = 0; at && steps < 1000; steps++) {
          if (at === target) return true;
          at = parentOf.get(at);
        }
        return false;
      };
      const changed: { before: IssueRowDb; parentId: string }[] = [];
      for (const { issueId, parentId } of pairs) {
        const child = children.get(issueId);
        if (!child || child.is_intake || child.is_draft || !live.has(parentId))
          outcomes.set(issueId, 'missing');
        else if (parentOf.get(issueId) === parentId) outcomes.set(issueId, 'unchanged');
        else if (reaches(parentId, issueId)) outcomes.set(issueId, 'loop');
        else {
          changed.push({ before: { ...child, parent_id: parentOf.get(issueId) ?? null }, parentId });
          parentOf.set(issueId, parentId);
          outcomes.set(issueId, 'set');
        }
      }
      if (changed.length === 0) return outcomes;
      const deltas = new Map<string, number>();
      for (const { before, parentId } of changed) {
        if (before.parent_id) deltas.set(before.parent_id, (deltas.get(before.parent_id) ?? 0) - 1);
        deltas.set(parentId, (deltas.get(parentId) ?? 0) + 1);
      }
      const activity = changed.flatMap(({ before, parentId }) => {
        const changes = fieldChanges(before, { ...before, parent_id: parentId });
        return changes.map((change) => ({
          workspace_id: before.workspace_id,
          project_id: before.project_id,
          issue_id: before.id,
          actor_id: actorId,
          verb: 'updated',
          ...change,
        }));
      });
      const events = changed.map(({ before, parentId }) => ({
        workspace_id: before.workspace_id,
        topic: 'issue.updated',
        payload: updatedPayload(before, actorId, fieldChanges(before, { ...before, parent_id: parentId })),
      }));
      await tx.execute(sql`
        with moved as (
          update issues set parent_id = c.parent_id, updated_by = ${actorId}, updated_at = now()
          from jsonb_to_recordset(${json(changed.map((c) => ({ id: c.before.id, parent_id: c.parentId })))})
            as c(id uuid, parent_id uuid)
          where issues.id = c.id and issues.project_id = ${project.id}
          returning issues.id
        ), counted as (
          update issues set sub_issues_count = greatest(0, issues.sub_issues_count + d.delta)
          from jsonb_to_recordset(${json([...deltas].map(([id, delta]) => ({ id, delta })))}) as d(id uuid, delta int)
          where issues.id = d.id
        ), recorded as (
          insert into activities (workspace_id, project_id, issue_id, actor_id, verb, field, old_value, new_value, comment)
          select workspace_id, project_id, issue_id, actor_id, verb, field, old_value, new_value, comment
          from jsonb_populate_recordset(null::activities, ${json(activity)})
        ), queued as (
          insert into outbox (workspace_id, topic, payload)
          select workspace_id, topic, payload from jsonb_populate_recordset(null::outbox, ${json(events)})
        )
        select count(*) from moved`);
      return outcomes;
    },

    /** The live (not deleted, not in intake) work items of the project among these ids. */
    async liveIds(tx: Executor, projectId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select i.id from ${keyRows(ids)}
            cross join lateral (select id from issues where id = k.key::uuid and project_id = ${projectId}
              and deleted_at is null and not is_intake and not is_draft) i`,
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
        // Said in full (`is not null`, `deleted_at is null`): the partial unique index of external ids.
        sql`select k.key as external_id, i.id from ${keyRows(externalIds)}
            cross join lateral (select id from issues
              where project_id = ${projectId} and external_source = ${source}
                and external_id is not null and deleted_at is null and external_id = k.key limit 1) i`,
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
