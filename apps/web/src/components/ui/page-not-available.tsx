import { useTranslation } from 'react-i18next';

/** The honest placeholder of every page this issue does not build: its title, and no fake data. */
export function PageNotAvailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl p-6">
      <h1 id="page-title" className="text-2xl font-semibold text-fg">
        {t(titleKey)}
      </h1>
      <p className="mt-2 text-fg-secondary">{t('pages.notAvailable')}</p>
    </section>
  );
}
