import type { Filing } from '@vatlas/contract';

export const UPCOMING_SHOWN = 3;

/** The dashboard's filings: every overdue and due-soon one (most urgent first), and the next few upcoming. */
export function groupFilings(items: readonly Filing[]): {
  overdue: Filing[];
  dueSoon: Filing[];
  upcoming: Filing[];
  upcomingCount: number;
} {
  const byDueDate = [...items].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.jurisdiction.localeCompare(b.jurisdiction),
  );
  const upcoming = byDueDate.filter((filing) => filing.status === 'upcoming');
  return {
    overdue: byDueDate.filter((filing) => filing.status === 'overdue'),
    dueSoon: byDueDate.filter((filing) => filing.status === 'due-soon'),
    upcoming: upcoming.slice(0, UPCOMING_SHOWN),
    upcomingCount: upcoming.length,
  };
}
