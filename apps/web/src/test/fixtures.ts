import type {
  InstanceResponse,
  Invitation,
  Label,
  Profile,
  Project,
  Settings,
  State,
  User,
  Workspace,
  WorkspaceMember,
} from '@kite/shared/contracts';
import type { FakeApi } from './fakeApi.ts';

const T = '2026-01-01T00:00:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    username: 'ada',
    display_name: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    avatar_url: null,
    cover_image: null,
    cover_image_url: null,
    date_joined: T,
    is_active: true,
    is_bot: false,
    is_email_verified: false,
    is_password_autoset: false,
    user_timezone: 'UTC',
    last_login_medium: 'email',
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'p1',
    user: 'u1',
    role: null,
    last_workspace_id: null,
    theme: { theme: 'system' },
    onboarding_step: {
      profile_complete: false,
      workspace_create: false,
      workspace_invite: false,
      workspace_join: false,
    },
    is_onboarded: false,
    is_tour_completed: false,
    use_case: null,
    billing_address_country: null,
    billing_address: null,
    has_billing_address: false,
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}

export function makeWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 'w1',
    name: 'Acme',
    slug: 'acme',
    owner: 'u1',
    logo_url: null,
    organization_size: null,
    timezone: 'UTC',
    total_members: 1,
    role: 20,
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: 'u1',
    ...overrides,
  };
}

export function makeSettings(slug: string | null): Settings {
  return {
    id: 'u1',
    email: 'ada@example.com',
    workspace: {
      last_workspace_id: slug ? 'w1' : null,
      last_workspace_slug: slug,
      fallback_workspace_id: null,
      fallback_workspace_slug: null,
      invites: 0,
    },
  };
}

export function makeMember(id: string, role: number, name: string): WorkspaceMember {
  return {
    id,
    role,
    is_active: true,
    created_at: T,
    updated_at: T,
    member: {
      id: `user-${id}`,
      first_name: name,
      last_name: '',
      display_name: name.toLowerCase(),
      avatar: null,
      avatar_url: null,
      is_bot: false,
      email: `${name.toLowerCase()}@example.com`,
    },
  };
}

export function makeInvitation(id: string, email: string, overrides: Partial<Invitation> = {}): Invitation {
  return {
    id,
    email,
    role: 15,
    accepted: false,
    responded_at: null,
    message: null,
    expires_at: '2026-02-01T00:00:00.000Z',
    workspace: { id: 'w1', name: 'Acme', slug: 'acme', logo_url: null },
    created_by: 'u1',
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}

export const INSTANCE: InstanceResponse = {
  instance: {
    id: 'i1',
    instance_name: 'Kite',
    instance_id: 'x',
    current_version: '0.1.0',
    edition: 'community',
    is_activated: true,
    is_setup_done: true,
    is_telemetry_enabled: false,
    workspaces_exist: true,
    created_at: T,
    updated_at: T,
  },
  config: {
    enable_signup: true,
    is_workspace_creation_disabled: false,
    is_email_password_enabled: true,
    is_magic_login_enabled: true,
    is_smtp_configured: false,
    is_google_enabled: false,
    is_github_enabled: false,
    is_gitlab_enabled: false,
    is_gitea_enabled: false,
    is_oidc_enabled: false,
    oidc_button_label: null,
    file_size_limit: 5242880,
    app_base_url: null,
    space_base_url: null,
    admin_base_url: null,
    has_unsplash_configured: false,
    has_llm_configured: false,
  },
};

/** A signed-out visitor on a default instance. */
export function signedOut(api: FakeApi): FakeApi {
  return api
    .on('GET', '/api/users/session/', { is_authenticated: false, user: null })
    .on('GET', '/api/instances/', INSTANCE);
}

/** A signed-in, onboarded member of workspace "acme". */
export function signedIntoAcme(api: FakeApi, workspace = makeWorkspace()): FakeApi {
  return api
    .on('GET', '/api/users/session/', { is_authenticated: true, user: makeUser() })
    .on('GET', '/api/instances/', INSTANCE)
    .on('GET', '/api/users/me/profile/', makeProfile({ is_onboarded: true, last_workspace_id: workspace.id }))
    .on('GET', '/api/users/me/settings/', makeSettings(workspace.slug))
    .on('GET', '/api/users/me/workspaces/', [workspace])
    .on('GET', `/api/workspaces/${workspace.slug}/`, workspace);
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    workspace: 'w1',
    name: 'Mobile App',
    description: '',
    description_html: '',
    identifier: 'MOB',
    network: 2,
    project_lead: null,
    default_assignee: null,
    emoji: null,
    icon_prop: null,
    logo_props: {},
    cover_image: null,
    cover_image_url: null,
    cycle_view: true,
    module_view: true,
    issue_views_view: true,
    page_view: true,
    intake_view: false,
    inbox_view: false,
    guest_view_all_features: false,
    archive_in: 0,
    close_in: 0,
    default_state: null,
    estimate: null,
    timezone: 'UTC',
    sort_order: 65535,
    archived_at: null,
    anchor: null,
    is_member: true,
    is_favorite: false,
    member_role: 20,
    members: ['u1'],
    total_members: 1,
    external_source: null,
    external_id: null,
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: 'u1',
    ...overrides,
  };
}

export function makeState(
  id: string,
  name: string,
  group: string,
  sequence: number,
  isDefault = false,
): State {
  return {
    id,
    project_id: 'p1',
    workspace_id: 'w1',
    name,
    description: '',
    color: '#3f76ff',
    group,
    sequence,
    default: isDefault,
    external_source: null,
    external_id: null,
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: 'u1',
  };
}

export function makeLabel(id: string, name: string, sortOrder: number, parent: string | null = null): Label {
  return {
    id,
    project_id: 'p1',
    workspace_id: 'w1',
    name,
    description: '',
    color: '#16a34a',
    parent,
    sort_order: sortOrder,
    external_source: null,
    external_id: null,
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: 'u1',
  };
}
