import {
  issueDisplayPropertiesBodySchema,
  issueDisplayPropertiesSchema,
  updateUserPropertiesBodySchema,
  userPropertiesSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['user-properties'];
/** Personal view settings: any project member, and still writable while the project is archived. */
const personal = projectConfig(ROLE.GUEST, { archivedWritable: true });
const workspaceMember = { auth: 'required' as const, workspaceRole: ROLE.GUEST };

export function userPropertiesRoutes(app: App, { userProperties }: Services) {
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
