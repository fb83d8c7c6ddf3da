import type { IssueLink } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, seg } from '../../../../lib/api.ts';
import type { IssueStore } from '../../store/IssueStore.ts';
import { setCount } from './counts.ts';
import { type IssueRef, issueBase } from './IssueRef.ts';

/** `http:` or `https:` URLs only (api.md §5.9), at most 2048 characters; null when valid. */
export function linkUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return 'URL is required';
  if (url.length > 2048) return 'URL cannot exceed 2048 characters';
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Use an http:// or https:// URL';
    if (!parsed.hostname) return 'Enter a valid URL';
  } catch {
    return 'Enter a valid URL, e.g. https://example.com';
  }
  return null;
}

/** The links of one work item; edits and deletes are optimistic. */
export class LinkStore {
  links: IssueLink[] = [];
  loaded = false;

  constructor(
    private readonly ref: IssueRef,
    private readonly issues: IssueStore,
  ) {
    makeAutoObservable<LinkStore, 'ref' | 'issues'>(this, { ref: false, issues: false }, { autoBind: true });
  }

  private get base() {
    return `${issueBase(this.ref)}issue-links/`;
  }

  private syncCount(): void {
    setCount(this.issues, this.ref.issueId, 'link_count', this.links.length);
  }

  /** The links as read (the detail's `issue_link` expansion). */
  seed(links: IssueLink[]): void {
    this.links = links;
    this.loaded = true;
  }

  async create(body: { url: string; title?: string }): Promise<IssueLink> {
    const link = await api.post<IssueLink>(this.base, {
      url: body.url.trim(),
      ...(body.title?.trim() ? { title: body.title.trim() } : {}),
    });
    runInAction(() => {
      this.links.unshift(link);
      this.syncCount();
    });
    return link;
  }

  async update(id: string, body: { url: string; title: string }): Promise<void> {
    const index = this.links.findIndex((l) => l.id === id);
    const before = this.links[index];
    if (!before) return;
    const patch = { url: body.url.trim(), title: body.title.trim() };
    this.links[index] = { ...before, ...patch };
    try {
      const saved = await api.patch<IssueLink>(`${this.base}${seg(id)}/`, patch);
      runInAction(() => {
        const at = this.links.findIndex((l) => l.id === id);
        if (at !== -1) this.links[at] = saved;
      });
    } catch (error) {
      runInAction(() => {
        const at = this.links.findIndex((l) => l.id === id);
        if (at !== -1) this.links[at] = before;
      });
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    const index = this.links.findIndex((l) => l.id === id);
    const before = this.links[index];
    if (!before) return;
    this.links.splice(index, 1);
    this.syncCount();
    try {
      await api.delete(`${this.base}${seg(id)}/`);
    } catch (error) {
      runInAction(() => {
        this.links.splice(Math.min(index, this.links.length), 0, before);
        this.syncCount();
      });
      throw error;
    }
  }
}
