import type { Import, Project } from '@kite/shared/contracts';
import { FileSpreadsheet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import type { ImportStore } from './ImportStore.ts';
import { importStoreOf } from './importStoreOf.ts';
import { MappingPanel } from './MappingPanel.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { RefusalList } from './RefusalList.tsx';
import { UploadPanel } from './UploadPanel.tsx';

/** How often a running import is read again. */
export const IMPORT_POLL_MS = 1000;

const STATUS: Record<Import['status'], string> = {
  uploaded: 'Not started',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

const PHASE: Record<NonNullable<Import['phase']>, string> = {
  scan: 'Reading the file and matching names',
  rows: 'Writing work items',
  parents: 'Setting parents',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A project's CSV import (`…/settings/projects/:projectId/imports`, api.md §4.11, project members):
 * upload a file, map its columns with a preview, dry-run, start, follow the progress, read the
 * report; past imports below.
 */
export const ImportSettings = observer(function ImportSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const root = useStores();
  const store = importStoreOf(root);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const readOnly = !!project.archived_at;

  const load = () => {
    setLoadError(null);
    store
      .fetch(slug, project.id)
      .then((imports) => {
        // One still running is followed; otherwise the page starts with a new upload.
        const running = imports.find((i) => i.status === 'queued' || i.status === 'running');
        if (running) setSelectedId((current) => current ?? running.id);
      })
      .catch((error) => setLoadError(errorMessage(error, 'The imports could not be loaded')));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per project
  useEffect(load, [slug, project.id]);

  const selected = selectedId ? store.get(selectedId) : undefined;
  const active = selected?.status === 'queued' || selected?.status === 'running';

  // A running import is read again until it ends.
  useEffect(() => {
    if (!active || !selectedId) return;
    const timer = setInterval(() => {
      store.refresh(slug, project.id, selectedId).catch(() => undefined);
    }, IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [active, selectedId, store, slug, project.id]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">Import</h2>
        <p className="text-sm text-fg-muted">
          Move work items in from Jira, Linear, Asana, GitHub Issues or any spreadsheet with a CSV export.
          Importing the same file again changes nothing; a file changed since updates what changed.
        </p>
      </div>

      {loadError ? (
        <Alert tone="error">
          {loadError}{' '}
          <Button variant="link" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : !store.isLoaded(project.id) ? (
        <PageLoader label="Loading the imports" />
      ) : !selected ? (
        <SettingsSection title="Upload" description="A CSV file in UTF-8 with a header row.">
          <UploadPanel
            store={store}
            slug={slug}
            projectId={project.id}
            disabled={readOnly}
            onUploaded={(created) => setSelectedId(created.id)}
          />
        </SettingsSection>
      ) : selected.status === 'uploaded' ? (
        <MappingPanel
          store={store}
          slug={slug}
          upload={selected}
          readOnly={readOnly}
          onStarted={(started) => setSelectedId(started.id)}
          onDiscard={() => setSelectedId(null)}
        />
      ) : (
        <ImportReport
          store={store}
          slug={slug}
          item={selected}
          readOnly={readOnly}
          onClose={() => setSelectedId(null)}
        />
      )}

      {store.isLoaded(project.id) && (
        <PastImports
          imports={store.importsOf(project.id)}
          selectedId={selectedId}
          onOpen={(id) => setSelectedId(id)}
        />
      )}
    </div>
  );
});

/** A started import: its progress while it runs, its report once it has ended. */
const ImportReport = observer(function ImportReport({
  store,
  slug,
  item,
  readOnly,
  onClose,
}: {
  store: ImportStore;
  slug: string;
  item: Import;
  readOnly: boolean;
  onClose: () => void;
}) {
  const [resuming, setResuming] = useState(false);
  const running = item.status === 'queued' || item.status === 'running';
  const { counts } = item;
  const resume = async () => {
    setResuming(true);
    try {
      await store.start(slug, item.project, item.id);
    } catch (error) {
      toastError(error, 'The import could not start again');
    } finally {
      setResuming(false);
    }
  };
  return (
    <SettingsSection
      title={running ? 'Importing' : item.status === 'failed' ? 'Import failed' : 'Import report'}
      description={`${item.filename}: ${item.total_rows.toLocaleString()} rows`}
    >
      <div className="flex flex-col gap-4">
        {running && (
          <>
            <ProgressBar
              label="Import progress"
              value={item.rows_done}
              max={item.total_rows}
              text={`${item.rows_done.toLocaleString()} of ${item.total_rows.toLocaleString()} rows`}
            />
            <p className="text-sm text-fg-muted" role="status">
              {item.status === 'queued'
                ? 'Waiting for the import worker…'
                : item.phase
                  ? PHASE[item.phase]
                  : 'Running…'}{' '}
              It goes on if you leave this page, and after a server restart.
            </p>
          </>
        )}
        {item.status === 'failed' && (
          <Alert tone="error">
            {item.error ?? 'The import stopped.'} {item.rows_done.toLocaleString()} rows were written;
            starting it again goes on from there.
          </Alert>
        )}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Import counts">
          {(
            [
              ['Created', counts.created],
              ['Updated', counts.updated],
              ['Unchanged', counts.unchanged],
              ['Refused', counts.refused],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-md border border-border px-3 py-2">
              <dt className="text-xs text-fg-muted">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
        <RefusalList
          store={store}
          slug={slug}
          projectId={item.project}
          importId={item.id}
          run="import"
          first={item.refusals}
          total={item.refusals_count}
          caption="Rows the import refused"
        />
        <div className="flex gap-2">
          {item.status === 'failed' && !readOnly && (
            <Button variant="primary" onClick={resume} loading={resuming}>
              Start again
            </Button>
          )}
          {!running && (
            <Button variant="secondary" onClick={onClose}>
              Import another file
            </Button>
          )}
        </div>
      </div>
    </SettingsSection>
  );
});

function PastImports({
  imports,
  selectedId,
  onOpen,
}: {
  imports: Import[];
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <SettingsSection title="Past imports">
      {imports.length === 0 ? (
        <EmptyState
          icon={<FileSpreadsheet className="size-5" />}
          title="No imports yet"
          description="Files you upload are listed here with their reports."
          className="py-8"
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Past imports</caption>
            <thead className="text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  File
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Rows
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Created · updated · refused
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Uploaded
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id} className="border-t border-border">
                  <td className="max-w-56 truncate py-2 pr-3 font-medium">{item.filename}</td>
                  <td className="py-2 pr-3">{STATUS[item.status]}</td>
                  <td className="py-2 pr-3 tabular-nums">{item.total_rows.toLocaleString()}</td>
                  <td className="py-2 pr-3 tabular-nums">
                    {item.counts.created.toLocaleString()} · {item.counts.updated.toLocaleString()} ·{' '}
                    {item.counts.refused.toLocaleString()}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-fg-muted">{when(item.created_at)}</td>
                  <td className="py-2 text-right">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onOpen(item.id)}
                      disabled={item.id === selectedId}
                      aria-label={`Open the import of ${item.filename} from ${when(item.created_at)}`}
                    >
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}
