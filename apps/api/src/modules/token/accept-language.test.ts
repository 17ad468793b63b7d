import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './accept-language';

describe('languageFromAcceptLanguage', () => {
  it('takes the first supported language of the header', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('pl')).toBe('pl');
    expect(languageFromAcceptLanguage('fr-CA')).toBe('fr');
    expect(languageFromAcceptLanguage('nl-NL,nl;q=0.9,it;q=0.5')).toBe('it');
  });

  it('follows the q-weights, not only the order', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, es;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('es;q=0.8, it;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('de;q=0, fr')).toBe('fr');
  });

  it('answers English without a header, for other languages and for nonsense', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('nl-NL,sv;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
    expect(languageFromAcceptLanguage(';;;,de;q=abc')).toBe('en');
  });
});
