import type { InstanceConfig, InstanceResponse } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../lib/api.ts';

/** What the instance allows (sign-up, magic codes, passwords, workspace creation). */
export class InstanceStore {
  config: InstanceConfig | null = null;
  private request: Promise<InstanceConfig | null> | null = null;

  constructor() {
    makeAutoObservable<InstanceStore, 'request'>(this, { request: false }, { autoBind: true });
  }

  /** Loads the configuration once; null if the server could not say (screens then offer every method). */
  ensureConfig(): Promise<InstanceConfig | null> {
    if (this.config) return Promise.resolve(this.config);
    if (!this.request) {
      this.request = api
        .get<InstanceResponse>('/api/instances/')
        .then((answer) => {
          runInAction(() => {
            this.config = answer.config;
          });
          return answer.config;
        })
        .catch(() => null)
        .finally(() => {
          this.request = null;
        });
    }
    return this.request;
  }

  /** A fresher copy (the admin console changed the configuration). */
  replaceConfig(config: InstanceConfig): void {
    this.config = config;
  }

  get signupEnabled(): boolean {
    return this.config?.enable_signup ?? true;
  }

  get workspaceCreationDisabled(): boolean {
    return this.config?.is_workspace_creation_disabled ?? false;
  }
}
