import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Country names in the UI language; the code itself when the browser does not know it. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
    return (code: string) => names.of(code) ?? code;
  }, [i18n.language]);
}
