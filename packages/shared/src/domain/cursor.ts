/** Page cursors as the contract writes them: "<per_page>:<page>:<is_prev>". */
export interface Cursor {
  perPage: number;
  page: number;
  isPrev: boolean;
}

export const PER_PAGE_MAX = 1000;

const CURSOR_PATTERN = /^(\d+):(-?\d+):([01])$/;

/** Parses a cursor; returns null when it is malformed or points before the first page. */
export function parseCursor(raw: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(raw);
  if (!match) return null;
  const page = Number(match[2]);
  if (page < 0) return null;
  return { perPage: Number(match[1]), page, isPrev: match[3] === '1' };
}

export function formatCursor(perPage: number, page: number, isPrev: boolean): string {
  return `${perPage}:${page}:${isPrev ? 1 : 0}`;
}
