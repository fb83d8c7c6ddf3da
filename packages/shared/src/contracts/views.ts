import { z } from 'zod';
import { auditFields, smallJsonObject, trimmed } from './common.ts';
import { displayFiltersSchema, displayPropertiesSchema, favoriteSchema, filtersSchema } from './projects.ts';

/**
 * Saved views (api.md §8): a project's views and the workspace's custom global views, and the
 * workspace-wide favorites list. `filters`, `display_filters` and `display_properties` are the
 * user-properties objects of §4.7, validated by the same schemas.
 */

/** A view's `access`: public to every member who sees its project (or workspace), or the owner's alone. */
export const VIEW_ACCESS = { PUBLIC: 0, PRIVATE: 1 } as const;
export type ViewAccess = (typeof VIEW_ACCESS)[keyof typeof VIEW_ACCESS];
/** The name a view gets when it is saved without one (spec §5). */
export const UNTITLED_VIEW = 'Untitled';

const jsonObject = z.record(z.string(), z.unknown());

export const viewSchema = z.object({
  id: z.string(),
  workspace: z.string(),
  /** Null for a workspace (global) view. */
  project: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  filters: filtersSchema,
  display_filters: displayFiltersSchema,
  display_properties: displayPropertiesSchema,
  access: z.number(),
  is_locked: z.boolean(),
  is_favorite: z.boolean(),
  owned_by: z.string(),
  sort_order: z.number(),
  logo_props: jsonObject,
  ...auditFields,
});
export type View = z.infer<typeof viewSchema>;

/**
 * The three objects are taken like the user-properties PATCH: keys inside each object merge into
 * the stored one (on creation, into the defaults) and the merged result must validate
 * (`filters.priority`, `display_filters.layout`… name the failing key in `fields`).
 */
const viewFields = {
  /** Blank becomes `Untitled`. */
  name: trimmed().max(255, 'Name cannot exceed 255 characters'),
  description: trimmed().max(10_000, 'Description cannot exceed 10000 characters'),
  filters: jsonObject,
  display_filters: jsonObject,
  display_properties: jsonObject,
  access: z.union([z.literal(VIEW_ACCESS.PUBLIC), z.literal(VIEW_ACCESS.PRIVATE)], {
    error: 'Access must be 0 (public) or 1 (private)',
  }),
  logo_props: smallJsonObject,
};
export const createViewBodySchema = z.object(viewFields).partial();
/** PATCH and PUT (creation requires no field, so PUT takes the same body). */
export const updateViewBodySchema = z
  .object({ ...viewFields, is_locked: z.boolean(), sort_order: z.number().finite() })
  .partial();
export type CreateViewBody = z.infer<typeof createViewBodySchema>;
export type UpdateViewBody = z.infer<typeof updateViewBodySchema>;

export const VIEW_ORDERINGS = [
  '-updated_at',
  'updated_at',
  'name',
  '-name',
  'created_at',
  '-created_at',
] as const;
export type ViewOrdering = (typeof VIEW_ORDERINGS)[number];
export const viewListQuerySchema = z.object({
  /** Case-insensitive part of the name. */
  search: z.string().max(255).optional(),
  order_by: z.enum(VIEW_ORDERINGS).optional(),
});
export type ViewListQuery = z.infer<typeof viewListQuerySchema>;

export const favoriteViewBodySchema = z.object({ view: z.uuid() });

/** `POST {ws}/user-favorites/`: any kind of object; cycles and modules name their project. */
export const createFavoriteBodySchema = z.object({
  entity_type: favoriteSchema.shape.entity_type,
  entity_identifier: z.uuid(),
  project_id: z.uuid().nullable().optional(),
});
export type CreateFavoriteBody = z.infer<typeof createFavoriteBodySchema>;
