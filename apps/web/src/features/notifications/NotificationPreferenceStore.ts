import type { NotificationPreferences } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../lib/api.ts';
import { toastError } from '../../ui/toast.ts';

const PATH = '/api/users/me/notification-preferences/';

/** Which changes the user wants to hear about (api.md §2.1); each toggle applies at once. */
export class NotificationPreferenceStore {
  preferences: NotificationPreferences | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async fetch(): Promise<NotificationPreferences> {
    const preferences = await api.get<NotificationPreferences>(PATH);
    runInAction(() => {
      this.preferences = preferences;
    });
    return preferences;
  }

  /** Switches one preference; a refusal switches it back (unless changed again since) and toasts. */
  async set(key: keyof NotificationPreferences, value: boolean): Promise<boolean> {
    if (!this.preferences) return false;
    const before = this.preferences[key];
    this.preferences = { ...this.preferences, [key]: value };
    try {
      const saved = await api.patch<NotificationPreferences>(PATH, { [key]: value });
      runInAction(() => {
        // Only this key: another toggle may be on its way.
        if (this.preferences) this.preferences = { ...this.preferences, [key]: saved[key] };
      });
      return true;
    } catch (error) {
      runInAction(() => {
        if (this.preferences?.[key] === value) this.preferences = { ...this.preferences, [key]: before };
      });
      toastError(error, 'The notification setting could not be saved');
      return false;
    }
  }

  reset(): void {
    this.preferences = null;
  }
}
