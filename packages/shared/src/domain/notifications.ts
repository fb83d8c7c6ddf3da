/** The notification list's default page (spec: page size 30, initial cursor `30:0:0`). */
export const NOTIFICATIONS_PER_PAGE = 30;
