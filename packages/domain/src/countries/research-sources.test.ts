import { describe, expect, it } from 'vitest';
import { RESEARCH_SOURCES, sourceAddress, sourceUrl } from './research-sources';

describe('the research sources', () => {
  it('opens a source whose whole address the research gives', () => {
    expect(sourceUrl('MAR-DE')).toBe('https://marosavat.com/it/manual/iva-europa/germania/returns');
    expect(sourceUrl('HMRC-NETP')).toBe('https://gov.uk/hmrc-internal-manuals/vat-registration-manual/vatreg37210');
    expect(sourceUrl('VMI')).toBe('https://vmi.lt/evmi/en/kaip-galima-pateikti-prašymą-įregistruoti-pvm-mokėtoju-');
  });

  it('gives no link where the research shortens the address or names a site and a document', () => {
    expect(sourceAddress('AV-DE')).toBe('avalara.com/…/vatlive/…/country-guides/europe/germany/german-vat-returns');
    expect(sourceUrl('AV-DE')).toBeUndefined();
    expect(sourceUrl('ESS-AT')).toBeUndefined();
    expect(sourceUrl('DATEV')).toBeUndefined();
    expect(sourceUrl('AEAT')).toBeUndefined();
    expect(sourceUrl('NO-DATES')).toBeUndefined();
  });

  it('knows no key the research does not list, not even an object property', () => {
    expect(sourceAddress('MAR-XX')).toBeUndefined();
    expect(sourceUrl('toString')).toBeUndefined();
  });

  it('has every address without a scheme, so a link is always https', () => {
    for (const [key, address] of Object.entries(RESEARCH_SOURCES)) {
      expect(address, key).not.toMatch(/^[a-z]+:\/\//);
    }
  });
});
