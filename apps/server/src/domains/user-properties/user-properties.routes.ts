import {
  issueDisplayPropertiesBodySchema,
  issueDisplayPropertiesSchema,
  updateUserPropertiesBodySchema,
  userPropertiesSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['user-properties'];
/** Personal view settings: any project member, and still writable while the project is archived. */
const personal = projectConfig(ROLE.GUEST, { archivedWritable: true });
const workspaceMember = { auth: 'required' as const, workspaceRole: ROLE.GUEST };

export function userPropertiesRoutes(app: App, { userProperties, cycles, modules }: Services) {
  const project = '/api/workspaces/:slug/projects/:project_id';

  app.get(
    `${project}/user-properties/`,
    {
      config: personal,
      schema: { tags: TAGS, params: projectParams, response: { 200: userPropertiesSchema } },
    },
    (request) => userProperties.getForProject(projectOf(request), userOf(request)),
  );

  app.patch(
    `${project}/user-properties/`,
    {
      config: personal,
      schema: {
        tags: TAGS,
        params: projectParams,
        body: updateUserPropertiesBodySchema,
        response: { 200: userPropertiesSchema },
      },
    },
    (request) => userProperties.updateForProject(projectOf(request), userOf(request), request.body),
  );

  // A cycle's and a module's own settings: 404 unless it is a live cycle or module of the project.
  for (const [segment, param, owner] of [
    ['cycles', 'cycle_id', cycles],
    ['modules', 'module_id', modules],
  ] as const) {
    const path = `${project}/${segment}/:${param}/user-properties/`;
    const params = projectParams.extend({ [param]: z.uuid() });
    const idOf = (request: { params: unknown }) => (request.params as Record<string, string>)[param]!;
    app.get(
      path,
      { config: personal, schema: { tags: TAGS, params, response: { 200: userPropertiesSchema } } },
      (request) => owner.userProperties(projectOf(request), userOf(request), idOf(request)),
    );
    app.patch(
      path,
      {
        config: personal,
        schema: {
          tags: TAGS,
          params,
          body: updateUserPropertiesBodySchema,
          response: { 200: userPropertiesSchema },
        },
      },
      (request) =>
        owner.updateUserProperties(projectOf(request), userOf(request), idOf(request), request.body),
    );
  }

  app.get(
    '/api/workspaces/:slug/user-properties/',
    {
      config: workspaceMember,
      schema: { tags: TAGS, params: slugParams, response: { 200: userPropertiesSchema } },
    },
    (request) => userProperties.getForWorkspace(accessOf(request), userOf(request)),
  );

  app.patch(
    '/api/workspaces/:slug/user-properties/',
    {
      config: workspaceMember,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: updateUserPropertiesBodySchema,
        response: { 200: userPropertiesSchema },
      },
    },
    (request) => userProperties.updateForWorkspace(accessOf(request), userOf(request), request.body),
  );

  app.get(
    `${project}/issue-display-properties/`,
    {
      config: personal,
      schema: { tags: TAGS, params: projectParams, response: { 200: issueDisplayPropertiesSchema } },
    },
    (request) => userProperties.getDisplayProperties(projectOf(request), userOf(request)),
  );

  app.post(
    `${project}/issue-display-properties/`,
    {
      config: personal,
      schema: {
        tags: TAGS,
        params: projectParams,
        body: issueDisplayPropertiesBodySchema,
        response: { 200: issueDisplayPropertiesSchema },
      },
    },
    (request) =>
      userProperties.setDisplayProperties(projectOf(request), userOf(request), request.body.properties),
  );
}
