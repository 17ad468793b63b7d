import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** What a view of the transactions says when its rows could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-6">
      <p className="text-sm text-danger">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('transactions.table.retry')}
      </Button>
    </div>
  );
}
