/** What a discount or scholarship code can apply to, and how the admin names it (plain data: the codes screen imports it without any schema). */
export const CODE_SCOPES = ['all-courses', 'courses', 'registration-fees', 'plans'] as const;
export type CodeScope = (typeof CODE_SCOPES)[number];
export const SCOPE_LABELS: Record<CodeScope, string> = {
  'all-courses': 'All courses',
  courses: 'Chosen courses',
  'registration-fees': 'Registration fees',
  plans: 'Instalment plans',
};
