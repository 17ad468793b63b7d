import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

/**
 * The user's secret iCalendar link with a copy button, how to add it to the common calendar apps, and "Create a new
 * link" (after a confirmation, since every app using the old link stops updating).
 */
export function SubscribePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed(true);
  const rotate = useRotateCalendarFeed();
  const [isConfirming, setIsConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const inputId = useId();
  const titleId = useId();

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setNotice(t('calendar.subscribe.copied'));
    } catch {
      setNotice(t('calendar.subscribe.copyFailed'));
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-fg">
          {t('calendar.subscribe.title')}
        </h2>
        <Button variant="secondary" className="px-3 py-1.5" onClick={onClose}>
          {t('calendar.subscribe.close')}
        </Button>
      </div>
      <p className="max-w-prose text-sm text-fg-secondary">{t('calendar.subscribe.text')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {t('calendar.subscribe.urlLabel')}
        </label>
        {feed.isPending ? (
          <div aria-busy="true">
            <span className="sr-only">{t('calendar.subscribe.loading')}</span>
            <Skeleton className="h-10 w-full" />
          </div>
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('calendar.subscribe.error')}
          </p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              type="text"
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-border bg-light px-3 py-2 font-mono text-xs text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
            />
            <Button onClick={() => void copy()}>{t('calendar.subscribe.copy')}</Button>
          </div>
        )}
        <p role="status" className="min-h-5 text-sm text-fg-secondary">
          {notice}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-fg">{t('calendar.subscribe.howTo')}</h3>
        <ul className="mt-1 list-disc pl-5 text-sm text-fg-secondary">
          <li>{t('calendar.subscribe.google')}</li>
          <li>{t('calendar.subscribe.outlook')}</li>
          <li>{t('calendar.subscribe.apple')}</li>
        </ul>
      </div>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        {isConfirming ? (
          <>
            <p className="text-sm font-medium text-fg">{t('calendar.subscribe.rotateConfirm')}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={rotate.isPending}
                onClick={() =>
                  rotate.mutate(undefined, {
                    onSuccess: () => {
                      setIsConfirming(false);
                      setNotice(t('calendar.subscribe.rotated'));
                    },
                  })
                }
              >
                {t('calendar.subscribe.rotateYes')}
              </Button>
              <Button variant="secondary" onClick={() => setIsConfirming(false)}>
                {t('calendar.subscribe.rotateNo')}
              </Button>
            </div>
          </>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setIsConfirming(true)} disabled={!feed.data}>
              {t('calendar.subscribe.rotate')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
