import { checkDestination, type Resolver } from '../../platform/security/destination.ts';
import { sendOnce } from '../webhooks/webhooks.sender.ts';
import { nextPageUrl } from './github-sync.policy.ts';

/**
 * The few GitHub REST calls the sync makes. Every request passes the webhooks' egress guard
 * (api.md §13.4): the API base is checked before each call and the connection goes to the checked
 * address, without following redirects.
 */

export interface GithubRepository {
  id: number;
  name: string;
  full_name?: string;
  html_url?: string;
}

export interface GithubIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  comments?: number;
  pull_request?: unknown;
  user?: { login?: string } | null;
}

export interface GithubComment {
  id: number;
  body: string | null;
  user?: { login?: string } | null;
}

/** Why a call failed: the guard refused the address, the network failed, or GitHub answered non-2xx. */
export class GithubCallError extends Error {
  constructor(
    readonly reason: 'blocked_destination' | 'network' | 'status' | 'bad_response',
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'GithubCallError';
  }
}

export interface GithubClientOptions {
  apiUrl: string;
  /** Lifts the destination address rules (an instance setting, read per call). */
  allowPrivate: () => Promise<boolean>;
  timeoutMs: number;
  resolver?: Resolver;
}

/** Issue lists can be large: 100 items with their bodies. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const PAGE_SIZE = 100;
/** A repository with more pages than this is cut short rather than read for ever. */
const MAX_PAGES = 500;

export function createGithubClient(options: GithubClientOptions) {
  async function call(
    method: 'GET' | 'PATCH',
    url: string,
    token: string,
    body?: unknown,
  ): Promise<{ data: unknown; headers: Record<string, string> }> {
    const check = await checkDestination(url, {
      resolver: options.resolver,
      allowPrivate: await options.allowPrivate(),
    });
    if (!check.ok) throw new GithubCallError('blocked_destination', null, check.reason);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const result = await sendOnce({
      method,
      url: check.url,
      address: check.address,
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'Kite-GitHub-Sync',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload,
      timeoutMs: options.timeoutMs,
      maxBodyBytes: MAX_RESPONSE_BYTES,
    });
    if (result.error || result.status === null) {
      throw new GithubCallError('network', null, `GitHub could not be reached (${result.error})`);
    }
    if (result.status < 200 || result.status >= 300) {
      throw new GithubCallError('status', result.status, `GitHub answered ${result.status}`);
    }
    try {
      return { data: result.body ? JSON.parse(result.body) : null, headers: result.headers };
    } catch {
      throw new GithubCallError('bad_response', result.status, 'GitHub sent an unreadable answer');
    }
  }

  const repoPath = (owner: string, name: string) =>
    `${options.apiUrl}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

  /** Every page of a list, following `Link: rel="next"`. */
  async function* pages<T>(firstUrl: string, token: string): AsyncGenerator<T[]> {
    let url: string | undefined = firstUrl;
    for (let page = 0; url && page < MAX_PAGES; page += 1) {
      const { data, headers } = await call('GET', url, token);
      if (!Array.isArray(data)) throw new GithubCallError('bad_response', 200, 'GitHub sent no list');
      yield data as T[];
      url = nextPageUrl(headers.link);
    }
  }

  return {
    async getRepository(owner: string, name: string, token: string): Promise<GithubRepository> {
      const { data } = await call('GET', repoPath(owner, name), token);
      const repo = data as GithubRepository | null;
      if (!repo || typeof repo.id !== 'number')
        throw new GithubCallError('bad_response', 200, 'GitHub sent no repository');
      return repo;
    },

    /** All issues, open and closed, oldest first (pull requests included: GitHub lists them as issues). */
    issues(owner: string, name: string, token: string): AsyncGenerator<GithubIssue[]> {
      return pages<GithubIssue>(
        `${repoPath(owner, name)}/issues?state=all&sort=created&direction=asc&per_page=${PAGE_SIZE}`,
        token,
      );
    },

    comments(
      owner: string,
      name: string,
      issueNumber: number,
      token: string,
    ): AsyncGenerator<GithubComment[]> {
      return pages<GithubComment>(
        `${repoPath(owner, name)}/issues/${issueNumber}/comments?per_page=${PAGE_SIZE}`,
        token,
      );
    },

    async setIssueState(
      owner: string,
      name: string,
      issueNumber: number,
      state: 'open' | 'closed',
      token: string,
    ): Promise<void> {
      await call('PATCH', `${repoPath(owner, name)}/issues/${issueNumber}`, token, {
        state,
        ...(state === 'closed' ? { state_reason: 'completed' } : {}),
      });
    },
  };
}

export type GithubClient = ReturnType<typeof createGithubClient>;
