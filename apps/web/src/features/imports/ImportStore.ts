import type {
  Import,
  ImportDryRun,
  ImportPresetId,
  ImportRefusal,
  Paginated,
  UpdateImportBody,
} from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { uploadFile } from '../../lib/upload.ts';

const base = (slug: string, projectId: string) =>
  `/api/workspaces/${seg(slug)}/projects/${seg(projectId)}/imports/`;

/** Each project's CSV imports (api.md §4.11), newest first, and each import by id. */
export class ImportStore {
  private readonly byProject = observable.map<string, string[]>();
  private readonly byId = observable.map<string, Import>();

  constructor(private readonly upload: typeof uploadFile = uploadFile) {
    makeAutoObservable<ImportStore, 'byProject' | 'byId' | 'upload'>(
      this,
      { byProject: false, byId: false, upload: false },
      { autoBind: true },
    );
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  importsOf(projectId: string): Import[] {
    return (this.byProject.get(projectId) ?? []).flatMap((id) => this.byId.get(id) ?? []);
  }

  get(importId: string): Import | undefined {
    return this.byId.get(importId);
  }

  private keep(item: Import): Import {
    this.byId.set(item.id, item);
    const list = this.byProject.get(item.project) ?? [];
    if (!list.includes(item.id)) this.byProject.set(item.project, [item.id, ...list]);
    return item;
  }

  async fetch(slug: string, projectId: string): Promise<Import[]> {
    const page = await api.get<Paginated<Import>>(`${base(slug, projectId)}?per_page=20`);
    runInAction(() => {
      for (const item of page.results) this.byId.set(item.id, item);
      this.byProject.set(
        projectId,
        page.results.map((item) => item.id),
      );
    });
    return page.results;
  }

  /** Uploads the file (its progress reported as a fraction); the answer has the suggested mapping. */
  async uploadFile(
    slug: string,
    projectId: string,
    file: File,
    preset: ImportPresetId | 'auto-detect',
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
  ): Promise<Import> {
    const query = preset === 'auto-detect' ? '' : `?preset=${preset}`;
    const created = await this.upload<Import>(
      `${base(slug, projectId)}${query}`,
      file,
      onProgress,
      signal,
      'file',
    );
    return runInAction(() => this.keep(created));
  }

  async update(slug: string, projectId: string, importId: string, body: UpdateImportBody): Promise<Import> {
    const updated = await api.patch<Import>(`${base(slug, projectId)}${seg(importId)}/`, body);
    return runInAction(() => this.keep(updated));
  }

  async refresh(slug: string, projectId: string, importId: string): Promise<Import> {
    const item = await api.get<Import>(`${base(slug, projectId)}${seg(importId)}/`);
    return runInAction(() => this.keep(item));
  }

  async dryRun(slug: string, projectId: string, importId: string): Promise<ImportDryRun> {
    const result = await api.post<ImportDryRun>(`${base(slug, projectId)}${seg(importId)}/dry-run/`);
    // The import now carries the dry run's counts.
    await this.refresh(slug, projectId, importId).catch(() => undefined);
    return result;
  }

  async start(slug: string, projectId: string, importId: string): Promise<Import> {
    const started = await api.post<Import>(`${base(slug, projectId)}${seg(importId)}/start/`);
    return runInAction(() => this.keep(started));
  }

  /** One page of an import's refused rows (`run`: its dry run's or its own). */
  refusals(
    slug: string,
    projectId: string,
    importId: string,
    run: 'dry_run' | 'import',
    cursor?: string,
  ): Promise<Paginated<ImportRefusal>> {
    const query = `?run=${run}&per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    return api.get<Paginated<ImportRefusal>>(`${base(slug, projectId)}${seg(importId)}/refusals/${query}`);
  }

  reset(): void {
    this.byProject.clear();
    this.byId.clear();
  }
}
