/**
 * Spec §2: the built-in global views, all work items first (the default). Apart from
 * globalViews.ts because the route checks ids before the screen's chunk loads.
 */
export const GLOBAL_VIEWS = ['all-issues', 'assigned', 'created', 'subscribed'] as const;
export type GlobalView = (typeof GLOBAL_VIEWS)[number];

export function isGlobalView(value: string | undefined): value is GlobalView {
  return (GLOBAL_VIEWS as readonly string[]).includes(value ?? '');
}
