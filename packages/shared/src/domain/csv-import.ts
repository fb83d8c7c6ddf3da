/**
 * CSV import of work items: the fields a column can fill, the presets for other trackers' CSV
 * exports (their column names and value formats, as data), and the parsing of one row's cells into
 * field values. Pure: the server applies it to every row, the web to the preview of the first rows.
 * Names are resolved to states, labels, cycles, members… on the server, which knows the project.
 *
 * Its own entry point (`@kite/shared/csv-import`), so screens that never import do not carry it.
 */
import { IMPORT_FIELDS, type ImportField, type ImportPresetId } from './csv-import-fields.ts';
import type { StateGroup } from './states.ts';

export {
  IMPORT_FIELDS,
  IMPORT_PRESET_IDS,
  type ImportField,
  type ImportPresetId,
} from './csv-import-fields.ts';

export type ImportPriority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

/** How each field is shown in the mapping table. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  external_id: 'External id',
  name: 'Name',
  description: 'Description',
  state: 'State',
  priority: 'Priority',
  labels: 'Labels',
  assignees: 'Assignees',
  estimate: 'Estimate',
  start_date: 'Start date',
  target_date: 'Due date',
  created_at: 'Created',
  parent: 'Parent',
  cycle: 'Cycle',
};

/** Fields that take several values: every column mapped to them adds its values. */
export const isMultiValued = (field: ImportField) => field === 'labels' || field === 'assignees';

/** A state value that stands for a state group rather than a state's name (GitHub's open/closed). */
export type StateAlias = 'default' | StateGroup;

export interface ImportPreset {
  id: ImportPresetId;
  name: string;
  /** `external_source` of the items it makes: external ids are unique per project and source. */
  source: string;
  /** Header names (compared trimmed and case-insensitively) each field is suggested for. */
  columns: Partial<Record<ImportField, readonly string[]>>;
  /** Date patterns (`dd/MMM/yy h:mm a`, see `compileDatePattern`) tried after ISO 8601, in order. */
  dateFormats: readonly string[];
  /** Lower-cased values → priority, before the common names. */
  priorities: Readonly<Record<string, ImportPriority>>;
  /** Lower-cased state values that name a group when the project has no state of that name. */
  stateAliases: Readonly<Record<string, StateAlias>>;
  /** Separator inside one cell of a multi-valued field. */
  listSeparator: string;
  /** The export writes descriptions in Markdown (else plain text). */
  markdown: boolean;
}

const COMMON_DATE_FORMATS = [
  'yyyy/MM/dd',
  'M/d/yyyy',
  'M/d/yyyy h:mm a',
  'M/d/yyyy H:mm',
  'd.M.yyyy',
  'd.M.yyyy H:mm',
  'dd/MMM/yy h:mm a',
  'dd/MMM/yy',
  'd MMM yyyy',
  'MMM d, yyyy',
] as const;

/** Column names of no tool in particular: what auto-detection falls back on. */
const COMMON_COLUMNS: ImportPreset['columns'] = {
  external_id: ['id', 'external id', 'external_id', 'key', 'issue key', 'issue id', 'task id', 'number', '#'],
  name: ['name', 'title', 'summary', 'subject', 'task', 'task name'],
  description: ['description', 'body', 'notes', 'details'],
  state: ['state', 'status', 'section/column', 'section', 'column', 'stage'],
  priority: ['priority'],
  labels: ['labels', 'label', 'tags', 'tag'],
  assignees: ['assignee email', 'assignee', 'assignees', 'assigned to', 'owner'],
  estimate: ['estimate', 'story points', 'points', 'story point estimate'],
  start_date: ['start date', 'start_date', 'start', 'started at'],
  target_date: ['due date', 'due_date', 'due', 'target date', 'target_date', 'deadline'],
  created_at: ['created', 'created at', 'created_at', 'date created', 'createdat'],
  parent: ['parent', 'parent id', 'parent issue', 'parent task'],
  cycle: ['cycle', 'cycle name', 'sprint', 'iteration', 'milestone'],
};

export const IMPORT_PRESETS: Readonly<Record<ImportPresetId, ImportPreset>> = {
  auto: {
    id: 'auto',
    name: 'Other CSV',
    source: 'csv',
    columns: COMMON_COLUMNS,
    dateFormats: COMMON_DATE_FORMATS,
    priorities: {},
    stateAliases: {},
    listSeparator: ',',
    markdown: false,
  },
  jira: {
    id: 'jira',
    name: 'Jira',
    source: 'jira',
    columns: {
      // Issue id is Jira's stable number (keys change when an issue moves); Parent names it.
      external_id: ['issue id'],
      name: ['summary'],
      description: ['description'],
      state: ['status'],
      priority: ['priority'],
      labels: ['labels'],
      assignees: ['assignee email', 'assignee'],
      estimate: ['custom field (story points)', 'custom field (story point estimate)', 'story points'],
      target_date: ['due date'],
      start_date: ['custom field (start date)'],
      created_at: ['created'],
      parent: ['parent id', 'parent'],
      cycle: ['sprint'],
    },
    dateFormats: ['dd/MMM/yy h:mm a', 'dd/MMM/yy', 'd/MMM/yy h:mm a', 'd/MMM/yy', ...COMMON_DATE_FORMATS],
    priorities: { highest: 'urgent', high: 'high', medium: 'medium', low: 'low', lowest: 'low' },
    stateAliases: {},
    listSeparator: ',',
    markdown: false,
  },
  linear: {
    id: 'linear',
    name: 'Linear',
    source: 'linear',
    columns: {
      external_id: ['id'],
      name: ['title'],
      description: ['description'],
      state: ['status'],
      priority: ['priority'],
      labels: ['labels'],
      assignees: ['assignee'],
      estimate: ['estimate'],
      target_date: ['due date'],
      created_at: ['created'],
      parent: ['parent issue'],
      cycle: ['cycle name'],
    },
    dateFormats: COMMON_DATE_FORMATS,
    priorities: { urgent: 'urgent', high: 'high', medium: 'medium', low: 'low', 'no priority': 'none' },
    stateAliases: {},
    listSeparator: ',',
    markdown: true,
  },
  asana: {
    id: 'asana',
    name: 'Asana',
    source: 'asana',
    columns: {
      external_id: ['task id'],
      name: ['name'],
      description: ['notes'],
      state: ['section/column'],
      priority: ['priority'],
      labels: ['tags'],
      assignees: ['assignee email'],
      start_date: ['start date'],
      target_date: ['due date'],
      created_at: ['created at'],
      parent: ['parent task'],
    },
    dateFormats: COMMON_DATE_FORMATS,
    priorities: {},
    stateAliases: {},
    listSeparator: ',',
    markdown: false,
  },
  github: {
    id: 'github',
    name: 'GitHub Issues',
    source: 'github-csv',
    columns: {
      external_id: ['number'],
      name: ['title'],
      description: ['body'],
      state: ['state'],
      labels: ['labels'],
      assignees: ['assignees'],
      cycle: ['milestone'],
      created_at: ['created_at', 'createdat'],
    },
    dateFormats: COMMON_DATE_FORMATS,
    priorities: {},
    stateAliases: { open: 'default', closed: 'completed' },
    listSeparator: ',',
    markdown: true,
  },
};

/** Column names only one tool's export has: how auto-detection recognises it. */
const SIGNATURES: Record<Exclude<ImportPresetId, 'auto'>, readonly string[]> = {
  jira: ['issue key', 'issue id', 'summary', 'issue type', 'sprint'],
  linear: ['team', 'cycle name', 'parent issue', 'triaged', 'title'],
  asana: ['task id', 'section/column', 'assignee email', 'parent task', 'notes'],
  github: ['number', 'body', 'milestone', 'assignees', 'created_at'],
};

const norm = (value: string) => value.trim().toLowerCase();

/** The tool whose export these headers look like; `auto` when none stands out. */
export function detectPreset(header: readonly string[]): ImportPresetId {
  const names = new Set(header.map(norm));
  let best: ImportPresetId = 'auto';
  let bestScore = 1;
  for (const [id, signature] of Object.entries(SIGNATURES)) {
    const score = signature.filter((name) => names.has(name)).length;
    if (score > bestScore) {
      best = id as ImportPresetId;
      bestScore = score;
    }
  }
  return best;
}

/** Column index → field, from the preset's column names (every repeated column of a field too). */
export function suggestMapping(header: readonly string[], presetId: ImportPresetId): (ImportField | null)[] {
  const preset = IMPORT_PRESETS[presetId];
  const mapping: (ImportField | null)[] = header.map(() => null);
  // A field takes the columns of its first name present: "Assignee email" over "Assignee".
  for (const field of IMPORT_FIELDS) {
    const names = preset.columns[field] ?? [];
    for (const name of names) {
      const columns = header.flatMap((h, i) => (norm(h) === name && mapping[i] === null ? [i] : []));
      if (columns.length === 0) continue;
      for (const i of columns) mapping[i] = field;
      break;
    }
  }
  return mapping;
}

/** One row's values, by field: what the preview shows and the import resolves. */
export interface MappedRow {
  external_id: string | null;
  name: string | null;
  description: string | null;
  state: string | null;
  priority: ImportPriority | null;
  labels: string[];
  assignees: string[];
  estimate: string | null;
  /** `YYYY-MM-DD`. */
  start_date: string | null;
  target_date: string | null;
  /** ISO 8601 UTC. */
  created_at: string | null;
  parent: string | null;
  cycle: string | null;
}

export interface RowOptions {
  /** A date pattern tried before the preset's (dates the preset does not know). */
  dateFormat?: string | null;
}

const NAME_MAX = 255;
const EXTERNAL_ID_MAX = 255;
/** Names of states, labels and cycles are at most this long in Kite. */
const REFERENCE_MAX = 255;

const COMMON_PRIORITIES: Readonly<Record<string, ImportPriority>> = {
  urgent: 'urgent',
  critical: 'urgent',
  blocker: 'urgent',
  highest: 'urgent',
  p0: 'urgent',
  high: 'high',
  p1: 'high',
  medium: 'medium',
  normal: 'medium',
  p2: 'medium',
  low: 'low',
  lowest: 'low',
  minor: 'low',
  p3: 'low',
  none: 'none',
  'no priority': 'none',
  p4: 'none',
};

/** A priority cell; `undefined` when empty, `null` when it names no priority this knows. */
export function parsePriority(value: string, preset: ImportPreset): ImportPriority | null | undefined {
  const key = norm(value);
  if (key === '') return undefined;
  return preset.priorities[key] ?? COMMON_PRIORITIES[key] ?? null;
}

/** The values of one cell of a multi-valued field, trimmed, without empties or repeats. */
export function splitList(value: string, separator: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const part of value.split(separator)) {
    const item = part.trim();
    if (item === '' || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    values.push(item);
  }
  return values;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The parts a date pattern reads; what it does not name stays at its default. */
interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  pm: boolean | null;
}

/** A token's pattern, the part it sets and how it reads its text. */
interface Token {
  re: string;
  part: keyof DateParts;
  read: (text: string) => number | boolean;
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** Pattern tokens (the usual letters: Unicode date patterns, as date-fns and Java name them). */
const TOKENS: Record<string, Token> = {
  yyyy: { re: '(\\d{4})', part: 'year', read: Number },
  // Two-digit years are of this century up to 49 years ahead, else of the last one.
  yy: { re: '(\\d{2})', part: 'year', read: (v) => (Number(v) < 50 ? 2000 : 1900) + Number(v) },
  MMMM: { re: '([A-Za-z]{3,9})', part: 'month', read: monthOf },
  MMM: { re: '([A-Za-z]{3})', part: 'month', read: monthOf },
  MM: { re: '(\\d{2})', part: 'month', read: Number },
  M: { re: '(\\d{1,2})', part: 'month', read: Number },
  dd: { re: '(\\d{2})', part: 'day', read: Number },
  d: { re: '(\\d{1,2})', part: 'day', read: Number },
  HH: { re: '(\\d{2})', part: 'hour', read: Number },
  H: { re: '(\\d{1,2})', part: 'hour', read: Number },
  hh: { re: '(\\d{2})', part: 'hour', read: Number },
  h: { re: '(\\d{1,2})', part: 'hour', read: Number },
  mm: { re: '(\\d{2})', part: 'minute', read: Number },
  ss: { re: '(\\d{2})', part: 'second', read: Number },
  a: { re: '([AaPp][Mm])', part: 'pm', read: (v) => v.toLowerCase() === 'pm' },
};
const TOKEN_NAMES = Object.keys(TOKENS).sort((a, b) => b.length - a.length);

/** A compiled pattern: the date it reads from a cell, or null. */
export type DateReader = (text: string) => { date: string; timestamp: string } | null;

const compiled = new Map<string, DateReader | null>();

/**
 * A date pattern as a reader: `yyyy yy MMMM MMM MM M dd d HH H hh h mm ss a` and literal
 * characters (quote letters with '…'). Null for a pattern with letters it does not know, or with
 * no year, month and day. Compiled once per pattern: rows read dates by the hundred thousand.
 */
export function compileDatePattern(pattern: string): DateReader | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let source = '';
  const readers: Token[] = [];
  const named = new Set<string>();
  let ok = true;
  for (let i = 0; i < pattern.length; ) {
    const char = pattern[i]!;
    if (char === "'") {
      const end = pattern.indexOf("'", i + 1);
      const literal = end === -1 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      source += literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i = end === -1 ? pattern.length : end + 1;
      continue;
    }
    const token = TOKEN_NAMES.find((name) => pattern.startsWith(name, i));
    if (token) {
      source += TOKENS[token]!.re;
      readers.push(TOKENS[token]!);
      named.add(token[0]!.toLowerCase());
      i += token.length;
    } else if (/[A-Za-z]/.test(char)) {
      ok = false;
      break;
    } else {
      source += char === ' ' ? '\\s+' : char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i += 1;
    }
  }
  if (!ok || !named.has('y') || !named.has('m') || !named.has('d')) {
    compiled.set(pattern, null);
    return null;
  }
  const re = new RegExp(`^${source}$`);
  const reader: DateReader = (text) => {
    const match = re.exec(text);
    if (!match) return null;
    const p: DateParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, pm: null };
    for (const [i, token] of readers.entries())
      (p as unknown as Record<string, unknown>)[token.part] = token.read(match[i + 1]!);
    if (p.pm !== null) {
      if (p.hour < 1 || p.hour > 12) return null;
      p.hour = (p.hour % 12) + (p.pm ? 12 : 0);
    }
    if (p.hour > 23 || p.minute > 59 || p.second > 59) return null;
    const at = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
    if (p.month < 1 || at.getUTCMonth() !== p.month - 1 || at.getUTCDate() !== p.day) return null;
    if (p.year < 1900 || p.year > 2200) return null;
    return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, timestamp: at.toISOString() };
  };
  compiled.set(pattern, reader);
  return reader;
}

/**
 * A date or timestamp cell as `{date, timestamp}` (UTC), trying ISO 8601 first, then the given
 * patterns; `undefined` when empty, `null` when nothing reads it. Times without a zone (Jira's
 * "12/Mar/24 3:45 PM") are taken as UTC: the export does not say whose clock they are.
 */
export function parseDateValue(
  value: string,
  formats: readonly string[],
): { date: string; timestamp: string } | null | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const plain = ISO_DATE.exec(text);
  if (plain) {
    const [, y, m, d] = plain;
    const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (
      at.getUTCFullYear() !== Number(y) ||
      at.getUTCMonth() !== Number(m) - 1 ||
      at.getUTCDate() !== Number(d)
    )
      return null;
    return { date: text, timestamp: at.toISOString() };
  }
  if (ISO_TIMESTAMP.test(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
    const at = new Date(zoned.replace(' ', 'T'));
    if (Number.isNaN(at.getTime())) return null;
    return { date: at.toISOString().slice(0, 10), timestamp: at.toISOString() };
  }
  for (const format of formats) {
    const read = compileDatePattern(format)?.(text);
    if (read) return read;
  }
  return null;
}

/** An estimate as written, with numbers in one form ("3.0" and "3" are the same point). */
export function normaliseEstimate(value: string): string {
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return String(Number(text));
  return text;
}

/** The state group a new state of this name most likely belongs to. */
export function guessStateGroup(name: string): StateGroup {
  const n = norm(name);
  if (/cancel|won'?t|wontfix|duplicate|invalid|rejected|declined|obsolete/.test(n)) return 'cancelled';
  if (/done|complete|closed|resolved|fixed|shipped|released|merged|finished/.test(n)) return 'completed';
  if (/backlog|icebox|later|someday|triage/.test(n)) return 'backlog';
  if (/progress|doing|review|started|active|testing|qa|develop|working|blocked|wip/.test(n)) return 'started';
  return 'unstarted';
}

export function emptyRow(): MappedRow {
  return {
    external_id: null,
    name: null,
    description: null,
    state: null,
    priority: null,
    labels: [],
    assignees: [],
    estimate: null,
    start_date: null,
    target_date: null,
    created_at: null,
    parent: null,
    cycle: null,
  };
}

/** Single-valued text fields: the last non-empty mapped column wins (Jira repeats Sprint). */
const TEXT_FIELDS = ['external_id', 'name', 'description', 'state', 'parent', 'cycle'] as const;

/**
 * One row's cells as field values, with what is wrong in them (each a reason the row would be
 * refused). `mapping[i]` is the field of column `i`; cells past the mapping are ignored.
 */
export function mapRow(
  cells: readonly string[],
  mapping: readonly (ImportField | null)[],
  preset: ImportPreset,
  options: RowOptions = {},
): { row: MappedRow; problems: string[] } {
  const row = emptyRow();
  const problems: string[] = [];
  const formats = options.dateFormat ? [options.dateFormat, ...preset.dateFormats] : preset.dateFormats;
  const seenList = { labels: new Set<string>(), assignees: new Set<string>() };
  const dates: Partial<Record<'start_date' | 'target_date' | 'created_at', string>> = {};
  let priorityCell: string | null = null;
  let estimateCell: string | null = null;

  mapping.forEach((field, i) => {
    if (!field) return;
    const cell = cells[i] ?? '';
    if (field === 'labels' || field === 'assignees') {
      for (const value of splitList(cell, preset.listSeparator)) {
        const key = value.toLowerCase();
        if (seenList[field].has(key)) continue;
        seenList[field].add(key);
        row[field].push(value);
      }
      return;
    }
    if (cell.trim() === '') return;
    if (field === 'priority') priorityCell = cell;
    else if (field === 'estimate') estimateCell = cell;
    else if (field === 'start_date' || field === 'target_date' || field === 'created_at') dates[field] = cell;
    else if (field === 'description') row.description = cell.replace(/\r\n?/g, '\n').trim();
    else row[field] = cell.trim();
  });

  if (!row.name) problems.push('Name is empty');
  else if (row.name.length > NAME_MAX) problems.push(`Name is longer than ${NAME_MAX} characters`);
  if (row.external_id && row.external_id.length > EXTERNAL_ID_MAX)
    problems.push(`External id is longer than ${EXTERNAL_ID_MAX} characters`);
  for (const field of ['state', 'cycle'] as const) {
    if ((row[field]?.length ?? 0) > REFERENCE_MAX)
      problems.push(`${IMPORT_FIELD_LABELS[field]} is longer than ${REFERENCE_MAX} characters`);
  }
  if (row.labels.some((label) => label.length > REFERENCE_MAX))
    problems.push(`A label is longer than ${REFERENCE_MAX} characters`);

  if (priorityCell !== null) {
    const priority = parsePriority(priorityCell, preset);
    if (priority === null) problems.push(`Unknown priority '${clip(priorityCell)}'`);
    else row.priority = priority ?? null;
  }
  if (estimateCell !== null) row.estimate = normaliseEstimate(estimateCell);
  for (const field of ['start_date', 'target_date', 'created_at'] as const) {
    const cell = dates[field];
    if (cell === undefined) continue;
    const parsed = parseDateValue(cell, formats);
    if (!parsed) problems.push(`${IMPORT_FIELD_LABELS[field]} '${clip(cell)}' is not a date`);
    else row[field] = field === 'created_at' ? parsed.timestamp : parsed.date;
  }
  if (row.start_date && row.target_date && row.start_date > row.target_date)
    problems.push(`Start date ${row.start_date} is after the due date ${row.target_date}`);
  for (const field of TEXT_FIELDS) if (row[field] === '') row[field] = null;
  return { row, problems };
}

/** A cell quoted in a reason, cut short. */
export function clip(value: string, max = 60): string {
  const text = value.trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
