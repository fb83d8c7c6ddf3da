import {
  activitySchema,
  instanceAdminSchema,
  notificationPreferencesSchema,
  onboardBodySchema,
  pageQuerySchema,
  paginated,
  profileSchema,
  settingsSchema,
  tourCompletedBodySchema,
  updateMeBodySchema,
  updateNotificationPreferencesBodySchema,
  updateProfileBodySchema,
  userSchema,
} from '@kite/shared/contracts';
import { userOf } from '../../platform/http/hooks.ts';
import { parsePage } from '../../platform/http/pagination.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { deactivateAccount } from './deactivate-account.ts';

const TAGS = ['users'];
const auth = { auth: 'required' as const };

export function usersRoutes(app: App, services: Services) {
  const { users } = services;

  app.get(
    '/api/users/me/',
    { config: auth, schema: { tags: TAGS, response: { 200: userSchema } } },
    (request) => users.present(userOf(request)),
  );

  app.patch(
    '/api/users/me/',
    { config: auth, schema: { tags: TAGS, body: updateMeBodySchema, response: { 200: userSchema } } },
    (request) => users.updateMe(userOf(request), request.body),
  );

  app.delete('/api/users/me/', { config: auth, schema: { tags: TAGS } }, async (request, reply) => {
    await deactivateAccount(services.db, services, userOf(request));
    await services.sessions.end(request, reply);
    return reply.code(204).send();
  });

  app.get(
    '/api/users/me/profile/',
    { config: auth, schema: { tags: TAGS, response: { 200: profileSchema } } },
    (request) => users.getProfile(userOf(request)),
  );

  app.patch(
    '/api/users/me/profile/',
    { config: auth, schema: { tags: TAGS, body: updateProfileBodySchema, response: { 200: profileSchema } } },
    (request) => users.updateProfile(userOf(request), request.body),
  );

  app.patch(
    '/api/users/me/onboard/',
    { config: auth, schema: { tags: TAGS, body: onboardBodySchema, response: { 200: profileSchema } } },
    (request) => users.onboard(userOf(request), request.body.is_onboarded),
  );

  app.patch(
    '/api/users/me/tour-completed/',
    { config: auth, schema: { tags: TAGS, body: tourCompletedBodySchema, response: { 200: profileSchema } } },
    (request) => users.setTourCompleted(userOf(request), request.body.is_tour_completed),
  );

  app.get(
    '/api/users/me/settings/',
    { config: auth, schema: { tags: TAGS, response: { 200: settingsSchema } } },
    (request) => users.settings(userOf(request)),
  );

  app.get(
    '/api/users/me/instance-admin/',
    { config: auth, schema: { tags: TAGS, response: { 200: instanceAdminSchema } } },
    (request) => ({ is_instance_admin: userOf(request).is_instance_admin }),
  );

  app.get(
    '/api/users/me/notification-preferences/',
    { config: auth, schema: { tags: TAGS, response: { 200: notificationPreferencesSchema } } },
    (request) => users.notificationPreferences(userOf(request)),
  );

  app.patch(
    '/api/users/me/notification-preferences/',
    {
      config: auth,
      schema: {
        tags: TAGS,
        body: updateNotificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    (request) => users.updateNotificationPreferences(userOf(request), request.body),
  );

  app.get(
    '/api/users/me/activities/',
    {
      config: auth,
      schema: { tags: TAGS, querystring: pageQuerySchema, response: { 200: paginated(activitySchema) } },
    },
    (request) => users.activities(userOf(request), parsePage(request.query, 50)),
  );
}
