import {
  NOTIFICATIONS_PER_PAGE,
  type NotificationFilters,
  type NotificationListQuery,
  type UnreadCounts,
  type UpdateNotificationBody,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  deleteNotification,
  findNotification,
  listNotifications,
  markAllRead,
  type NotificationPatch,
  unreadCounts,
  updateNotification,
} from './notifications.repo.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

const notificationNotFound = () => new AppError('not_found', 'Notification not found');

const toDates = (body: UpdateNotificationBody): NotificationPatch =>
  Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, value === null ? null : new Date(value as string)]),
  );

/** The caller's own notifications in a workspace (api.md §12); anyone else's are 404. */
export function createNotificationsService(db: Db) {
  const ids = (access: WorkspaceAccess) => [access.workspace.id, access.membership.member_id] as const;

  async function one(access: WorkspaceAccess, id: string) {
    const row = await findNotification(db, ...ids(access), id);
    if (!row) throw notificationNotFound();
    return presentNotification(row);
  }

  async function change(access: WorkspaceAccess, id: string, patch: NotificationPatch) {
    // Only a notification the caller can still see may change (404 otherwise, like reading it).
    await one(access, id);
    if (!(await updateNotification(db, ...ids(access), id, patch))) throw notificationNotFound();
    return one(access, id);
  }

  return {
    async list(access: WorkspaceAccess, query: NotificationListQuery) {
      const page = parsePage(query, NOTIFICATIONS_PER_PAGE);
      const { rows, total } = await listNotifications(
        db,
        ...ids(access),
        query,
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(page, rows.map(presentNotification), total);
    },

    async unread(access: WorkspaceAccess): Promise<UnreadCounts> {
      const counts = await unreadCounts(db, ...ids(access));
      return {
        total_unread_notifications_count: counts.total,
        mention_unread_notifications_count: counts.mentions,
      };
    },

    get: one,

    update: (access: WorkspaceAccess, id: string, body: UpdateNotificationBody) =>
      change(access, id, toDates(body)),

    markRead: (access: WorkspaceAccess, id: string, read: boolean) =>
      change(access, id, { read_at: read ? new Date() : null }),

    archive: (access: WorkspaceAccess, id: string, archived: boolean) =>
      change(access, id, { archived_at: archived ? new Date() : null }),

    async remove(access: WorkspaceAccess, id: string): Promise<void> {
      await one(access, id);
      if (!(await deleteNotification(db, ...ids(access), id))) throw notificationNotFound();
    },

    async markAllRead(access: WorkspaceAccess, filters: NotificationFilters) {
      return { updated: await markAllRead(db, ...ids(access), filters) };
    },
  };
}
