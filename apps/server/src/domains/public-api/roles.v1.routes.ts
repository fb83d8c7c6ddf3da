import {
  paginated,
  type V1Role,
  v1RoleDistributionSchema,
  v1RoleListQuerySchema,
  v1RoleSchema,
} from '@kite/shared/contracts';
import { ROLE, ROLE_NAMES, ROLES, type Role } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { pageOf, roleSlugOf, V1, v1SlugParams, v1Workspace } from './v1.ts';

const TAGS = ['public api: roles'];
type Namespace = V1Role['namespace'];

/**
 * Kite's roles are fixed (api.md §0.5), the same in every workspace, so each has one id for good:
 * `6b697465` ("kite") and the namespace and level in the last groups.
 */
const roleId = (namespace: Namespace, level: Role) =>
  `6b697465-726f-4c65-8${namespace === 'workspace' ? '000' : '001'}-0000000000${String(level).padStart(2, '0')}`;

/** Workspace roles first, then the project's, each from the highest level down. */
const ROLE_DEFINITIONS: V1Role[] = (['workspace', 'project'] as const).flatMap((namespace) =>
  [...ROLES].reverse().map((level) => ({
    id: roleId(namespace, level),
    name: ROLE_NAMES[level],
    slug: roleSlugOf(level)!,
    namespace,
    level,
    is_system: true,
  })),
);

/** Plane's role definitions (`roles/`) and the project-role distribution, read from Kite's fixed roles. */
export function rolesV1Routes(app: App, { projectMembers }: Services) {
  app.get(
    `${V1}/roles/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        querystring: v1RoleListQuerySchema,
        response: { 200: paginated(v1RoleSchema) },
      },
    },
    (request) => {
      const { namespace } = request.query;
      const roles = ROLE_DEFINITIONS.filter((role) => !namespace || role.namespace === namespace);
      return pageOf(roles, request.query);
    },
  );

  app.get(
    `${V1}/roles/:role_id/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams.extend({ role_id: z.uuid() }),
        response: { 200: v1RoleSchema },
      },
    },
    (request) => {
      const role = ROLE_DEFINITIONS.find((candidate) => candidate.id === request.params.role_id);
      if (!role) throw new AppError('not_found', 'Role not found');
      return role;
    },
  );

  // How the project memberships of the caller's projects spread over the project roles.
  app.get(
    `${V1}/project-role-distribution/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: { tags: TAGS, params: v1SlugParams, response: { 200: v1RoleDistributionSchema } },
    },
    async (request) => {
      const byProject = await projectMembers.membersOfMyProjects(accessOf(request), userOf(request));
      const memberships = Object.values(byProject).flat();
      const roles = ROLE_DEFINITIONS.filter((role) => role.namespace === 'project').map((role) => {
        const holding = memberships.filter((membership) => membership.role === role.level);
        return {
          role_id: role.id,
          name: role.name,
          slug: role.slug,
          is_system: true,
          level: role.level,
          membership_count: holding.length,
          distinct_member_count: new Set(holding.map((membership) => membership.member)).size,
        };
      });
      return {
        total_memberships: memberships.length,
        total_distinct_members: new Set(memberships.map((membership) => membership.member)).size,
        roles,
      };
    },
  );
}
