/** The roles of contract §5. The HTTP decorator (`apps/api/src/auth/roles.ts`) re-exports these. */
export const ROLES = ['terminal', 'pit', 'finance', 'compliance', 'inspector', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
