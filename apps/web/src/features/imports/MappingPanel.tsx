import type {
  Import,
  ImportDryRun,
  ImportField,
  ImportOptions,
  ImportPresetId,
} from '@kite/shared/contracts';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, IMPORT_PRESETS, isMultiValued } from '@kite/shared/csv-import';
import { useEffect, useId, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import type { ImportStore } from './ImportStore.ts';
import { previewOf } from './importPreview.ts';
import { RefusalList } from './RefusalList.tsx';

const PRESET_NAMES: Record<ImportPresetId, string> = {
  auto: 'Another tool or a spreadsheet',
  jira: IMPORT_PRESETS.jira.name,
  linear: IMPORT_PRESETS.linear.name,
  asana: IMPORT_PRESETS.asana.name,
  github: IMPORT_PRESETS.github.name,
};

const OPTION_LABELS: Record<
  'create_missing_states' | 'create_missing_labels' | 'create_missing_cycles',
  string
> = {
  create_missing_states: 'Create missing states',
  create_missing_labels: 'Create missing labels',
  create_missing_cycles: 'Create missing cycles',
};

/**
 * Step 2 of an uploaded file: its preset, which field each column fills, the options, a preview of
 * the first rows as mapped, a dry run listing every row the import would refuse, and Start. Every
 * change is saved at once (and forgets the last dry run, which no longer says what will happen).
 */
export function MappingPanel({
  store,
  slug,
  upload,
  readOnly,
  onStarted,
  onDiscard,
}: {
  store: ImportStore;
  slug: string;
  upload: Import;
  readOnly: boolean;
  onStarted: (started: Import) => void;
  onDiscard: () => void;
}) {
  const [mapping, setMapping] = useState(upload.mapping);
  const [saving, setSaving] = useState(false);
  const [dryRun, setDryRun] = useState<ImportDryRun | null>(null);
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dateFormat, setDateFormat] = useState(upload.options.date_format ?? '');
  const [dateFormatError, setDateFormatError] = useState<string | null>(null);
  const presetId = useId();
  useEffect(() => setMapping(upload.mapping), [upload.mapping]);

  const preview = useMemo(() => previewOf(upload, mapping), [upload, mapping]);
  const hasName = mapping.includes('name');

  const save = async (body: Parameters<ImportStore['update']>[3]) => {
    setSaving(true);
    setError(null);
    setDryRun(null);
    try {
      const updated = await store.update(slug, upload.project, upload.id, body);
      setMapping(updated.mapping);
      return updated;
    } catch (failure) {
      // Put back what the server has.
      setMapping(upload.mapping);
      toastError(failure, 'The change could not be saved');
      return null;
    } finally {
      setSaving(false);
    }
  };

  const setField = (column: number, field: ImportField | null) => {
    const next = mapping.map((f, i) => (i === column ? field : f));
    setMapping(next);
    void save({ mapping: next });
  };

  // Shown at once (a checkbox that waits for the server reads as one that did not take the
  // click), put back if the server refuses.
  const [options, setOptions] = useState(upload.options as ImportOptions);
  useEffect(() => setOptions(upload.options as ImportOptions), [upload.options]);
  const setOption = async (key: keyof typeof OPTION_LABELS, value: boolean) => {
    setOptions((current) => ({ ...current, [key]: value }));
    if (!(await save({ options: { [key]: value } })))
      setOptions((current) => ({ ...current, [key]: !value }));
  };

  const saveDateFormat = async () => {
    const value = dateFormat.trim() || null;
    if (value === upload.options.date_format) return;
    setDateFormatError(null);
    try {
      await store.update(slug, upload.project, upload.id, { options: { date_format: value } });
      setDryRun(null);
    } catch (failure) {
      setDateFormatError(errorMessage(failure, 'Not a date pattern'));
    }
  };

  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      setDryRun(await store.dryRun(slug, upload.project, upload.id));
    } catch (failure) {
      setError(errorMessage(failure, 'The dry run failed'));
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      onStarted(await store.start(slug, upload.project, upload.id));
    } catch (failure) {
      setError(errorMessage(failure, 'The import could not start'));
    } finally {
      setStarting(false);
    }
  };

  const counts = dryRun?.counts;
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title="Columns"
        description={
          <>
            <strong className="font-medium text-fg">{upload.filename}</strong>:{' '}
            {upload.total_rows.toLocaleString()} rows, {upload.header.length} columns.
            {upload.detected_preset !== 'auto' &&
              ` It looks like an export of ${PRESET_NAMES[upload.detected_preset]}.`}
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={presetId} className="text-sm font-medium text-fg">
              Preset
            </label>
            <Select
              id={presetId}
              value={upload.preset}
              disabled={readOnly || saving}
              className="max-w-xs"
              onChange={(e) => void save({ preset: e.target.value as ImportPresetId })}
            >
              {(Object.keys(PRESET_NAMES) as ImportPresetId[]).map((id) => (
                <option key={id} value={id}>
                  {PRESET_NAMES[id]}
                </option>
              ))}
            </Select>
          </div>
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Column mapping</caption>
              <thead className="bg-surface text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Column
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    First value
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Imported as
                  </th>
                </tr>
              </thead>
              <tbody>
                {upload.header.map((name, column) => {
                  const title = name || `Column ${column + 1}`;
                  const field = mapping[column] ?? null;
                  // Single-valued fields may take several columns too (Jira repeats Sprint): the last filled wins.
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; names repeat
                    <tr key={column} className="border-t border-border">
                      <th scope="row" className="px-3 py-1.5 font-medium">
                        {title}
                      </th>
                      <td className="max-w-56 truncate px-3 py-1.5 text-fg-muted">
                        {upload.preview[0]?.[column] ?? ''}
                      </td>
                      <td className="px-3 py-1.5">
                        <Select
                          aria-label={`Field for column ${title}`}
                          value={field ?? ''}
                          disabled={readOnly || saving}
                          onChange={(e) => setField(column, (e.target.value || null) as ImportField | null)}
                          className="h-8 min-w-40"
                        >
                          <option value="">Not imported</option>
                          {IMPORT_FIELDS.map((f) => (
                            <option key={f} value={f}>
                              {IMPORT_FIELD_LABELS[f]}
                              {isMultiValued(f) ? ' (list)' : ''}
                            </option>
                          ))}
                        </Select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {!hasName && <Alert tone="warning">Map one column to Name: every work item needs one.</Alert>}
        </div>
      </SettingsSection>

      <SettingsSection
        title="Options"
        description="States, labels and cycles are matched by name; assignees by email, then by name. Names the project does not have refuse their rows, unless the import may create them."
      >
        <div className="flex flex-col gap-3">
          {(Object.keys(OPTION_LABELS) as (keyof typeof OPTION_LABELS)[]).map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={options[key]}
                disabled={readOnly}
                onChange={(e) => void setOption(key, e.target.checked)}
              />
              {OPTION_LABELS[key]}
            </label>
          ))}
          <Field
            label="Date format"
            optional
            error={dateFormatError}
            hint="For dates the preset does not read, e.g. dd/MM/yyyy or d.M.yy H:mm."
          >
            {(control) => (
              <Input
                {...control}
                value={dateFormat}
                placeholder="dd/MM/yyyy"
                disabled={readOnly}
                className="max-w-xs"
                onChange={(e) => setDateFormat(e.target.value)}
                onBlur={saveDateFormat}
              />
            )}
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Preview"
        description={`The first ${preview.rows.length} rows as they would be imported.`}
      >
        {preview.columns.length === 0 ? (
          <p className="text-sm text-fg-muted">No column is imported yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Preview of the first rows as mapped</caption>
              <thead className="bg-surface text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Row
                  </th>
                  {preview.columns.map((c) => (
                    <th key={c.field} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-medium">
                    Problems
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} className="border-t border-border align-top">
                    <td className="px-3 py-1.5 tabular-nums text-fg-muted">{row.row}</td>
                    {preview.columns.map((c) => (
                      <td key={c.field} className="max-w-64 px-3 py-1.5 break-words">
                        {row.values[c.field]}
                      </td>
                    ))}
                    <td className="px-3 py-1.5 text-danger">{row.problems.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>

      <SettingsSection
        title="Check and import"
        description="The dry run reads the whole file and lists every row the import would refuse, and why; nothing is written. The import then runs in the background: you can leave this page."
      >
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={check} loading={checking} disabled={readOnly || saving || !hasName || starting}>
              Dry run
            </Button>
            <Button
              variant="primary"
              onClick={start}
              loading={starting}
              disabled={readOnly || saving || !hasName || checking}
            >
              Start import
            </Button>
            <Button variant="ghost" onClick={onDiscard} disabled={checking || starting}>
              Upload another file
            </Button>
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          {counts && (
            <div className="flex flex-col gap-3" aria-live="polite">
              <p className="text-sm" role="status">
                Dry run: <strong>{counts.created.toLocaleString()}</strong> to create,{' '}
                <strong>{counts.updated.toLocaleString()}</strong> to update,{' '}
                <strong>{counts.unchanged.toLocaleString()}</strong> unchanged,{' '}
                <strong>{counts.refused.toLocaleString()}</strong> refused.
              </p>
              <RefusalList
                store={store}
                slug={slug}
                projectId={upload.project}
                importId={upload.id}
                run="dry_run"
                first={dryRun.refusals}
                total={dryRun.refusals_count}
                caption="Rows the import would refuse"
              />
            </div>
          )}
        </div>
      </SettingsSection>
    </div>
  );
}
