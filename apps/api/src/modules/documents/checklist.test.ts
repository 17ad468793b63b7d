import { describe, expect, it } from 'vitest';
import { buildChecklist } from './checklist';

describe('the checklist rule', () => {
  const base = { establishmentCountryCode: 'US', documents: [], signedCountryCodes: [] };

  it('is empty and incomplete without jurisdictions', () => {
    expect(buildChecklist({ ...base, countryCodes: [] })).toEqual({
      source: 'country-rules',
      jurisdictions: [],
      isComplete: false,
    });
  });

  it("asks a non-EU seller in FR for a fiscal representative, with the rule's source keys", () => {
    const [france] = buildChecklist({ ...base, countryCodes: ['FR'] }).jurisdictions;
    const item = france?.items.find((entry) => entry.documentType === 'fiscal-representative-appointment');
    expect(item?.sources.length).toBeGreaterThan(0);
    expect(item?.isSatisfied).toBe(false);
  });

  it('does not ask an EU seller in DE for a fiscal representative', () => {
    const [germany] = buildChecklist({ ...base, establishmentCountryCode: 'AT', countryCodes: ['DE'] }).jurisdictions;
    expect(germany?.items.map((entry) => entry.documentType)).not.toContain('fiscal-representative-appointment');
  });

  it('counts an upload without a country for every jurisdiction, one with a country for that one only', () => {
    const checklist = buildChecklist({
      ...base,
      establishmentCountryCode: 'AT',
      countryCodes: ['DE', 'PL'],
      documents: [
        { id: 'a', documentType: 'certificate-of-incorporation', countryCode: null },
        { id: 'b', documentType: 'bank-details', countryCode: 'PL' },
      ],
      signedCountryCodes: ['PL'],
    });
    const find = (countryCode: string, type: string) =>
      checklist.jurisdictions
        .find((entry) => entry.countryCode === countryCode)
        ?.items.find((item) => item.documentType === type);
    expect(find('DE', 'certificate-of-incorporation')?.documentIds).toEqual(['a']);
    expect(find('PL', 'certificate-of-incorporation')?.isSatisfied).toBe(true);
    expect(find('DE', 'bank-details')?.isSatisfied).toBe(false);
    expect(find('PL', 'bank-details')?.isSatisfied).toBe(true);
    expect(find('DE', 'power-of-attorney')?.isSatisfied).toBe(false);
    expect(find('PL', 'power-of-attorney')?.isSatisfied).toBe(true);
  });

  it('falls back to the generic list for a code the country rules do not know', () => {
    const checklist = buildChecklist({ ...base, countryCodes: ['XK'] });
    expect(checklist.source).toBe('generic');
    expect(checklist.jurisdictions[0]?.items.map((item) => item.documentType)).toContain('power-of-attorney');
  });
});
