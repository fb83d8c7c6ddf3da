import type { Readable } from 'node:stream';
import {
  guessStateGroup,
  IMPORT_PRESETS,
  type ImportField,
  type ImportPreset,
  type ImportPresetId,
  type MappedRow,
  mapRow,
  normaliseEstimate,
  type StateAlias,
} from '@kite/shared/csv-import';
import { ROLE, STATE_GROUP_COLORS } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueImportRow, ProjectRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CyclesService } from '../cycles/cycles.service.ts';
import type { EstimatesService } from '../estimates/estimates.service.ts';
import type { ImportedItem, ImportedValues, IssueImportWrites } from '../issues/import-writes.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { StatesService } from '../states/states.service.ts';
import { type CsvRecord, readRecords } from './csv-file.ts';
import {
  descriptionHtml,
  IMPORT_BATCH_ROWS,
  MAX_REFERENCES,
  nameKey,
  rowKey,
  valuesHash,
} from './imports.policy.ts';
import {
  analyzeLinks,
  type ClaimedImport,
  existingKeys,
  findLinks,
  findParentTargets,
  insertRefusals,
  nameKeyOf,
  type ProgressStep,
  pageParentRefs,
  parentsOf,
  recordProgress,
  upsertLinks,
} from './imports.repo.ts';
import { KeyFilter } from './key-filter.ts';

/** An import with the project it writes to and the member it writes as. */
export interface ImportJob {
  row: IssueImportRow;
  project: ProjectRow;
  actor: UserRow;
}

export interface ImportOptionsRow {
  create_missing_states: boolean;
  create_missing_labels: boolean;
  create_missing_cycles: boolean;
  date_format: string | null;
}

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

export interface Refusal {
  row: number;
  reason: string;
}

type RefKind = 'state' | 'label' | 'cycle' | 'assignee' | 'estimate';

/** What one read of the file learnt: which keys and names it has, which keys repeat, what it names. */
interface Scan {
  keys: KeyFilter;
  names: KeyFilter;
  /** Keys on more than one row → the first of those rows. */
  duplicates: Map<string, number>;
  /** Distinct names per kind (lower-cased → as first written), at most MAX_REFERENCES each. */
  references: Record<RefKind, Map<string, string>>;
  /** Kinds with more distinct names than collected. */
  overflow: Set<RefKind>;
}

/** A name of the file resolved to an id of the project (or to be made by the import). */
interface References {
  states: Map<string, string>;
  defaultStateId: string;
  labels: Map<string, string>;
  cycles: Map<string, { id: string; completed: boolean }>;
  members: Map<string, string>;
  /** Names matching several members (a display name two members share). */
  ambiguousMembers: Set<string>;
  /** Points of the project's active estimate by value; null without one. */
  points: Map<string, string> | null;
  /** Names the dry run would make (missing, and the option to make them is on). */
  wouldCreate: Record<'state' | 'label' | 'cycle', Set<string>>;
}

/** A row ready to write: its link key and hash, its values, its parent as written. */
interface ReadyRow {
  row: number;
  key: string;
  hash: string;
  externalId: string | null;
  parentRef: string | null;
  /** The mapped fields only: what an update compares. */
  values: Partial<ImportedValues> & { name: string };
  /** Every field, unmapped ones at their defaults: what a create writes. */
  item: ImportedItem;
}

/** The run stopped (shutdown): its last batch is committed, the next worker goes on after it. */
export class ImportStopped extends Error {}
/** Another worker holds the import now (this one's lease lapsed): nothing more may be written. */
export class ImportClaimLost extends Error {}

const NEW = 'new';

export interface ImportRunnerDeps {
  storage: FileStorage;
  issueWrites: IssueImportWrites;
  states: StatesService;
  labels: LabelsService;
  cycles: CyclesService;
  estimates: EstimatesService;
  projectMembers: ProjectMembersService;
  /** Lease renewed with each batch. */
  leaseSeconds: number;
  batchRows?: number;
}

/**
 * The passes of an import over its stored file, each reading it as a stream: a scan (which keys
 * repeat, which states, labels, cycles, members and points it names), the names resolved (and the
 * missing ones made on request), then the rows in batches, each batch one transaction with the
 * import's progress, and last the parents. A dry run makes the same decisions and writes only its
 * refusals.
 */
export function createImportRunner(db: Db, deps: ImportRunnerDeps) {
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;

  const presetOf = (job: ImportJob): ImportPreset => IMPORT_PRESETS[job.row.preset as ImportPresetId];
  const mappingOf = (job: ImportJob) => job.row.mapping as (ImportField | null)[];
  const optionsOf = (job: ImportJob) => job.row.options as unknown as ImportOptionsRow;
  const accessOf = (job: ImportJob): ProjectAccess => ({
    project: job.project,
    membership: null,
    role: ROLE.MEMBER,
  });

  async function* records(job: ImportJob): AsyncGenerator<CsvRecord> {
    if (!job.row.storage_key)
      throw new AppError('bad_request', 'The file of this import is no longer stored');
    const stream: Readable = await deps.storage.getStream(job.row.storage_key);
    for await (const record of readRecords(stream, job.row.delimiter)) if (record.row > 1) yield record;
  }

  const parse = (job: ImportJob, cells: string[]) =>
    mapRow(cells, mappingOf(job), presetOf(job), { dateFormat: optionsOf(job).date_format });

  /** Reads the file once (twice when keys may repeat). `tick` runs every 10,000 rows (the lease). */
  async function scan(job: ImportJob, tick: () => Promise<void>): Promise<Scan> {
    const result: Scan = {
      keys: new KeyFilter(),
      names: new KeyFilter(),
      duplicates: new Map(),
      references: {
        state: new Map(),
        label: new Map(),
        cycle: new Map(),
        assignee: new Map(),
        estimate: new Map(),
      },
      overflow: new Set(),
    };
    const collect = (kind: RefKind, value: string | null) => {
      if (!value) return;
      const map = result.references[kind];
      const key = nameKey(value);
      if (map.has(key)) return;
      if (map.size >= MAX_REFERENCES) result.overflow.add(kind);
      else map.set(key, value.trim());
    };
    const suspects = new Set<string>();
    let n = 0;
    for await (const { cells } of records(job)) {
      if (++n % 10_000 === 0) await tick();
      const { row, problems } = parse(job, cells);
      if (problems.length > 0) continue;
      const key = rowKey(row, cells, mappingOf(job));
      if (result.keys.add(key)) suspects.add(key);
      result.names.add(nameKey(row.name!));
      collect('state', row.state);
      collect('cycle', row.cycle);
      collect('estimate', row.estimate);
      for (const label of row.labels) collect('label', label);
      for (const assignee of row.assignees) collect('assignee', assignee);
    }
    if (suspects.size === 0) return result;
    // The filter said "maybe seen" for these: find which really repeat, and their first row.
    const first = new Map<string, number>();
    for await (const { row: number, cells } of records(job)) {
      const { row, problems } = parse(job, cells);
      if (problems.length > 0) continue;
      const key = rowKey(row, cells, mappingOf(job));
      if (!suspects.has(key)) continue;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, number);
      else if (!result.duplicates.has(key)) result.duplicates.set(key, seen);
    }
    return result;
  }

  /** The file's names as the project's ids; missing ones made when `create` and the options say so. */
  async function resolve(job: ImportJob, found: Scan, create: boolean): Promise<References> {
    const options = optionsOf(job);
    const preset = presetOf(job);
    const access = accessOf(job);
    const wouldCreate = { state: new Set<string>(), label: new Set<string>(), cycle: new Set<string>() };

    const stateRows = (await deps.states.rowsOf(db, job.project.id)).filter((s) => !s.is_triage);
    if (stateRows.length === 0)
      throw new AppError('bad_request', 'The project has no default state', 'NO_DEFAULT_STATE');
    const states = new Map(stateRows.map((s) => [nameKey(s.name), s.id]));
    const defaultStateId = (stateRows.find((s) => s.default) ?? stateRows[0]!).id;
    const ofAlias = (alias: StateAlias) =>
      alias === 'default' ? defaultStateId : stateRows.find((s) => s.group === alias)?.id;
    for (const [key, name] of found.references.state) {
      if (states.has(key)) continue;
      const alias = preset.stateAliases[key];
      const aliased = alias && ofAlias(alias);
      if (aliased) states.set(key, aliased);
      else if (!options.create_missing_states) continue;
      else if (!create) wouldCreate.state.add(key);
      else {
        const group = guessStateGroup(name);
        const made = await orExisting(
          () => deps.states.create(access, job.actor, { name, color: STATE_GROUP_COLORS[group], group }),
          async () => (await deps.states.rowsOf(db, job.project.id)).find((s) => nameKey(s.name) === key),
        );
        if (made) states.set(key, made.id);
      }
    }

    const labels = new Map((await deps.labels.list(access)).map((l) => [nameKey(l.name), l.id]));
    for (const [key, name] of found.references.label) {
      if (labels.has(key) || !options.create_missing_labels) continue;
      if (!create) wouldCreate.label.add(key);
      else {
        const made = await orExisting(
          () => deps.labels.create(access, job.actor, { name }),
          async () => (await deps.labels.list(access)).find((l) => nameKey(l.name) === key),
        );
        if (made) labels.set(key, made.id);
      }
    }

    const cycleList = await deps.cycles.list(access, job.actor, {});
    const cycles = new Map(
      cycleList.map((c) => [nameKey(c.name), { id: c.id, completed: c.status === 'completed' }] as const),
    );
    for (const [key, name] of found.references.cycle) {
      if (cycles.has(key) || !options.create_missing_cycles) continue;
      if (!create) wouldCreate.cycle.add(key);
      else {
        const made = await deps.cycles.create(access, job.actor, { name });
        cycles.set(key, { id: made.id, completed: false });
      }
    }

    // Assignees by email, else by display name or username, among members who may be assigned.
    const roles = await deps.projectMembers.activeRoles(db, job.project.id);
    const members = new Map<string, string>();
    const ambiguousMembers = new Set<string>();
    for (const user of await deps.projectMembers.activeMemberUsers(job.project.id)) {
      if ((roles.get(user.id) ?? 0) < ROLE.MEMBER) continue;
      for (const name of [user.email, user.display_name, user.username]) {
        const key = nameKey(name);
        if (!key) continue;
        const other = members.get(key);
        if (other && other !== user.id) ambiguousMembers.add(key);
        else members.set(key, user.id);
      }
    }

    let points: Map<string, string> | null = null;
    if (job.project.estimate_id) {
      const estimate = (await deps.estimates.list(access)).find((e) => e.id === job.project.estimate_id);
      if (estimate)
        points = new Map(estimate.points.map((p) => [nameKey(normaliseEstimate(p.value)), p.id] as const));
    }

    return { states, defaultStateId, labels, cycles, members, ambiguousMembers, points, wouldCreate };
  }

  /** A made name, or the one a writer beside the import made first (its name is then taken). */
  async function orExisting<T extends { id: string }>(
    make: () => Promise<T>,
    find: () => Promise<{ id: string } | undefined>,
  ): Promise<{ id: string } | undefined> {
    try {
      return await make();
    } catch (error) {
      if (error instanceof AppError && error.kind === 'conflict') return find();
      throw error;
    }
  }

  const quote = (value: string) => `'${value.length > 60 ? `${value.slice(0, 59)}…` : value}'`;

  /** A row's values with every name resolved, or why it is refused. */
  function evaluate(
    job: ImportJob,
    found: Scan,
    refs: References,
    record: CsvRecord,
  ): ReadyRow | { refusal: string } {
    const mapping = mappingOf(job);
    const mapped = new Set(mapping.filter((f): f is ImportField => f !== null));
    const { row, problems } = parse(job, record.cells);
    if (problems.length > 0) return { refusal: problems.join('; ') };
    const key = rowKey(row, record.cells, mapping);
    const firstRow = found.duplicates.get(key);
    if (firstRow !== undefined && firstRow !== record.row) {
      return {
        refusal: row.external_id
          ? `Duplicate external id ${quote(row.external_id)} (first on row ${firstRow})`
          : `Same cells as row ${firstRow}`,
      };
    }
    const reasons: string[] = [];
    const unknown = (kind: RefKind, label: string, value: string, option?: string) => {
      const hint = found.overflow.has(kind)
        ? ` (the file names more than ${MAX_REFERENCES} different ones)`
        : option
          ? ` (turn on "${option}" to make it)`
          : '';
      reasons.push(`${label} ${quote(value)} is not in the project${hint}`);
    };
    const nameOf = (kind: 'state' | 'label' | 'cycle', map: Map<string, unknown>, value: string) => {
      const key = nameKey(value);
      if (map.has(key)) return map.get(key);
      if (refs.wouldCreate[kind].has(key)) return NEW;
      return undefined;
    };

    const values: ReadyRow['values'] = { name: row.name! };
    if (mapped.has('description'))
      values.description_html = descriptionHtml(row.description, presetOf(job).markdown);
    if (mapped.has('priority')) values.priority = row.priority ?? 'none';
    if (row.state) {
      const id = nameOf('state', refs.states, row.state) as string | undefined;
      if (id) values.state_id = id;
      else
        unknown(
          'state',
          'State',
          row.state,
          optionsOf(job).create_missing_states ? undefined : 'Create missing states',
        );
    }
    if (mapped.has('labels')) {
      values.label_ids = [];
      for (const label of row.labels) {
        const id = nameOf('label', refs.labels, label) as string | undefined;
        if (id) values.label_ids.push(id);
        else
          unknown(
            'label',
            'Label',
            label,
            optionsOf(job).create_missing_labels ? undefined : 'Create missing labels',
          );
      }
    }
    if (mapped.has('assignees')) {
      values.assignee_ids = [];
      for (const assignee of row.assignees) {
        const key = nameKey(assignee);
        const id = refs.members.get(key);
        if (refs.ambiguousMembers.has(key))
          reasons.push(`Assignee ${quote(assignee)} matches several members`);
        else if (id) values.assignee_ids.push(id);
        else reasons.push(`Assignee ${quote(assignee)} is not a member of the project with the member role`);
      }
    }
    if (mapped.has('estimate')) {
      values.estimate_point_id = null;
      if (row.estimate) {
        const id = refs.points?.get(nameKey(row.estimate));
        if (!refs.points) reasons.push(`The project has no estimate to take ${quote(row.estimate)}`);
        else if (!id)
          reasons.push(`Estimate ${quote(row.estimate)} is not a point of the project's estimate`);
        else values.estimate_point_id = id;
      }
    }
    if (mapped.has('start_date')) values.start_date = row.start_date;
    if (mapped.has('target_date')) values.target_date = row.target_date;
    if (mapped.has('cycle')) {
      values.cycle_id = null;
      if (row.cycle) {
        const cycle = nameOf('cycle', refs.cycles, row.cycle) as
          | { id: string; completed: boolean }
          | string
          | undefined;
        if (cycle === undefined)
          unknown(
            'cycle',
            'Cycle',
            row.cycle,
            optionsOf(job).create_missing_cycles ? undefined : 'Create missing cycles',
          );
        else if (typeof cycle === 'string') values.cycle_id = cycle;
        else if (cycle.completed)
          reasons.push(`Cycle ${quote(row.cycle)} is completed and takes no work items`);
        else values.cycle_id = cycle.id;
      }
    }
    if (row.parent) {
      const own = row.external_id
        ? row.parent === row.external_id
        : nameKey(row.parent) === nameKey(row.name!);
      if (own) reasons.push('A work item cannot be its own parent');
    }
    if (reasons.length > 0) return { refusal: reasons.join('; ') };
    const item: ImportedItem = {
      name: values.name,
      description_html: values.description_html ?? '<p></p>',
      priority: values.priority ?? 'none',
      state_id: values.state_id ?? refs.defaultStateId,
      label_ids: values.label_ids ?? [],
      assignee_ids: values.assignee_ids ?? [],
      estimate_point_id: values.estimate_point_id ?? null,
      start_date: values.start_date ?? null,
      target_date: values.target_date ?? null,
      cycle_id: values.cycle_id ?? null,
      created_at: row.created_at ? new Date(row.created_at) : null,
      external_source: row.external_id ? presetOf(job).source : null,
      external_id: row.external_id,
    };
    return {
      row: record.row,
      key,
      hash: valuesHash(row as MappedRow),
      externalId: row.external_id,
      parentRef: row.parent,
      values,
      item,
    };
  }

  /**
   * Refuses rows whose parent is neither (probably) a row of the file nor something the project
   * has: a link of an earlier import, a work item's key or its name.
   */
  async function checkParents(job: ImportJob, found: Scan, ready: ReadyRow[]): Promise<Map<number, string>> {
    const source = presetOf(job).source;
    const outside = ready.filter(
      (r) =>
        r.parentRef && !found.keys.mayHave(`id:${r.parentRef}`) && !found.names.mayHave(nameKey(r.parentRef)),
    );
    const refused = new Map<number, string>();
    if (outside.length === 0) return refused;
    const linked = await existingKeys(
      db,
      job.project.id,
      source,
      outside.map((r) => `id:${r.parentRef}`),
    );
    for (const r of outside) {
      if (linked.has(`id:${r.parentRef}`)) continue;
      if (await deps.issueWrites.findByKeyOrName(db, job.project, r.parentRef!)) continue;
      refused.set(
        r.row,
        `Parent ${quote(r.parentRef!)} is neither a row of this file nor a work item of the project`,
      );
    }
    return refused;
  }

  /** One batch sorted into refusals and rows to create, update or leave. */
  async function sort(job: ImportJob, found: Scan, refs: References, batch: CsvRecord[]) {
    const refusals: Refusal[] = [];
    let ready: ReadyRow[] = [];
    for (const record of batch) {
      const result = evaluate(job, found, refs, record);
      if ('refusal' in result) refusals.push({ row: record.row, reason: result.refusal });
      else ready.push(result);
    }
    const parentRefusals = await checkParents(job, found, ready);
    if (parentRefusals.size > 0) {
      for (const [row, reason] of parentRefusals) refusals.push({ row, reason });
      ready = ready.filter((r) => !parentRefusals.has(r.row));
    }
    const source = presetOf(job).source;
    const links = await findLinks(
      db,
      job.project.id,
      source,
      ready.map((r) => r.key),
    );
    const unlinked = ready.filter((r) => !links.get(r.key)?.alive && r.externalId);
    const adopted = await deps.issueWrites.byExternalIds(
      db,
      job.project.id,
      source,
      unlinked.map((r) => r.externalId!),
    );
    const create: ReadyRow[] = [];
    const update: (ReadyRow & { issueId: string })[] = [];
    let unchanged = 0;
    for (const r of ready) {
      const link = links.get(r.key);
      if (link?.alive && link.values_hash === r.hash) unchanged += 1;
      else if (link?.alive) update.push({ ...r, issueId: link.issue_id });
      else if (r.externalId && adopted.has(r.externalId))
        update.push({ ...r, issueId: adopted.get(r.externalId)! });
      else create.push(r);
    }
    refusals.sort((a, b) => a.row - b.row);
    return { refusals, create, update, unchanged };
  }

  const linkOf = (job: ImportJob, r: ReadyRow, issueId: string) => ({
    workspace_id: job.row.workspace_id,
    project_id: job.project.id,
    source: presetOf(job).source,
    key: r.key,
    name_key: nameKeyOf(r.values.name),
    issue_id: issueId,
    values_hash: r.hash,
    parent_ref: r.parentRef,
    import_id: job.row.id,
    row_number: r.row,
  });

  /** Writes one batch in one transaction with the import's progress; false when the claim was lost. */
  async function writeBatch(
    job: ImportJob,
    claim: ClaimedImport,
    found: Scan,
    refs: References,
    batch: CsvRecord[],
  ): Promise<void> {
    const sorted = await sort(job, found, refs, batch);
    await db.transaction(async (tx) => {
      const counts: Counts = { created: 0, updated: 0, unchanged: sorted.unchanged, refused: 0 };
      const refusals = [...sorted.refusals];
      const links: ReturnType<typeof linkOf>[] = [];
      const made = await deps.issueWrites.createMany(
        tx,
        job.project,
        job.actor.id,
        sorted.create.map((r) => r.item),
      );
      for (const [i, r] of sorted.create.entries()) links.push(linkOf(job, r, made[i]!));
      counts.created = made.length;
      for (const r of sorted.update) {
        const outcome = await deps.issueWrites.update(tx, job.project, job.actor.id, r.issueId, r.values);
        if (outcome === 'invalid_dates') {
          refusals.push({ row: r.row, reason: "The start date would be after the work item's due date" });
          continue;
        }
        if (outcome === undefined) {
          refusals.push({ row: r.row, reason: 'The work item was deleted while the import ran' });
          continue;
        }
        counts[outcome] += 1;
        links.push(linkOf(job, r, r.issueId));
      }
      await upsertLinks(tx, links);
      refusals.sort((a, b) => a.row - b.row);
      await insertRefusals(
        tx,
        refusals.map((r) => ({
          workspace_id: job.row.workspace_id,
          import_id: job.row.id,
          run: 'import',
          row_number: r.row,
          reason: r.reason,
        })),
      );
      counts.refused = refusals.length;
      await progress(tx, claim, { phase: 'rows', rowsDone: batch[batch.length - 1]!.row - 1, ...counts });
    });
    if (sorted.create.length + sorted.update.length > 0) deps.issueWrites.projectChanged(job.project.id);
  }

  async function progress(tx: Executor, claim: ClaimedImport, step: ProgressStep) {
    if (!(await recordProgress(tx, claim, step, deps.leaseSeconds))) throw new ImportClaimLost();
  }

  /** Sets the parents the rows of this import name, a batch of rows per transaction. */
  async function setParents(job: ImportJob, claim: ClaimedImport, signal?: AbortSignal): Promise<void> {
    const source = presetOf(job).source;
    for (let after = claim.parents_done; ; ) {
      if (signal?.aborted) throw new ImportStopped();
      const page = await pageParentRefs(db, job.row.id, after, batchRows);
      if (page.length === 0) return;
      after = page[page.length - 1]!.row_number;
      const targets = await findParentTargets(db, job.project.id, source, [
        ...new Set(page.map((p) => p.parent_ref!)),
      ]);
      for (const p of page) {
        if (targets.has(p.parent_ref!)) continue;
        const found = await deps.issueWrites.findByKeyOrName(db, job.project, p.parent_ref!);
        if (found) targets.set(p.parent_ref!, found);
      }
      const current = await parentsOf(
        db,
        page.map((p) => p.issue_id),
      );
      await db.transaction(async (tx) => {
        const refusals: Refusal[] = [];
        const pairs: { issueId: string; parentId: string; row: number; ref: string }[] = [];
        for (const p of page) {
          const parentId = targets.get(p.parent_ref!);
          if (!parentId)
            refusals.push({
              row: p.row_number,
              reason: `Parent ${quote(p.parent_ref!)} was not imported: imported without it`,
            });
          else if (current.get(p.issue_id) !== parentId)
            pairs.push({ issueId: p.issue_id, parentId, row: p.row_number, ref: p.parent_ref! });
        }
        const outcomes = await deps.issueWrites.setParents(tx, job.project, job.actor.id, pairs);
        for (const pair of pairs) {
          if (outcomes.get(pair.issueId) === 'loop')
            refusals.push({
              row: pair.row,
              reason: `Parent ${quote(pair.ref)} would make a loop: imported without it`,
            });
        }
        refusals.sort((a, b) => a.row - b.row);
        await insertRefusals(
          tx,
          refusals.map((r) => ({
            workspace_id: job.row.workspace_id,
            import_id: job.row.id,
            run: 'import',
            row_number: r.row,
            reason: r.reason,
          })),
        );
        await progress(tx, claim, { phase: 'parents', parentsDone: after, refused: refusals.length });
      });
      deps.issueWrites.projectChanged(job.project.id);
    }
  }

  return {
    /**
     * Every decision of the import, no work item written: counts of what it would create, update
     * and leave, and the refused rows (stored, run `dry_run`).
     */
    async dryRun(job: ImportJob): Promise<{ counts: Counts; refusals: Refusal[] }> {
      const found = await scan(job, async () => {});
      const refs = await resolve(job, found, false);
      const counts: Counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
      const first: Refusal[] = [];
      const flush = async (batch: CsvRecord[]) => {
        const sorted = await sort(job, found, refs, batch);
        counts.created += sorted.create.length;
        counts.updated += sorted.update.length;
        counts.unchanged += sorted.unchanged;
        counts.refused += sorted.refusals.length;
        if (first.length < 100) first.push(...sorted.refusals.slice(0, 100 - first.length));
        await insertRefusals(
          db,
          sorted.refusals.map((r) => ({
            workspace_id: job.row.workspace_id,
            import_id: job.row.id,
            run: 'dry_run',
            row_number: r.row,
            reason: r.reason,
          })),
        );
      };
      let batch: CsvRecord[] = [];
      for await (const record of records(job)) {
        batch.push(record);
        if (batch.length < batchRows) continue;
        await flush(batch);
        batch = [];
      }
      if (batch.length > 0) await flush(batch);
      return { counts, refusals: first };
    },

    /**
     * Runs a claimed import from its last committed row to the end. Throws ImportStopped when the
     * signal aborts (after a committed batch) and ImportClaimLost when another worker took over.
     */
    async run(job: ImportJob, claim: ClaimedImport, signal?: AbortSignal): Promise<void> {
      const roles = await deps.projectMembers.activeRoles(db, job.project.id);
      if ((roles.get(job.actor.id) ?? 0) < ROLE.MEMBER)
        throw new AppError('forbidden', "The import's creator is no longer a member of the project");
      const renew = () => progress(db, claim, { phase: 'scan' });
      await renew();
      const found = await scan(job, renew);
      const refs = await resolve(job, found, true);
      const done = claim.rows_done;
      // Statistics of the links as they grow (after 1,000 rows written, 4,000, 16,000…).
      let analyzeAt = 1000;
      let written = 0;
      let batch: CsvRecord[] = [];
      const write = async () => {
        await writeBatch(job, claim, found, refs, batch);
        written += batch.length;
        batch = [];
        if (written < analyzeAt) return;
        await analyzeLinks(db);
        analyzeAt *= 4;
      };
      for await (const record of records(job)) {
        if (record.row - 1 <= done) continue;
        batch.push(record);
        if (batch.length < batchRows) continue;
        if (signal?.aborted) throw new ImportStopped();
        await write();
      }
      if (batch.length > 0) await write();
      await analyzeLinks(db);
      await setParents(job, claim, signal);
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
