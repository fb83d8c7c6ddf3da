import type {
  CreateWebhookBody,
  Paginated,
  UpdateWebhookBody,
  Webhook,
  WebhookLog,
  WebhookWithSecret,
} from '@kite/shared/contracts';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

const base = (slug: string) => `/api/workspaces/${seg(slug)}/webhooks/`;
const one = (slug: string, id: string) => `${base(slug)}${seg(id)}/`;

interface LogPage {
  logs: WebhookLog[];
  total: number;
  nextCursor: string | null;
}

/** Drops the secret: it is shown once by whoever asked for it, never kept here. */
function listed({ secret_key: _shownOnce, ...webhook }: WebhookWithSecret): Webhook {
  return webhook;
}

/**
 * A workspace's webhooks (api.md §13), per workspace slug, keyed by id, with each webhook's
 * delivery log as far as it was read. Create and regenerate hand the full secret back to the
 * caller; the store keeps only the masked form.
 */
export class WebhookStore {
  private readonly byWorkspace = observable.map<string, ObservableMap<string, Webhook>>();
  private readonly logsByWebhook = observable.map<string, LogPage>();

  constructor() {
    makeAutoObservable<WebhookStore, 'byWorkspace' | 'logsByWebhook'>(
      this,
      { byWorkspace: false, logsByWebhook: false },
      { autoBind: true },
    );
  }

  isLoaded(slug: string): boolean {
    return this.byWorkspace.has(slug);
  }

  /** Newest first. */
  webhooksOf(slug: string): Webhook[] {
    const hooks = this.byWorkspace.get(slug);
    if (!hooks) return [];
    return [...hooks.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  get(slug: string, id: string): Webhook | undefined {
    return this.byWorkspace.get(slug)?.get(id);
  }

  private put(slug: string, webhook: Webhook): void {
    let hooks = this.byWorkspace.get(slug);
    if (!hooks) {
      hooks = observable.map<string, Webhook>();
      this.byWorkspace.set(slug, hooks);
    }
    hooks.set(webhook.id, webhook);
  }

  async fetch(slug: string): Promise<Webhook[]> {
    const hooks = await api.get<Webhook[]>(base(slug));
    runInAction(() => {
      this.byWorkspace.set(slug, observable.map(hooks.map((hook) => [hook.id, hook])));
    });
    return hooks;
  }

  /** Creates a webhook; the answer holds the full secret, which the list keeps only masked. */
  async create(slug: string, body: CreateWebhookBody): Promise<WebhookWithSecret> {
    const created = await api.post<WebhookWithSecret>(base(slug), body);
    runInAction(() => this.put(slug, listed(created)));
    return created;
  }

  /** Saves changes; flag-only changes show at once and are put back if the server refuses. */
  async update(slug: string, id: string, body: UpdateWebhookBody): Promise<Webhook> {
    const before = this.get(slug, id);
    if (before && body.url === undefined) this.put(slug, { ...before, ...body } as Webhook);
    try {
      const saved = await api.patch<Webhook>(one(slug, id), body);
      runInAction(() => this.put(slug, saved));
      return saved;
    } catch (error) {
      runInAction(() => {
        if (before) this.put(slug, before);
      });
      throw error;
    }
  }

  /** A new secret for the webhook, returned in full this once. */
  async regenerate(slug: string, id: string): Promise<WebhookWithSecret> {
    const answer = await api.post<WebhookWithSecret>(`${one(slug, id)}regenerate/`);
    runInAction(() => this.put(slug, listed(answer)));
    return answer;
  }

  /** Deletes at once; put back if the server refuses. */
  async remove(slug: string, id: string): Promise<void> {
    const hooks = this.byWorkspace.get(slug);
    const before = hooks?.get(id);
    hooks?.delete(id);
    try {
      await api.delete(one(slug, id));
      runInAction(() => this.logsByWebhook.delete(id));
    } catch (error) {
      runInAction(() => {
        if (hooks && before) hooks.set(id, before);
      });
      throw error;
    }
  }

  logsOf(id: string): LogPage | undefined {
    return this.logsByWebhook.get(id);
  }

  /** The newest attempts (again), or with `more` the page after those already read. */
  async fetchLogs(slug: string, id: string, { more = false }: { more?: boolean } = {}): Promise<LogPage> {
    const current = this.logsByWebhook.get(id);
    const cursor = more ? current?.nextCursor : null;
    if (more && !cursor) return current!;
    const query = cursor ? `?per_page=25&cursor=${encodeURIComponent(cursor)}` : '?per_page=25';
    const page = await api.get<Paginated<WebhookLog>>(`${one(slug, id)}logs/${query}`);
    const next: LogPage = {
      logs: more && current ? [...current.logs, ...page.results] : page.results,
      total: page.total_count,
      nextCursor: page.next_page_results ? page.next_cursor : null,
    };
    runInAction(() => this.logsByWebhook.set(id, next));
    return next;
  }

  reset(): void {
    this.byWorkspace.clear();
    this.logsByWebhook.clear();
  }
}
