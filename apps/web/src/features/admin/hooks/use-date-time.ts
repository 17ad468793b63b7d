import { useMemo } from 'react';
import { useFormatters } from '../../../lib/format/format';

/** An ISO instant as date and time in the UI language, in the browser's time zone. */
export function useDateTime(): (iso: string | null) => string | null {
  const { locale } = useFormatters();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso) => (iso ? format.format(new Date(iso)) : null);
  }, [locale]);
}
