/** Choices for a workspace's organization size. */
export const ORGANIZATION_SIZES = ['Just myself', '2-10', '11-50', '51-200', '201-500', '500+'] as const;
