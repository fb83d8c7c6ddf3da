import type { ApiToken, ApiTokenCreated, CreateApiTokenBody } from '@kite/shared/contracts';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

const base = (slug: string) => `/api/workspaces/${seg(slug)}/api-tokens/`;

/**
 * The signed-in user's API tokens (api.md §14), per workspace slug, keyed by id. The full token
 * of a new one is handed back by `create` and never kept here: it is shown once and forgotten.
 */
export class ApiTokenStore {
  private readonly byWorkspace = observable.map<string, ObservableMap<string, ApiToken>>();

  constructor() {
    makeAutoObservable<ApiTokenStore, 'byWorkspace'>(this, { byWorkspace: false }, { autoBind: true });
  }

  isLoaded(slug: string): boolean {
    return this.byWorkspace.has(slug);
  }

  /** Newest first. */
  tokensOf(slug: string): ApiToken[] {
    const tokens = this.byWorkspace.get(slug);
    if (!tokens) return [];
    return [...tokens.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  async fetch(slug: string): Promise<ApiToken[]> {
    const tokens = await api.get<ApiToken[]>(base(slug));
    runInAction(() => {
      this.byWorkspace.set(slug, observable.map(tokens.map((token) => [token.id, token])));
    });
    return tokens;
  }

  /** Creates a token; the answer holds the full token, which the list keeps only masked. */
  async create(slug: string, body: CreateApiTokenBody): Promise<ApiTokenCreated> {
    const created = await api.post<ApiTokenCreated>(base(slug), body);
    const { token: _shownOnce, ...listed } = created;
    runInAction(() => {
      let tokens = this.byWorkspace.get(slug);
      if (!tokens) {
        tokens = observable.map<string, ApiToken>();
        this.byWorkspace.set(slug, tokens);
      }
      tokens.set(listed.id, listed);
    });
    return created;
  }

  /** Deletes a token at once; put back if the server refuses. */
  async remove(slug: string, tokenId: string): Promise<void> {
    const tokens = this.byWorkspace.get(slug);
    const before = tokens?.get(tokenId);
    tokens?.delete(tokenId);
    try {
      await api.delete(`${base(slug)}${seg(tokenId)}/`);
    } catch (error) {
      runInAction(() => {
        if (tokens && before) tokens.set(tokenId, before);
      });
      throw error;
    }
  }

  reset(): void {
    this.byWorkspace.clear();
  }
}
