import { LANGUAGES, type Language } from '@vatlas/contract';

/**
 * The language a new user starts with: the first of the six interface languages in the Accept-Language header of
 * their first token exchange, by the header's q-weights (ties keep the header's order), matched on the primary
 * subtag ("de-AT" → de). Anything else — no header, only other languages, a malformed header — is English.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const qParameter = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.startsWith('q='));
      const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split('-')[0];
    const language = LANGUAGES.find((candidate) => candidate === primary);
    if (language) return language;
  }
  return 'en';
}
