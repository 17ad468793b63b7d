import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTheme } from '../../theme/use-theme';

export type LegalPageKind = 'support' | 'terms' | 'privacy';

const PARAGRAPH_COUNT: Record<LegalPageKind, number> = { support: 3, terms: 4, privacy: 5 };

/**
 * /support, /terms and /privacy: the default theme's links (white-label tenants link to their own). Short, honest
 * texts about Vatlas as open-source software that an operator runs; readable without signing in.
 */
export function LegalPage({ kind }: { kind: LegalPageKind }) {
  const { t } = useTranslation();
  const { companyName } = useTheme().theme.branding;
  const paragraphs = Array.from({ length: PARAGRAPH_COUNT[kind] }, (_, index) => t(`legal.${kind}.p${index + 1}`));
  return (
    <main className="min-h-screen bg-body px-4 py-10">
      <article
        aria-labelledby="page-title"
        className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl border border-border bg-surface p-8"
      >
        <p className="text-sm font-semibold text-fg-secondary">{companyName}</p>
        <h1 id="page-title" className="text-2xl font-semibold text-fg">
          {t(`legal.${kind}.title`)}
        </h1>
        {paragraphs.map((text) => (
          <p key={text} className="text-fg-secondary">
            {text}
          </p>
        ))}
        <p className="text-sm text-fg-muted">{t('legal.updated')}</p>
        <Link to="/" className="self-start font-semibold text-primary-strong underline">
          {t('legal.back')}
        </Link>
      </article>
    </main>
  );
}
