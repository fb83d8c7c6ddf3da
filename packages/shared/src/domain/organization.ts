/** Choices for a workspace's organization size (kept equal to contracts' ORGANIZATION_SIZES). */
export const ORGANIZATION_SIZE_OPTIONS = [
  'Just myself',
  '2-10',
  '11-50',
  '51-200',
  '201-500',
  '500+',
] as const;
