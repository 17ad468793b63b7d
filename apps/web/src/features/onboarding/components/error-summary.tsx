import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** One problem to list: fieldId links to the input so keyboard users jump straight to it. */
export type ErrorSummaryItem = { fieldId?: string; message: string };

/**
 * The list of problems above a form (GOV.UK pattern): focused when it appears so screen readers read it
 * at once, each entry a link to its field.
 */
export function ErrorSummary({ errors }: { errors: readonly ErrorSummaryItem[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((error) => `${error.fieldId}:${error.message}`).join('|');

  // Focus again only when the list of problems changes, not on every render.
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-md border-2 border-danger bg-surface p-4 focus-visible:outline-3 focus-visible:outline-primary"
    >
      <h2 id="error-summary-title" className="text-base font-semibold text-fg">
        {t('onboarding.layout.errorSummaryTitle')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-danger">
        {errors.map((error) => (
          <li key={`${error.fieldId ?? 'form'}-${error.message}`}>
            {error.fieldId ? (
              <a
                className="underline"
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  // The hash would change the route; focusing the field is what the link is for.
                  event.preventDefault();
                  document.getElementById(error.fieldId ?? '')?.focus();
                }}
              >
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
