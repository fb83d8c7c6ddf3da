import type { InstanceResponse } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../lib/api.ts';
import { applyPatch, type ConfigurationRow } from './configValues.ts';

type Instance = InstanceResponse['instance'];
type Config = InstanceResponse['config'];

/**
 * The instance row, its effective configuration (what sign-in screens see) and the stored
 * configuration rows the console edits (secrets masked). Saves are optimistic: the rows change
 * at once and are put back if the server refuses.
 */
export class InstanceSettingsStore {
  instance: Instance | null = null;
  config: Config | null = null;
  rows: ConfigurationRow[] | null = null;
  loadError: string | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly onConfigChanged: (config: Config) => void = () => undefined) {
    makeAutoObservable<InstanceSettingsStore, 'loading' | 'onConfigChanged'>(
      this,
      { loading: false, onConfigChanged: false },
      { autoBind: true },
    );
  }

  get isLoaded(): boolean {
    return this.instance !== null && this.rows !== null;
  }

  /** Loads the instance and its configuration (again, when `force`). */
  load(force = false): Promise<void> {
    if (this.isLoaded && !force) return Promise.resolve();
    if (!this.loading) {
      this.loadError = null;
      this.loading = Promise.all([
        api.get<InstanceResponse>('/api/instances/'),
        api.get<ConfigurationRow[]>('/api/instances/configurations/'),
      ])
        .then(([answer, rows]) => {
          runInAction(() => {
            this.instance = answer.instance;
            this.config = answer.config;
            this.rows = rows;
          });
        })
        .catch((error: unknown) => {
          runInAction(() => {
            this.loadError = error instanceof Error ? error.message : 'The settings could not be loaded';
          });
          throw error;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  /** A stored value (the mask for a set secret), or null when never set. */
  value(key: string): string | null {
    return this.rows?.find((row) => row.key === key)?.value ?? null;
  }

  /** Renames the instance or switches telemetry; shown at once, put back on refusal. */
  async updateInstance(patch: { instance_name?: string; is_telemetry_enabled?: boolean }): Promise<void> {
    const before = this.instance;
    if (before) this.instance = { ...before, ...patch };
    try {
      const answer = await api.patch<InstanceResponse>('/api/instances/', patch);
      runInAction(() => {
        this.instance = answer.instance;
        this.config = answer.config;
      });
    } catch (error) {
      runInAction(() => {
        this.instance = before;
      });
      throw error;
    }
  }

  /** Saves configuration keys; the effective configuration is read again afterwards. */
  async saveConfig(patch: Record<string, string | boolean>): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    const before = this.rows;
    if (before) this.rows = applyPatch(before, patch);
    try {
      const rows = await api.patch<ConfigurationRow[]>('/api/instances/configurations/', patch);
      runInAction(() => {
        this.rows = rows;
      });
    } catch (error) {
      runInAction(() => {
        this.rows = before;
      });
      throw error;
    }
    const answer = await api.get<InstanceResponse>('/api/instances/').catch(() => null);
    if (answer) {
      runInAction(() => {
        this.instance = answer.instance;
        this.config = answer.config;
      });
      this.onConfigChanged(answer.config);
    }
  }
}
