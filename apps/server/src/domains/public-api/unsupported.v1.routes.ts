import { ROLE } from '@kite/shared/domain';
import { AppError, RESOURCE_NOT_SUPPORTED } from '@kite/shared/errors';
import { z } from 'zod';
import type { App } from '../../platform/http/types.ts';
import {
  V1,
  V1_PROJECT,
  v1IssueParams,
  v1Project,
  v1ProjectParams,
  v1SignedIn,
  v1SlugParams,
  v1Workspace,
} from './v1.ts';

type Scope = 'user' | 'workspace' | 'project' | 'item';

/**
 * Plane resources Kite does not have, by the path family Plane's SDK calls (docs/plane-sdk.md):
 * the family and what the message names.
 */
export const UNSUPPORTED_FAMILIES: readonly { scope: Scope; path: string; resource: string }[] = [
  { scope: 'user', path: 'users/assets', resource: 'User assets' },
  { scope: 'workspace', path: 'customers', resource: 'Customers' },
  { scope: 'workspace', path: 'customer-properties', resource: 'Customer properties' },
  { scope: 'workspace', path: 'initiatives', resource: 'Initiatives' },
  { scope: 'workspace', path: 'teamspaces', resource: 'Teamspaces' },
  { scope: 'workspace', path: 'releases', resource: 'Releases' },
  { scope: 'workspace', path: 'stickies', resource: 'Stickies' },
  { scope: 'workspace', path: 'collections', resource: 'Page collections' },
  { scope: 'workspace', path: 'runs', resource: 'Agent runs' },
  { scope: 'workspace', path: 'work-item-types', resource: 'Work-item types' },
  { scope: 'workspace', path: 'work-item-properties', resource: 'Work-item properties' },
  { scope: 'workspace', path: 'work-item-relation-definitions', resource: 'Work-item relation definitions' },
  { scope: 'workspace', path: 'project-labels', resource: 'Workspace project labels' },
  { scope: 'workspace', path: 'project-states', resource: 'Workspace project states' },
  { scope: 'workspace', path: 'features', resource: 'Workspace features' },
  { scope: 'workspace', path: 'pages', resource: 'Workspace pages' },
  { scope: 'workspace', path: 'pages/templates', resource: 'Page templates' },
  { scope: 'workspace', path: 'workitems/templates', resource: 'Work-item templates' },
  { scope: 'workspace', path: 'projects/templates', resource: 'Project templates' },
  { scope: 'project', path: 'work-item-types', resource: 'Work-item types' },
  { scope: 'project', path: 'import-work-item-types', resource: 'Work-item types' },
  { scope: 'project', path: 'work-item-properties', resource: 'Work-item properties' },
  { scope: 'project', path: 'epics', resource: 'Epics' },
  { scope: 'project', path: 'milestones', resource: 'Milestones' },
  { scope: 'project', path: 'workflows', resource: 'Workflows' },
  { scope: 'project', path: 'workitems/templates', resource: 'Work-item templates' },
  { scope: 'project', path: 'pages/templates', resource: 'Page templates' },
  { scope: 'project', path: 'total-worklogs', resource: 'Work logs' },
  { scope: 'item', path: 'worklogs', resource: 'Work logs' },
  { scope: 'item', path: 'dependencies', resource: 'Work-item dependencies' },
  { scope: 'item', path: 'work-item-relations', resource: 'Custom work-item relations' },
  { scope: 'item', path: 'pages', resource: 'Work-item pages' },
  { scope: 'item', path: 'work-item-properties', resource: 'Work-item property values' },
];

const WHERE: Record<Scope, { base: string; params: z.ZodObject; config: () => object }> = {
  user: { base: '/api/v1', params: z.object({}), config: () => v1SignedIn },
  workspace: { base: V1, params: v1SlugParams, config: () => v1Workspace(ROLE.GUEST) },
  project: { base: V1_PROJECT, params: v1ProjectParams, config: () => v1Project(ROLE.GUEST) },
  item: {
    base: `${V1_PROJECT}/work-items/:issue_id`,
    params: v1IssueParams,
    config: () => v1Project(ROLE.GUEST),
  },
};

/**
 * One catch-all per family of Plane resources Kite does not have: after the caller's key and
 * membership pass (401 / 404 as on every route of that scope), every method and sub-path answers
 * 404 `RESOURCE_NOT_SUPPORTED` naming the resource, so a script learns at once what is missing.
 */
export function unsupportedV1Routes(app: App) {
  for (const { scope, path, resource } of UNSUPPORTED_FAMILIES) {
    const where = WHERE[scope];
    const refuse = () => {
      throw new AppError('not_found', `${resource} are not supported by Kite's API`, RESOURCE_NOT_SUPPORTED, {
        resource,
      });
    };
    const schema = {
      tags: ['public api: not supported'],
      summary: `${resource}: not part of Kite (404 ${RESOURCE_NOT_SUPPORTED})`,
    };
    // The family itself and everything under it (a wildcard does not match the empty rest).
    for (const [url, params] of [
      [`${where.base}/${path}/`, where.params],
      [`${where.base}/${path}/*`, where.params.extend({ '*': z.string() })],
    ] as const) {
      // Reads and deletes take no body here; writes take any (it is never read).
      app.route({
        method: ['GET', 'DELETE'],
        url,
        config: where.config(),
        schema: { ...schema, params },
        handler: refuse,
      });
      app.route({
        method: ['POST', 'PATCH'],
        url,
        config: where.config(),
        schema: { ...schema, params, body: z.unknown() },
        handler: refuse,
      });
    }
  }
}
