import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationType,
} from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { focusRing } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSetting } from '../api/update-notification-setting';
import { SaveStatus, SettingsSection } from '../components/settings-section';

type CellKey = `${NotificationType}:${NotificationChannel}`;
type CellState = { status: 'saving' | 'saved' | 'failed'; enabled: boolean; message?: string };

const keyOf = (type: NotificationType, channel: NotificationChannel): CellKey => `${type}:${channel}`;

/**
 * Which notifications arrive, per type × channel: each switch is saved on its own the moment it is pressed
 * (UpdateNotificationSettings/{type}/{channel}), shows the new position at once, and says beside it whether it was
 * saved; a failed save puts the switch back and says why.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();

  return (
    <SettingsSection
      id="settings-notifications"
      title={t('settings.sections.notifications.title')}
      description={t('settings.notifications.description')}
    >
      {settings.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('settings.notifications.loading')}
          </span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : settings.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-danger">
            {t('settings.notifications.loadFailed', { message: settings.error.message })}
          </p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('settings.retry')}
          </Button>
        </div>
      ) : (
        <NotificationMatrix settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function NotificationMatrix({ settings }: { settings: NotificationSetting[] }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSetting();
  const [cells, setCells] = useState<Partial<Record<CellKey, CellState>>>({});

  const find = (type: NotificationType, channel: NotificationChannel) =>
    settings.find((setting) => setting.type === type && setting.channel === channel);

  const toggle = (type: NotificationType, channel: NotificationChannel, enabled: boolean) => {
    const key = keyOf(type, channel);
    setCells((current) => ({ ...current, [key]: { status: 'saving', enabled } }));
    update.mutate(
      { type, channel, enabled },
      {
        onSuccess: () => setCells((current) => ({ ...current, [key]: { status: 'saved', enabled } })),
        onError: (error) =>
          setCells((current) => ({
            ...current,
            [key]: { status: 'failed', enabled: !enabled, message: error.message },
          })),
      },
    );
  };

  const daysBefore = find('deadline-reminders', 'email')?.daysBefore;

  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{t('settings.notifications.caption')}</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-2 pr-4 font-semibold text-fg">
            {t('settings.notifications.typeColumn')}
          </th>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <th key={channel} scope="col" className="px-2 py-2 font-semibold text-fg">
              {t(`settings.notifications.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_TYPES.map((type) => (
          <tr key={type} className="border-b border-border last:border-b-0">
            <th scope="row" className="py-3 pr-4 align-top font-normal">
              <span className="block font-semibold text-fg">{t(`settings.notifications.types.${type}.title`)}</span>
              <span className="block max-w-md text-fg-secondary">
                {type === 'deadline-reminders'
                  ? t('settings.notifications.types.deadline-reminders.description', { count: daysBefore ?? 7 })
                  : t(`settings.notifications.types.${type}.description`)}
              </span>
            </th>
            {NOTIFICATION_CHANNELS.map((channel) => {
              const setting = find(type, channel);
              const cell = cells[keyOf(type, channel)];
              const isOn = cell ? cell.enabled : (setting?.enabled ?? false);
              return (
                <td key={channel} className="px-2 py-3 align-top">
                  <NotificationSwitch
                    label={t('settings.notifications.switchLabel', {
                      type: t(`settings.notifications.types.${type}.title`),
                      channel: t(`settings.notifications.channels.${channel}`),
                    })}
                    isOn={isOn}
                    isSaving={cell?.status === 'saving'}
                    onChange={(enabled) => toggle(type, channel, enabled)}
                  />
                  <div className="mt-1 min-h-5">
                    {cell?.status === 'saving' ? (
                      <SaveStatus tone="neutral">{t('settings.notifications.saving')}</SaveStatus>
                    ) : cell?.status === 'saved' ? (
                      <SaveStatus tone="success">{t('settings.notifications.saved')}</SaveStatus>
                    ) : cell?.status === 'failed' ? (
                      <SaveStatus tone="danger">
                        {t('settings.notifications.saveFailed', { message: cell.message ?? '' })}
                      </SaveStatus>
                    ) : null}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A button with role="switch": Space or Enter flips it; aria-checked says its position. */
function NotificationSwitch({
  label,
  isOn,
  isSaving,
  onChange,
}: {
  label: string;
  isOn: boolean;
  isSaving: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={label}
      aria-busy={isSaving}
      // Not disabled while saving, which would drop the keyboard focus; a press meanwhile waits for the answer.
      onClick={() => {
        if (!isSaving) onChange(!isOn);
      }}
      className={cn(
        'inline-flex items-center gap-2 rounded-full text-sm font-medium text-fg aria-busy:cursor-wait',
        focusRing,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition',
          isOn ? 'border-primary-strong bg-primary-strong' : 'border-gray-500 bg-gray-200',
        )}
      >
        <span
          className={cn(
            'inline-block size-4 rounded-full shadow transition motion-reduce:transition-none',
            isOn ? 'translate-x-5 bg-surface' : 'translate-x-0.5 bg-gray-600',
          )}
        />
      </span>
      <span aria-hidden="true">{isOn ? t('settings.notifications.on') : t('settings.notifications.off')}</span>
    </button>
  );
}
