import type { AdminUser, AdminWorkspace, AuditEntry, UpdateAdminUserBody } from '@kite/shared/contracts';
import { runInAction } from 'mobx';
import type { RootStore } from '../../app/RootStore.ts';
import { api, seg } from '../../lib/api.ts';
import { InstanceSettingsStore } from './InstanceSettingsStore.ts';
import { PagedList } from './PagedList.ts';

/** The admin console's state: the instance settings and its three lists. */
export class ConsoleStores {
  readonly settings: InstanceSettingsStore;
  readonly users = new PagedList<AdminUser>('/api/instances/users/');
  readonly workspaces = new PagedList<AdminWorkspace>('/api/instances/workspaces/');
  readonly audit = new PagedList<AuditEntry>('/api/instances/audit-log/');

  constructor(root: RootStore) {
    this.settings = new InstanceSettingsStore((config) => root.instance.replaceConfig(config));
  }

  /** Changes a user's status or admin right; the row shows it at once and is put back on refusal. */
  async updateUser(user: AdminUser, patch: UpdateAdminUserBody): Promise<AdminUser> {
    this.users.replace({ ...user, ...patch });
    try {
      const saved = await api.patch<AdminUser>(`/api/instances/users/${seg(user.id)}/`, patch);
      this.users.replace(saved);
      return saved;
    } catch (error) {
      runInAction(() => this.users.replace(user));
      throw error;
    }
  }

  async createWorkspace(body: { name: string; slug: string }): Promise<AdminWorkspace> {
    const created = await api.post<AdminWorkspace>('/api/instances/workspaces/', body);
    this.workspaces.prepend(created);
    return created;
  }

  /** Sends a test mail through the saved SMTP settings; resolves to the server's answer. */
  async sendTestEmail(receiverEmail: string): Promise<string> {
    const answer = await api.post<{ message: string }>('/api/instances/email-credentials-check/', {
      receiver_email: receiverEmail,
    });
    return answer.message;
  }
}

const made = new WeakMap<RootStore, { stores: ConsoleStores; userId: string | undefined }>();

/**
 * The console's stores for an app's RootStore, made on first use (not RootStore fields, so the
 * entry chunk does not carry them); another signed-in user starts them afresh.
 */
export function consoleStoresOf(root: RootStore): ConsoleStores {
  const userId = root.user.user?.id;
  let entry = made.get(root);
  if (!entry || entry.userId !== userId) {
    entry = { stores: new ConsoleStores(root), userId };
    made.set(root, entry);
  }
  return entry.stores;
}
