import { describe, expect, it } from 'vitest';
import type { CompanyRegistration, CompanyTaxProfile } from '../transactions/company-tax-profile';
import { isFrequencyBoundary, type PlannedFiling, planFilings } from './plan-filings';

/** A German seller with PAN-EU stock in Poland, UK sales, OSS in Germany and IOSS through a Dutch intermediary. */
const profile: CompanyTaxProfile = {
  establishmentCountry: 'DE',
  oss: { memberState: 'DE', from: '2026-01-01' },
  ioss: { memberState: 'NL', from: '2026-02-10' },
  registrations: [
    { country: 'DE', frequency: 'monthly', vatNumber: 'DE123456789' },
    { country: 'PL', frequency: null, vatNumber: null },
    { country: 'GB', frequency: null, vatNumber: null },
  ],
};

describe('planFilings', () => {
  it('plans March 2026: the running periods and the earlier ones falling due, sorted by due date', () => {
    expect(planFilings({ profile, from: '2026-03-01', to: '2026-03-31', eslCountries: ['DE'] })).toEqual([
      // February's returns fall due in March.
      row('DE', 'vat-return', 'monthly', '2026-02-01', '2026-02-28', '2026-03-10'),
      row('PL', 'vat-return', 'monthly', '2026-02-01', '2026-02-28', '2026-03-25'),
      row('NL', 'ioss-return', 'monthly', '2026-02-01', '2026-02-28', '2026-03-31'),
      // March and the first quarter are still running on 31 March: coming up.
      row('DE', 'vat-return', 'monthly', '2026-03-01', '2026-03-31', '2026-04-10'),
      // 25 April 2026 is a Saturday; the ZM is quarterly although the German return is monthly.
      row('DE', 'ec-sales-list', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-27'),
      row('PL', 'vat-return', 'monthly', '2026-03-01', '2026-03-31', '2026-04-27'),
      row('DE', 'oss-return', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-30'),
      row('NL', 'ioss-return', 'monthly', '2026-03-01', '2026-03-31', '2026-04-30'),
      row('GB', 'vat-return', 'quarterly', '2026-01-01', '2026-03-31', '2026-05-07'),
      // The German annual return for 2026, running too: 31 July 2027 is a Saturday.
      row('DE', 'annual-return', 'annual', '2026-01-01', '2026-12-31', '2027-08-02'),
    ]);
  });

  it('shows in January the fourth-quarter OSS return due that month, and nothing before the OSS start', () => {
    const filings = planFilings({
      profile: { ...profile, oss: { memberState: 'DE', from: '2025-10-01' }, ioss: null, registrations: [] },
      from: '2026-01-01',
      to: '2026-01-31',
      eslCountries: [],
    });
    expect(filings).toEqual([
      // 31 January 2026 is a Saturday: OSS deadlines are not moved.
      row('DE', 'oss-return', 'quarterly', '2025-10-01', '2025-12-31', '2026-01-31'),
      row('DE', 'oss-return', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-30'),
    ]);
  });

  it('starts OSS with the quarter in which the company joined', () => {
    const filings = planFilings({
      profile: { ...profile, oss: { memberState: 'DE', from: '2026-05-15' }, ioss: null, registrations: [] },
      from: '2026-01-01',
      to: '2026-07-31',
      eslCountries: [],
    });
    expect(filings.map((filing) => filing.periodStart)).toEqual(['2026-04-01', '2026-07-01']);
  });

  it('applies the deadlines that depend on the seller: established in NL, listing in SI', () => {
    const filings = planFilings({
      profile: {
        establishmentCountry: 'NL',
        oss: null,
        ioss: null,
        registrations: [
          { country: 'NL', frequency: null, vatNumber: 'NL123456789B01' },
          { country: 'SI', frequency: null, vatNumber: null },
        ],
      },
      from: '2026-04-01',
      to: '2026-04-30',
      eslCountries: ['SI'],
    });
    expect(filings).toEqual([
      // Slovenia with an EC Sales List: the 20th instead of the last working day.
      row('SI', 'vat-return', 'monthly', '2026-03-01', '2026-03-31', '2026-04-20'),
      row('SI', 'ec-sales-list', 'monthly', '2026-03-01', '2026-03-31', '2026-04-20'),
      // The Dutch seller's own return: end of the next month, not the non-resident's last working day of the 2nd.
      row('NL', 'vat-return', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-30'),
      row('SI', 'vat-return', 'monthly', '2026-04-01', '2026-04-30', '2026-05-20'),
      row('SI', 'ec-sales-list', 'monthly', '2026-04-01', '2026-04-30', '2026-05-20'),
      row('NL', 'vat-return', 'quarterly', '2026-04-01', '2026-06-30', '2026-07-31'),
    ]);
  });

  it("moves the German returns a month with the Dauerfristverlängerung, and not the ZM or another country's", () => {
    const extended: CompanyTaxProfile = {
      ...profile,
      registrations: profile.registrations.map((registration) => ({
        ...registration,
        hasDeadlineExtension: registration.country === 'DE',
      })),
    };
    const filings = planFilings({ profile: extended, from: '2026-03-01', to: '2026-03-31', eslCountries: ['DE'] });
    expect(filings.filter((filing) => filing.jurisdiction !== 'NL' && filing.jurisdiction !== 'GB')).toEqual([
      // January's return falls due in March now, February's in April, outside the window.
      row('DE', 'vat-return', 'monthly', '2026-01-01', '2026-01-31', '2026-03-10'),
      row('PL', 'vat-return', 'monthly', '2026-02-01', '2026-02-28', '2026-03-25'),
      row('DE', 'ec-sales-list', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-27'),
      row('PL', 'vat-return', 'monthly', '2026-03-01', '2026-03-31', '2026-04-27'),
      row('DE', 'oss-return', 'quarterly', '2026-01-01', '2026-03-31', '2026-04-30'),
      // 10 May 2026 is a Sunday.
      row('DE', 'vat-return', 'monthly', '2026-03-01', '2026-03-31', '2026-05-11'),
      // The extension moves the periodic returns only: the annual return keeps 31 July (moved off the Saturday).
      row('DE', 'annual-return', 'annual', '2026-01-01', '2026-12-31', '2027-08-02'),
    ]);
  });

  it("plans a registration's returns and EC Sales Lists from its first day, the period holding it included", () => {
    const fromMid: CompanyTaxProfile = {
      ...profile,
      oss: null,
      ioss: null,
      registrations: [
        { country: 'DE', frequency: 'monthly', vatNumber: 'DE123456789' },
        { country: 'PL', frequency: null, vatNumber: null, registeredFrom: '2026-02-15' },
      ],
    };
    const filings = planFilings({ profile: fromMid, from: '2025-11-01', to: '2026-03-31', eslCountries: ['PL'] });
    const polish = filings.filter((filing) => filing.jurisdiction === 'PL');
    expect(polish.map((filing) => `${filing.filingType} ${filing.periodStart}`)).toEqual([
      'vat-return 2026-02-01',
      'ec-sales-list 2026-02-01',
      'vat-return 2026-03-01',
      'ec-sales-list 2026-03-01',
    ]);
    // Germany, with no first day, files every month of the window as before.
    const germanReturns = filings.filter(
      (filing) => filing.jurisdiction === 'DE' && filing.filingType === 'vat-return',
    );
    expect(germanReturns.map((filing) => filing.periodStart)).toEqual([
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('plans no return or EC Sales List after a registration ended, the period holding its last day included', () => {
    const ended: CompanyTaxProfile = {
      ...profile,
      oss: null,
      ioss: null,
      registrations: [{ country: 'PL', frequency: null, vatNumber: null, registeredUntil: '2026-01-20' }],
    };
    const filings = planFilings({ profile: ended, from: '2025-11-01', to: '2026-03-31', eslCountries: ['PL'] });
    expect(filings.map((filing) => `${filing.filingType} ${filing.periodStart}`)).toEqual([
      'vat-return 2025-10-01',
      'ec-sales-list 2025-10-01',
      'vat-return 2025-11-01',
      'ec-sales-list 2025-11-01',
      'vat-return 2025-12-01',
      'ec-sales-list 2025-12-01',
      'vat-return 2026-01-01',
      'ec-sales-list 2026-01-01',
    ]);
  });

  describe('the annual return on top of the periodic ones', () => {
    const annualReturns = (filings: readonly PlannedFiling[]) =>
      filings.filter((filing) => filing.filingType === 'annual-return');
    const registered = (registrations: CompanyTaxProfile['registrations']): CompanyTaxProfile => ({
      establishmentCountry: 'DE',
      oss: null,
      ioss: null,
      registrations,
    });

    it('plans one per calendar year where the country requires it (AT, DE, IT), due after the year', () => {
      const filings = planFilings({
        profile: registered([
          { country: 'AT', frequency: null, vatNumber: null },
          { country: 'DE', frequency: 'monthly', vatNumber: 'DE123456789' },
          { country: 'FR', frequency: null, vatNumber: null },
          { country: 'IT', frequency: null, vatNumber: null },
        ]),
        from: '2026-01-01',
        to: '2026-12-31',
        eslCountries: [],
      });
      expect(annualReturns(filings)).toEqual([
        // 2025's: Italy by 30 April, Austria by 30 June, Germany by 31 July, all weekdays in 2026.
        row('IT', 'annual-return', 'annual', '2025-01-01', '2025-12-31', '2026-04-30'),
        row('AT', 'annual-return', 'annual', '2025-01-01', '2025-12-31', '2026-06-30'),
        row('DE', 'annual-return', 'annual', '2025-01-01', '2025-12-31', '2026-07-31'),
        // 2026's, still running; 31 July 2027 is a Saturday.
        row('IT', 'annual-return', 'annual', '2026-01-01', '2026-12-31', '2027-04-30'),
        row('AT', 'annual-return', 'annual', '2026-01-01', '2026-12-31', '2027-06-30'),
        row('DE', 'annual-return', 'annual', '2026-01-01', '2026-12-31', '2027-08-02'),
      ]);
      // France files its periodic returns only.
      expect(filings.filter((filing) => filing.jurisdiction === 'FR').map((filing) => filing.filingType)).not.toContain(
        'annual-return',
      );
    });

    it("follows the registration's first and last days: no year before it began or after it ended", () => {
      const since = planFilings({
        profile: registered([{ country: 'DE', frequency: 'monthly', vatNumber: null, registeredFrom: '2026-03-01' }]),
        from: '2026-01-01',
        to: '2026-12-31',
        eslCountries: [],
      });
      expect(annualReturns(since).map((filing) => filing.periodStart)).toEqual(['2026-01-01']);
      // The year holding the last day is the final annual return, due as any other.
      const until = planFilings({
        profile: registered([{ country: 'AT', frequency: null, vatNumber: null, registeredUntil: '2026-01-20' }]),
        from: '2026-01-01',
        to: '2027-12-31',
        eslCountries: [],
      });
      expect(annualReturns(until).map((filing) => `${filing.periodStart} ${filing.dueDate}`)).toEqual([
        '2025-01-01 2026-06-30',
        '2026-01-01 2027-06-30',
      ]);
    });
  });

  describe("the UK's VAT staggers", () => {
    const british = (vatStagger: number | null, frequencyChange?: CompanyRegistration['frequencyChange']) =>
      planFilings({
        profile: {
          establishmentCountry: 'DE',
          oss: null,
          ioss: null,
          registrations: [{ country: 'GB', frequency: 'quarterly', vatNumber: null, vatStagger, frequencyChange }],
        },
        from: '2026-01-01',
        to: '2026-06-30',
        eslCountries: [],
      }).map((filing) => `${filing.frequency} ${filing.periodStart}..${filing.periodEnd} due ${filing.dueDate}`);

    it('plans the quarters of the stagger, each due a month and seven days after it, month end to month end', () => {
      expect(british(2)).toEqual([
        'quarterly 2025-11-01..2026-01-31 due 2026-03-07',
        'quarterly 2026-02-01..2026-04-30 due 2026-06-07',
        'quarterly 2026-05-01..2026-07-31 due 2026-09-07',
      ]);
      expect(british(3)).toEqual([
        // Due in the window: the quarter to November.
        'quarterly 2025-09-01..2025-11-30 due 2026-01-07',
        'quarterly 2025-12-01..2026-02-28 due 2026-04-07',
        'quarterly 2026-03-01..2026-05-31 due 2026-07-07',
        'quarterly 2026-06-01..2026-08-31 due 2026-10-07',
      ]);
      // Stagger 1, or none given: calendar quarters, due 7 May for the first.
      expect(british(1)).toEqual(british(null));
      expect(british(null)[1]).toBe('quarterly 2026-01-01..2026-03-31 due 2026-05-07');
    });

    it('changes from monthly returns to the quarters of the stagger on the first day of one of them', () => {
      expect(british(2, { from: '2026-02-01', before: 'monthly' })).toEqual([
        'monthly 2025-11-01..2025-11-30 due 2026-01-07',
        'monthly 2025-12-01..2025-12-31 due 2026-02-07',
        'monthly 2026-01-01..2026-01-31 due 2026-03-07',
        'quarterly 2026-02-01..2026-04-30 due 2026-06-07',
        'quarterly 2026-05-01..2026-07-31 due 2026-09-07',
      ]);
    });
  });

  it('plans for a seller established outside the 30 jurisdictions', () => {
    const filings = planFilings({
      profile: {
        establishmentCountry: 'US',
        oss: null,
        ioss: null,
        registrations: [{ country: 'NO', frequency: null, vatNumber: null }],
      },
      from: '2026-05-01',
      to: '2026-05-31',
      eslCountries: [],
    });
    expect(filings).toEqual([row('NO', 'vat-return', 'every-two-months', '2026-05-01', '2026-06-30', '2026-08-31')]);
  });

  describe('a change of frequency after returns were filed', () => {
    const french = (frequency: 'monthly' | 'quarterly'): CompanyTaxProfile => ({
      establishmentCountry: 'DE',
      oss: null,
      ioss: null,
      registrations: [{ country: 'FR', frequency, vatNumber: 'FR40303265045' }],
    });
    const filedMonth = (start: string, end: string) =>
      ({
        jurisdiction: 'FR',
        filingType: 'vat-return',
        frequency: 'monthly',
        periodStart: start,
        periodEnd: end,
      }) as const;
    const plan = (frequency: 'monthly' | 'quarterly', filed: Parameters<typeof planFilings>[0]['filed']) =>
      planFilings({ profile: french(frequency), from: '2026-10-01', to: '2026-11-30', eslCountries: [], filed }).map(
        (filing) => `${filing.frequency} ${filing.periodStart}..${filing.periodEnd}`,
      );

    it('files the rest of the running quarter monthly after a filed month, then quarters', () => {
      // Monthly until October, filed; quarterly from now on: November (and December, once it runs) stay monthly,
      // since no quarter can start on a filed month; the filed months are not planned again.
      const filed = [
        filedMonth('2026-07-01', '2026-07-31'),
        filedMonth('2026-08-01', '2026-08-31'),
        filedMonth('2026-09-01', '2026-09-30'),
        filedMonth('2026-10-01', '2026-10-31'),
      ];
      expect(plan('quarterly', filed)).toEqual(['monthly 2026-11-01..2026-11-30']);
      expect(
        planFilings({
          profile: french('quarterly'),
          from: '2026-10-01',
          to: '2027-03-31',
          eslCountries: [],
          filed,
        }).map((filing) => `${filing.frequency} ${filing.periodStart}`),
      ).toEqual(['monthly 2026-11-01', 'monthly 2026-12-01', 'quarterly 2027-01-01']);
    });

    it('plans the quarter whole when nothing in it was filed, and a month that was filed as it was', () => {
      expect(plan('quarterly', [])).toEqual(['quarterly 2026-07-01..2026-09-30', 'quarterly 2026-10-01..2026-12-31']);
      // The planned October is the filed one: its row stays as filed, and planning it keeps it in the calendar.
      expect(plan('monthly', [filedMonth('2026-10-01', '2026-10-31')])).toEqual([
        'monthly 2026-09-01..2026-09-30',
        'monthly 2026-10-01..2026-10-31',
        'monthly 2026-11-01..2026-11-30',
      ]);
    });

    it('plans no month again that a filed quarter declared', () => {
      const filedQuarter = { ...filedMonth('2026-07-01', '2026-09-30'), frequency: 'quarterly' } as const;
      expect(plan('monthly', [filedQuarter])).toEqual([
        'monthly 2026-10-01..2026-10-31',
        'monthly 2026-11-01..2026-11-30',
      ]);
    });
  });

  describe('a change of frequency the tax office set from a day', () => {
    const withChange = (
      frequencyChange: { from: string; before: 'monthly' | null },
      country = 'FR',
    ): CompanyTaxProfile => ({
      establishmentCountry: 'DE',
      oss: null,
      ioss: null,
      registrations: [{ country, frequency: 'quarterly', vatNumber: null, frequencyChange }],
    });
    const plan = (profile: CompanyTaxProfile, eslCountries: string[] = []) =>
      planFilings({ profile, from: '2026-10-01', to: '2027-06-30', eslCountries }).map(
        (filing) => `${filing.filingType} ${filing.frequency} ${filing.periodStart}..${filing.periodEnd}`,
      );

    it('keeps the returns before the day at the old frequency, whatever was filed, and files the new one after', () => {
      // Quarterly from 1 January 2027: October to December 2026 are still three monthly returns, nothing filed.
      expect(plan(withChange({ from: '2027-01-01', before: 'monthly' }))).toEqual([
        'vat-return monthly 2026-09-01..2026-09-30',
        'vat-return monthly 2026-10-01..2026-10-31',
        'vat-return monthly 2026-11-01..2026-11-30',
        'vat-return monthly 2026-12-01..2026-12-31',
        'vat-return quarterly 2027-01-01..2027-03-31',
        'vat-return quarterly 2027-04-01..2027-06-30',
      ]);
      // France's usual frequency is monthly, so no frequency before the change means monthly too.
      expect(plan(withChange({ from: '2027-01-01', before: null }))).toEqual(
        plan(withChange({ from: '2027-01-01', before: 'monthly' })),
      );
    });

    it('moves the EC Sales List with the return where it follows the return, and not where it is always monthly', () => {
      const danish = plan(withChange({ from: '2027-01-01', before: 'monthly' }, 'DK'), ['DK']);
      expect(danish).toContain('ec-sales-list monthly 2026-12-01..2026-12-31');
      expect(danish).toContain('ec-sales-list quarterly 2027-01-01..2027-03-31');
      expect(danish).not.toContain('ec-sales-list quarterly 2026-10-01..2026-12-31');
      const french = plan(withChange({ from: '2027-01-01', before: 'monthly' }), ['FR']);
      expect(french).toContain('ec-sales-list monthly 2027-01-01..2027-01-31');
    });

    it('applies the new frequency to the whole window once the day has passed it', () => {
      expect(plan(withChange({ from: '2024-01-01', before: 'monthly' }))).toEqual([
        'vat-return quarterly 2026-07-01..2026-09-30',
        'vat-return quarterly 2026-10-01..2026-12-31',
        'vat-return quarterly 2027-01-01..2027-03-31',
        'vat-return quarterly 2027-04-01..2027-06-30',
      ]);
    });

    it('knows the days on which a change can take effect', () => {
      expect(isFrequencyBoundary('2027-01-01', 'monthly', 'quarterly')).toBe(true);
      expect(isFrequencyBoundary('2027-02-01', 'monthly', 'quarterly')).toBe(false);
      expect(isFrequencyBoundary('2027-04-01', 'quarterly', 'annual')).toBe(false);
      expect(isFrequencyBoundary('2027-03-15', 'monthly', 'monthly')).toBe(false);
    });
  });

  it('refuses an EC Sales List where none exists and a reversed window', () => {
    expect(() => planFilings({ profile, from: '2026-01-01', to: '2026-03-31', eslCountries: ['GB'] })).toThrow(
      /no EC Sales List/,
    );
    expect(() => planFilings({ profile, from: '2026-04-01', to: '2026-03-31', eslCountries: [] })).toThrow(
      expect.objectContaining({ code: 'invalid-range' }),
    );
  });
});

function row(
  jurisdiction: string,
  filingType: string,
  frequency: string,
  periodStart: string,
  periodEnd: string,
  dueDate: string,
) {
  return { jurisdiction, filingType, frequency, periodStart, periodEnd, dueDate };
}
