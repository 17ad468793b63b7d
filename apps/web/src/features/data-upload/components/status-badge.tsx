import type { UploadStatus } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const tone: Record<UploadStatus, string> = {
  queued: 'text-info border-info',
  processing: 'text-info border-info',
  validating: 'text-info border-info',
  validated: 'text-warning border-warning',
  completed: 'text-success border-success',
  failed: 'text-danger border-danger',
  cancelled: 'text-fg-secondary border-border',
};

export function StatusBadge({ status }: { status: UploadStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border bg-surface px-2.5 py-0.5 text-xs font-semibold',
        tone[status],
      )}
    >
      {t(`dataUpload.status.${status}`)}
    </span>
  );
}
