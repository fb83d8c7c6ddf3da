import type { Import, ImportPresetId } from '@kite/shared/contracts';
import { IMPORT_PRESETS } from '@kite/shared/csv-import';
import clsx from 'clsx';
import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Input.tsx';
import type { ImportStore } from './ImportStore.ts';
import { ProgressBar } from './ProgressBar.tsx';

/** The tools whose exports have a preset, in the order the select lists them. */
const PRESET_CHOICES: { value: ImportPresetId | 'auto-detect'; label: string }[] = [
  { value: 'auto-detect', label: 'Detect from the columns' },
  { value: 'jira', label: IMPORT_PRESETS.jira.name },
  { value: 'linear', label: IMPORT_PRESETS.linear.name },
  { value: 'asana', label: IMPORT_PRESETS.asana.name },
  { value: 'github', label: IMPORT_PRESETS.github.name },
  { value: 'auto', label: 'Another tool or a spreadsheet' },
];

const looksLikeCsv = (file: File) => /\.(csv|tsv|txt)$/i.test(file.name) || /csv|text\/plain/.test(file.type);

/** Step 1: a CSV file, chosen or dropped, and the tool it comes from; uploaded with its progress. */
export function UploadPanel({
  store,
  slug,
  projectId,
  disabled,
  onUploaded,
}: {
  store: ImportStore;
  slug: string;
  projectId: string;
  disabled: boolean;
  onUploaded: (created: Import) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preset, setPreset] = useState<ImportPresetId | 'auto-detect'>('auto-detect');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file || progress !== null) return;
    setError(null);
    if (!looksLikeCsv(file)) {
      setError(`${file.name} is not a CSV file: export a .csv from the other tool and choose it here.`);
      return;
    }
    setProgress(0);
    try {
      onUploaded(await store.uploadFile(slug, projectId, file, preset, setProgress));
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be uploaded'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) void send(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-4">
      <Field label="Exported from" hint="Column names and value formats of that tool's CSV export.">
        {(control) => (
          <Select
            {...control}
            value={preset}
            disabled={disabled || progress !== null}
            onChange={(e) => setPreset(e.target.value as ImportPresetId | 'auto-detect')}
            className="max-w-xs"
          >
            {PRESET_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <section
        aria-label="Drop a CSV file here"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={clsx(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
          over ? 'border-primary bg-primary-soft' : 'border-border-strong',
        )}
      >
        <FileUp className="size-6 text-fg-muted" aria-hidden />
        <p className="text-sm text-fg-muted">Drop the CSV file here, or</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv"
          className="peer sr-only"
          disabled={disabled || progress !== null}
          onChange={(e) => void send(e.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={clsx(
            'inline-flex h-8 cursor-pointer items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-fg shadow-sm',
            'hover:bg-primary-hover peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-55',
          )}
        >
          Choose a CSV file
        </label>
        {progress !== null && (
          <ProgressBar label="Uploading" value={progress} max={1} className="w-full max-w-sm" />
        )}
      </section>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
