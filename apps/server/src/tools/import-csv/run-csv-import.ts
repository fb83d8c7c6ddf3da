import fs from 'node:fs';
import path from 'node:path';
import type { Import, ImportDryRun, ImportRefusal, Paginated } from '@kite/shared/contracts';
import { IMPORT_FIELD_LABELS, IMPORT_PRESET_IDS, type ImportPresetId } from '@kite/shared/csv-import';

/** What `npm run import:csv` was asked to do. */
export interface CsvImportCommand {
  /** The server, e.g. `http://localhost:3000`. */
  url: string;
  /** A personal API token of a member (role 15 or above) of the project. */
  token: string;
  workspace: string;
  /** The project's identifier (`WEB`) or id. */
  project: string;
  file: string;
  preset?: ImportPresetId;
  dryRun?: boolean;
  /** Make the states, labels and cycles the file names and the project lacks. */
  createMissing?: boolean;
  dateFormat?: string;
  /** How long to wait between two looks at a running import. */
  pollMs?: number;
}

export interface CsvImportOutcome {
  import: Import;
  dryRun: ImportDryRun;
  /** Every refused row of the run that decided (the dry run's, or the import's). */
  refusals: ImportRefusal[];
}

const isPreset = (value: string): value is ImportPresetId =>
  (IMPORT_PRESET_IDS as readonly string[]).includes(value);

export function parsePreset(value: string | undefined): ImportPresetId | undefined {
  if (value === undefined) return undefined;
  if (!isPreset(value))
    throw new Error(`--preset must be one of ${IMPORT_PRESET_IDS.join(', ')}; got '${value}'`);
  return value;
}

/**
 * A CSV import through the public API (`/api/v1/`, the API key): upload, options, dry run, then,
 * unless it is a dry run, the import in the server's background with its progress, and its report.
 * `say` gets the lines a person at the terminal reads.
 */
export async function runCsvImport(
  command: CsvImportCommand,
  say: (line: string) => void,
): Promise<CsvImportOutcome> {
  const base = command.url.replace(/\/+$/, '');
  const ws = `${base}/api/v1/workspaces/${encodeURIComponent(command.workspace)}`;

  async function call<T>(method: string, url: string, body?: unknown | FormData): Promise<T> {
    for (;;) {
      const response = await fetch(url, {
        method,
        headers: {
          'X-Api-Key': command.token,
          Accept: 'application/json',
          ...(body !== undefined && !(body instanceof FormData)
            ? { 'Content-Type': 'application/json' }
            : {}),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      // The public API counts requests per token and minute: wait as long as it says.
      if (response.status === 429) {
        const seconds = Number(response.headers.get('Retry-After') ?? 5);
        say(`  (rate limited: waiting ${seconds} s)`);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      const text = await response.text();
      const parsed = text ? JSON.parse(text) : undefined;
      if (!response.ok) {
        const fields = parsed?.fields
          ? ` (${Object.entries(parsed.fields)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')})`
          : '';
        throw new Error(
          `${method} ${url.slice(base.length)} answered ${response.status}: ${parsed?.error ?? text}${fields}`,
        );
      }
      return parsed as T;
    }
  }

  /** Every page of a paged list. */
  async function all<T>(url: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    for (;;) {
      const separator = url.includes('?') ? '&' : '?';
      const page = await call<Paginated<T>>(
        'GET',
        `${url}${separator}per_page=1000${cursor ? `&cursor=${cursor}` : ''}`,
      );
      items.push(...page.results);
      if (!page.next_page_results) return items;
      cursor = page.next_cursor;
    }
  }

  const wanted = command.project.toLowerCase();
  const projects = await all<{ id: string; identifier: string; name: string }>(`${ws}/projects/`);
  const project = projects.find((p) => p.identifier.toLowerCase() === wanted || p.id === command.project);
  if (!project)
    throw new Error(`No project '${command.project}' in workspace '${command.workspace}' for this token`);
  const imports = `${ws}/projects/${project.id}/imports`;

  const form = new FormData();
  form.append('file', await fs.openAsBlob(command.file, { type: 'text/csv' }), path.basename(command.file));
  const query = command.preset ? `?preset=${command.preset}` : '';
  let current = await call<Import>('POST', `${imports}/${query}`, form);
  say(
    `Uploaded ${path.basename(command.file)}: ${current.total_rows} rows, preset ${current.preset}` +
      (command.preset ? '' : ' (detected)'),
  );
  for (const [i, field] of current.mapping.entries())
    if (field) say(`  ${current.header[i] || `column ${i + 1}`} → ${IMPORT_FIELD_LABELS[field]}`);
  const unmapped = current.header.filter((_, i) => !current.mapping[i]);
  if (unmapped.length > 0) say(`  not imported: ${unmapped.join(', ')}`);

  if (command.createMissing || command.dateFormat) {
    current = await call<Import>('PATCH', `${imports}/${current.id}/`, {
      options: {
        ...(command.createMissing
          ? { create_missing_states: true, create_missing_labels: true, create_missing_cycles: true }
          : {}),
        ...(command.dateFormat ? { date_format: command.dateFormat } : {}),
      },
    });
  }

  const dryRun = await call<ImportDryRun>('POST', `${imports}/${current.id}/dry-run/`);
  const c = dryRun.counts;
  say(
    `Dry run: ${c.created} to create, ${c.updated} to update, ${c.unchanged} unchanged, ${c.refused} refused`,
  );
  if (command.dryRun) {
    const refusals =
      c.refused > 0 ? await all<ImportRefusal>(`${imports}/${current.id}/refusals/?run=dry_run`) : [];
    for (const r of refusals) say(`  row ${r.row}: ${r.reason}`);
    return { import: current, dryRun, refusals };
  }

  current = await call<Import>('POST', `${imports}/${current.id}/start/`);
  let reported = -1;
  while (current.status === 'queued' || current.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, command.pollMs ?? 2000));
    current = await call<Import>('GET', `${imports}/${current.id}/`);
    if (current.rows_done !== reported) {
      reported = current.rows_done;
      say(
        `  ${current.status}${current.phase ? ` (${current.phase})` : ''}: ${current.rows_done}/${current.total_rows} rows`,
      );
    }
  }
  if (current.status === 'failed')
    throw new Error(`The import failed: ${current.error ?? 'no reason given'}`);
  const refusals =
    current.counts.refused > 0
      ? await all<ImportRefusal>(`${imports}/${current.id}/refusals/?run=import`)
      : [];
  const done = current.counts;
  say(
    `Imported: ${done.created} created, ${done.updated} updated, ${done.unchanged} unchanged, ${done.refused} refused`,
  );
  for (const r of refusals) say(`  row ${r.row}: ${r.reason}`);
  return { import: current, dryRun, refusals };
}
