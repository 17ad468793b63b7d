/** The query of an admin table as it goes into the URL: search text, filters and the page. */
export type AdminTableQuery = Record<string, string | number | undefined>;

/** Every admin query starts with 'admin', so a change of a user can refresh all admin lists at once. */
export const adminQueryKey = (list: string, query: AdminTableQuery = {}) => ['admin', list, query] as const;
