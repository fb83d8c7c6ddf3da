/** The names the CSV import's contracts and parsing share (no imports: the contracts load it). */

/** What a CSV column can be mapped to. */
export const IMPORT_FIELDS = [
  'external_id',
  'name',
  'description',
  'state',
  'priority',
  'labels',
  'assignees',
  'estimate',
  'start_date',
  'target_date',
  'created_at',
  'parent',
  'cycle',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_PRESET_IDS = ['auto', 'jira', 'linear', 'asana', 'github'] as const;
export type ImportPresetId = (typeof IMPORT_PRESET_IDS)[number];
