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

/** The profile's sections: the work-item tabs, then the member's activity (`/profile/{id}/activity`). */
export type ProfileSection = ProfileTab | 'activity';
export const PROFILE_SECTIONS: readonly ProfileSection[] = [...PROFILE_TABS, 'activity'];
export const PROFILE_SECTION_LABELS: Record<ProfileSection, string> = {
  ...PROFILE_TAB_LABELS,
  activity: 'Activity',
};

export function profileSectionOf(value: string | undefined): ProfileSection {
  return value === 'activity' || isProfileTab(value) ? value : 'assigned';
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
