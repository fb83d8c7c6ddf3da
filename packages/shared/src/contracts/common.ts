import { z } from 'zod';

/** Trimmed string; the contract trims every string input. */
export const trimmed = () => z.string().trim();
export const uuid = () => z.uuid({ error: 'Must be a valid UUID' });
export const timestamp = z.string();
export const nullableString = z.string().nullable();
/** A date input `YYYY-MM-DD`; a full timestamp is truncated to its UTC date. */
export const dateInput = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Must be a date (YYYY-MM-DD)')
  .transform((v) => (v.length > 10 ? new Date(v).toISOString().slice(0, 10) : v))
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid date');
/** A free JSON object (logo_props, view_props) of at most 4 KiB. */
export const smallJsonObject = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 4096, 'Must be at most 4 KiB of JSON');

export const errorBodySchema = z.object({
  error: z.string(),
  error_code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const auditFields = {
  created_at: timestamp,
  updated_at: timestamp,
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
};

export const userLiteSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_bot: z.boolean(),
  email: z.string().optional(),
});
export type UserLite = z.infer<typeof userLiteSchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    grouped_by: z.string().nullable(),
    sub_grouped_by: z.string().nullable(),
    total_count: z.number(),
    next_cursor: z.string(),
    prev_cursor: z.string(),
    next_page_results: z.boolean(),
    prev_page_results: z.boolean(),
    count: z.number(),
    total_pages: z.number(),
    total_results: z.number(),
    extra_stats: z.unknown().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  grouped_by: string | null;
  sub_grouped_by: string | null;
  total_count: number;
  next_cursor: string;
  prev_cursor: string;
  next_page_results: boolean;
  prev_page_results: boolean;
  count: number;
  total_pages: number;
  total_results: number;
  extra_stats: unknown;
  results: T[];
}

export const pageQuerySchema = z.object({
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
