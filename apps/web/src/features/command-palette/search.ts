import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../app/RootStore.ts';
import { api, seg } from '../../lib/api.ts';

/** A work item found by the palette (from the store or the server). */
export interface IssueHit {
  id: string;
  name: string;
  projectId: string;
  /** `IDENT-123` */
  key: string;
}

export interface ProjectHit {
  id: string;
  name: string;
  identifier: string;
}

/** A page found by the server (pages are not in any store the palette reads). */
export interface PageHit {
  id: string;
  name: string;
  projectId: string;
}

/** A saved view found by the server: a project's, or the workspace's own (`projectId` null). */
export interface ViewHit {
  id: string;
  name: string;
  projectId: string | null;
}

/** An intake submission found by the server (opened in its project's intake). */
export interface IntakeHit {
  issueId: string;
  name: string;
  projectId: string;
  /** `IDENT-123` */
  key: string;
}

/** `GET {ws}/search/?entities=issue,project,page,issue_view,intake` (api.md §5.17). */
interface SearchResponse {
  results: {
    issue?: {
      id: string;
      name: string;
      sequence_id: number;
      project__identifier: string;
      project_id: string;
    }[];
    project?: { id: string; name: string; identifier: string }[];
    page?: { id: string; name: string; project_id: string }[];
    issue_view?: { id: string; name: string; project_id: string | null }[];
    intake?: {
      issue_id: string;
      name: string;
      sequence_id: number;
      project__identifier: string;
      project_id: string;
    }[];
  };
}

/** How long typing must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 100;
const LOCAL_LIMIT = 8;

const KEY = /^([a-z][a-z0-9]*)-(\d+)$/i;

/**
 * The palette's work-item search: instant matches from the issues already in the IssueStore
 * (by name, `IDENT-123` or number), then the server's answer for the same text after a short
 * pause. An answer to an older text is dropped, so results never go back in time.
 */
export class PaletteSearch {
  query = '';
  /** The server's hits for `serverQuery`. */
  serverIssues: IssueHit[] = [];
  serverProjects: ProjectHit[] = [];
  serverPages: PageHit[] = [];
  serverViews: ViewHit[] = [];
  serverIntake: IntakeHit[] = [];
  serverQuery = '';
  loading = false;
  error: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  constructor(
    private readonly stores: RootStore,
    private readonly slug: string,
  ) {
    makeAutoObservable<PaletteSearch, 'stores' | 'timer' | 'seq'>(
      this,
      { stores: false, timer: false, seq: false },
      { autoBind: true },
    );
  }

  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.timer);
    this.seq += 1;
    const term = query.trim();
    if (!term) {
      this.loading = false;
      this.error = null;
      return;
    }
    this.loading = true;
    const seq = this.seq;
    this.timer = setTimeout(() => void this.fetch(term, seq), SEARCH_DEBOUNCE_MS);
  }

  private async fetch(term: string, seq: number): Promise<void> {
    try {
      const answer = await api.get<SearchResponse>(
        `/api/workspaces/${seg(this.slug)}/search/?search=${encodeURIComponent(term)}&entities=issue,project,page,issue_view,intake`,
      );
      if (seq !== this.seq) return; // a newer text was typed meanwhile
      runInAction(() => {
        this.serverIssues = (answer.results.issue ?? []).map((i) => ({
          id: i.id,
          name: i.name,
          projectId: i.project_id,
          key: `${i.project__identifier}-${i.sequence_id}`,
        }));
        this.serverProjects = (answer.results.project ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          identifier: p.identifier,
        }));
        this.serverPages = (answer.results.page ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          projectId: p.project_id,
        }));
        this.serverViews = (answer.results.issue_view ?? []).map((v) => ({
          id: v.id,
          name: v.name,
          projectId: v.project_id,
        }));
        this.serverIntake = (answer.results.intake ?? []).map((i) => ({
          issueId: i.issue_id,
          name: i.name,
          projectId: i.project_id,
          key: `${i.project__identifier}-${i.sequence_id}`,
        }));
        this.serverQuery = this.query;
        this.loading = false;
        this.error = null;
      });
    } catch {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.loading = false;
        this.error = 'Search is not available right now';
      });
    }
  }

  /** Whether the server's hits belong to the text shown. */
  get serverCurrent(): boolean {
    return this.serverQuery === this.query && !!this.query.trim();
  }

  /** Work items of this workspace already in the store that match the text. */
  get localIssues(): IssueHit[] {
    const term = this.query.trim().toLowerCase();
    if (!term) return [];
    const key = KEY.exec(term);
    const number = /^\d+$/.test(term) ? Number(term) : null;
    const hits: IssueHit[] = [];
    for (const issue of this.stores.issues.values()) {
      if (issue.tempId || issue.archived_at) continue;
      const project = this.stores.projects.get(this.slug, issue.project_id);
      if (!project) continue;
      const matches = key
        ? project.identifier.toLowerCase() === key[1] && issue.sequence_id === Number(key[2])
        : issue.sequence_id === number || issue.name.toLowerCase().includes(term);
      if (!matches) continue;
      hits.push({
        id: issue.id,
        name: issue.name,
        projectId: issue.project_id,
        key: `${project.identifier}-${issue.sequence_id}`,
      });
      if (hits.length >= LOCAL_LIMIT) break;
    }
    return hits;
  }

  /** Local hits first, then the server's (when current), once each. */
  get issues(): IssueHit[] {
    const local = this.localIssues;
    if (!this.serverCurrent) return local;
    const seen = new Set(local.map((i) => i.id));
    return [...local, ...this.serverIssues.filter((i) => !seen.has(i.id))];
  }

  get projects(): ProjectHit[] {
    return this.serverCurrent ? this.serverProjects : [];
  }

  get pages(): PageHit[] {
    return this.serverCurrent ? this.serverPages : [];
  }

  get views(): ViewHit[] {
    return this.serverCurrent ? this.serverViews : [];
  }

  get intake(): IntakeHit[] {
    return this.serverCurrent ? this.serverIntake : [];
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.seq += 1;
  }
}

/** Whether every word of the text occurs in the command's title or keywords. */
export function matchesText(text: string, ...fields: (string | undefined)[]): boolean {
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
