import type { Profile, Settings, UpdateMeBody, UpdateProfileBody, User } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../lib/api.ts';
import { type ThemeName, toThemeName } from '../../lib/theme.ts';

/** Merges a profile PATCH the way the server does: `theme` and `onboarding_step` merge by key. */
export function mergeProfile(profile: Profile, patch: UpdateProfileBody): Profile {
  const { theme, onboarding_step, ...rest } = patch;
  return {
    ...profile,
    ...(rest as Partial<Profile>),
    theme: theme ? { ...profile.theme, ...theme } : profile.theme,
    onboarding_step: onboarding_step
      ? { ...profile.onboarding_step, ...(onboarding_step as Record<string, boolean>) }
      : profile.onboarding_step,
  };
}

/** The signed-in user: account, profile (theme, onboarding) and settings (last workspace). */
export class UserStore {
  user: User | null = null;
  profile: Profile | null = null;
  settings: Settings | null = null;
  /** True once we know whether there is a session. */
  sessionChecked = false;
  /** Whether the signed-in user administers the instance (`/god-mode`); null until asked. */
  isInstanceAdmin: boolean | null = null;
  private sessionRequest: Promise<User | null> | null = null;
  private adminRequest: Promise<boolean> | null = null;

  constructor() {
    makeAutoObservable<UserStore, 'sessionRequest' | 'adminRequest'>(
      this,
      { sessionRequest: false, adminRequest: false },
      { autoBind: true },
    );
  }

  get isAuthenticated(): boolean {
    return this.user !== null;
  }

  get theme(): ThemeName {
    return toThemeName(this.profile?.theme?.theme);
  }

  /** The name to greet the user with. */
  get firstName(): string {
    const user = this.user;
    if (!user) return '';
    return user.first_name || user.display_name || user.email.split('@')[0] || '';
  }

  get fullName(): string {
    const user = this.user;
    if (!user) return '';
    const full = `${user.first_name} ${user.last_name}`.trim();
    return full || user.display_name || user.email;
  }

  /** Asks the server once per page load whether we are signed in (and loads the profile if so). */
  ensureSession(): Promise<User | null> {
    if (this.sessionChecked) return Promise.resolve(this.user);
    if (!this.sessionRequest) {
      this.sessionRequest = this.fetchSession().finally(() => {
        this.sessionRequest = null;
      });
    }
    return this.sessionRequest;
  }

  async fetchSession(): Promise<User | null> {
    // The profile is asked for beside the session, not after it: a cold load saves a round trip,
    // and a signed-out visitor's 401 for it is dropped (no user yet, so nothing is signed out).
    const profileRequest = api.get<Profile>('/api/users/me/profile/').catch(() => null);
    const session = await api.get<{ is_authenticated: boolean; user: User | null }>('/api/users/session/');
    const user = session.is_authenticated ? session.user : null;
    if (user) {
      const profile = await profileRequest;
      if (profile)
        runInAction(() => {
          this.profile = profile;
        });
      else await this.fetchProfile();
    }
    runInAction(() => {
      this.user = user;
      this.sessionChecked = true;
      if (!user) {
        this.profile = null;
        this.settings = null;
      }
    });
    return user;
  }

  /** After a successful sign-in or sign-up: the server answered with the user. */
  setSignedIn(user: User): void {
    this.user = user;
    this.profile = null;
    this.settings = null;
    this.isInstanceAdmin = null;
    this.sessionChecked = true;
  }

  /** Asks the server once per session whether the user is an instance admin (false when signed out). */
  ensureInstanceAdmin(): Promise<boolean> {
    if (this.isInstanceAdmin !== null) return Promise.resolve(this.isInstanceAdmin);
    if (!this.user) return Promise.resolve(false);
    if (!this.adminRequest) {
      this.adminRequest = api
        .get<{ is_instance_admin: boolean }>('/api/users/me/instance-admin/')
        .then(({ is_instance_admin }) => {
          runInAction(() => {
            this.isInstanceAdmin = is_instance_admin;
          });
          return is_instance_admin;
        })
        .finally(() => {
          this.adminRequest = null;
        });
    }
    return this.adminRequest;
  }

  async fetchProfile(): Promise<Profile> {
    const profile = await api.get<Profile>('/api/users/me/profile/');
    runInAction(() => {
      this.profile = profile;
    });
    return profile;
  }

  async ensureProfile(): Promise<Profile> {
    return this.profile ?? this.fetchProfile();
  }

  async fetchSettings(): Promise<Settings> {
    const settings = await api.get<Settings>('/api/users/me/settings/');
    runInAction(() => {
      this.settings = settings;
    });
    return settings;
  }

  /** Updates the account; applied at once, rolled back if the server refuses. */
  async updateMe(patch: UpdateMeBody): Promise<User> {
    const before = this.user;
    if (!before) throw new Error('Not signed in');
    this.user = { ...before, ...(patch as Partial<User>) };
    try {
      const user = await api.patch<User>('/api/users/me/', patch);
      runInAction(() => {
        this.user = user;
      });
      return user;
    } catch (error) {
      runInAction(() => {
        this.user = before;
      });
      throw error;
    }
  }

  /** Updates the profile; applied at once (theme repaints immediately), rolled back on failure. */
  async updateProfile(patch: UpdateProfileBody): Promise<Profile> {
    const before = this.profile;
    if (!before) throw new Error('The profile is not loaded');
    this.profile = mergeProfile(before, patch);
    try {
      const profile = await api.patch<Profile>('/api/users/me/profile/', patch);
      runInAction(() => {
        this.profile = profile;
      });
      return profile;
    } catch (error) {
      runInAction(() => {
        this.profile = before;
      });
      throw error;
    }
  }

  setTheme(theme: ThemeName): Promise<Profile> {
    return this.updateProfile({ theme: { theme } });
  }

  /** Records which workspace the user was last in (drives where sign-in lands). */
  async rememberWorkspace(workspaceId: string): Promise<void> {
    if (!this.profile || this.profile.last_workspace_id === workspaceId) return;
    await this.updateProfile({ last_workspace_id: workspaceId });
  }

  /** Marks onboarding finished: the server sets all four steps; the last workspace is stored first. */
  async finishOnboarding(workspaceId: string | null): Promise<Profile> {
    if (workspaceId) await this.updateProfile({ last_workspace_id: workspaceId });
    const profile = await api.patch<Profile>('/api/users/me/onboard/', { is_onboarded: true });
    runInAction(() => {
      this.profile = profile;
    });
    return profile;
  }

  /** The server sent a fresher copy of the account (e.g. after setting a password). */
  replaceUser(user: User): void {
    this.user = user;
  }

  /** Deactivates the account (the server ends every session). */
  async deactivate(): Promise<void> {
    await api.delete('/api/users/me/');
  }

  reset(): void {
    this.user = null;
    this.profile = null;
    this.settings = null;
    this.isInstanceAdmin = null;
    this.sessionChecked = true;
  }
}
