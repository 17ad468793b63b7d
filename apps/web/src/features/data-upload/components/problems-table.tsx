import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../lib/format/format';
import { PROBLEM_PAGE_SIZE, useUploadProblems } from '../api/get-upload-problems';
import { problemReason } from '../upload-messages';

/** An upload's problems, a page at a time: line, column, reason. */
export function ProblemsTable({ uploadId, problemCount }: { uploadId: string; problemCount: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [offset, setOffset] = useState(0);
  const problems = useUploadProblems(uploadId, offset, problemCount > 0);
  if (problemCount === 0) return null;
  const page = problems.data;
  return (
    <div className="flex flex-col gap-3" aria-busy={problems.isPending}>
      <ScrollTable
        caption={t('dataUpload.problems.caption')}
        scrollClassName="rounded-lg border border-border"
        className="w-full min-w-[32rem] text-left text-sm"
      >
        <thead className="bg-light text-fg-secondary">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('dataUpload.problems.line')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('dataUpload.problems.column')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('dataUpload.problems.reason')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page
            ? page.items.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one line may have several problems; the page order is stable.
                <tr key={`${problem.lineNumber}-${index}`} className="border-t border-border">
                  <td className="px-3 py-2 tabular-nums text-fg">
                    {problem.lineNumber === 0 ? t('dataUpload.problems.wholeFile') : format.number(problem.lineNumber)}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-fg">{problem.column ?? '—'}</td>
                  <td className="px-3 py-2 text-fg">{problemReason(t, problem)}</td>
                </tr>
              ))
            : Array.from({ length: Math.min(problemCount, 3) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <tr key={index} className="border-t border-border">
                  <td colSpan={3} className="px-3 py-2">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))}
        </tbody>
      </ScrollTable>
      {page && page.stored > PROBLEM_PAGE_SIZE ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-fg-secondary">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PROBLEM_PAGE_SIZE))}
          >
            {t('dataUpload.problems.previous')}
          </Button>
          <span>
            {t('dataUpload.problems.range', {
              from: format.number(offset + 1),
              to: format.number(Math.min(offset + PROBLEM_PAGE_SIZE, page.stored)),
              total: format.number(page.stored),
            })}
          </span>
          <Button
            variant="secondary"
            disabled={offset + PROBLEM_PAGE_SIZE >= page.stored}
            onClick={() => setOffset(offset + PROBLEM_PAGE_SIZE)}
          >
            {t('dataUpload.problems.next')}
          </Button>
        </div>
      ) : null}
      {page && page.total > page.stored ? (
        <p className="text-sm text-fg-secondary">
          {t('dataUpload.problems.truncated', { stored: format.number(page.stored), total: format.number(page.total) })}
        </p>
      ) : null}
    </div>
  );
}
