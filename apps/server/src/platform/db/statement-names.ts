import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface StatementNaming {
  /** Statements shorter than this stay unnamed: parsing them costs less than a round trip. */
  minLength: number;
  /** Distinct names per process; past it, new texts go unnamed (each name lives on every connection). */
  maxNames: number;
}

const DEFAULTS: StatementNaming = { minLength: 400, maxNames: 300 };

/** Reads only: a write's text is rarely repeated and gains little. */
const READ = /^\s*(\(\s*)*(select|with)\b/i;

type QueryConfig = { text?: string; name?: string };

/**
 * Turns the long reads drizzle sends unnamed (the grouped list, its counts, the board's lookups)
 * into named prepared statements, named by a hash of their text. Each pool connection then parses
 * a statement once instead of on every request, and PostgreSQL may keep a generic plan for it
 * once its custom plans cost no less (plan_cache_mode auto). On the 50,000-item list, parse and
 * plan took about half of each query's time on the server.
 */
export function nameLongReads(pool: pg.Pool, options: Partial<StatementNaming> = {}): void {
  const { minLength, maxNames } = { ...DEFAULTS, ...options };
  const names = new Map<string, string>();

  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= maxNames) return known;
    const name = `r_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };

  const withName = (config: unknown): unknown => {
    if (!config || typeof config !== 'object') return config;
    const { text, name } = config as QueryConfig;
    if (name || typeof text !== 'string' || text.length < minLength || !READ.test(text)) return config;
    const named = nameOf(text);
    return named ? { ...config, name: named } : config;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => query(withName(first), ...rest)) as typeof client.query;
  });
}
