import type { ListScope } from '../issues/IssueView.ts';

/** Spec §2: the profile's work-item tabs, assigned first (the default). */
export const PROFILE_TABS = ['assigned', 'created', 'subscribed'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  assigned: 'Assigned',
  created: 'Created',
  subscribed: 'Subscribed',
};

/** Spec §7: each tab's calls pass the member as assignees, created_by or subscriber. */
export const PROFILE_TAB_PARAM: Record<ProfileTab, 'assignees' | 'created_by' | 'subscriber'> = {
  assigned: 'assignees',
  created: 'created_by',
  subscribed: 'subscriber',
};

export function isProfileTab(value: string | undefined): value is ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '');
}

/**
 * The profile's sections: the work-item tabs, then the member's activity. Each is a view of the
 * profile addressed by `profileViewId` (spec §2): `/{ws}/profile/{userId}/{profileViewId}`.
 */
export type ProfileSection = ProfileTab | 'activity';
export const PROFILE_SECTIONS: readonly ProfileSection[] = [...PROFILE_TABS, 'activity'];
export const PROFILE_SECTION_LABELS: Record<ProfileSection, string> = {
  ...PROFILE_TAB_LABELS,
  activity: 'Activity',
};

/**
 * The section a `profileViewId` names: none is the default, Assigned; an id that names no view is
 * `null` (the screen says so, rather than showing another view under a wrong URL).
 */
export function profileSectionOf(profileViewId: string | undefined): ProfileSection | null {
  if (profileViewId === undefined) return 'assigned';
  return profileViewId === 'activity' || isProfileTab(profileViewId) ? profileViewId : null;
}

/** The list a tab shows: `{ws}/user-issues/{userId}/` limited to the member, settings kept per workspace. */
export function profileScope(slug: string, userId: string, tab: ProfileTab): ListScope {
  return {
    settingsKey: `profile:${slug}`,
    listKey: `${userId}:${tab}`,
    path: `/api/workspaces/${encodeURIComponent(slug)}/user-issues/${encodeURIComponent(userId)}/`,
    params: { [PROFILE_TAB_PARAM[tab]]: userId },
  };
}
