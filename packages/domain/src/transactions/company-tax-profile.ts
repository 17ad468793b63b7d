import type { ReturnFrequency } from '../countries';

/**
 * What the tax engine and the filing calendar need to know about a company: where it is established, whether it
 * declares distance sales through the Union OSS and imports through IOSS, and where it is VAT-registered.
 */
export type CompanyTaxProfile = {
  /** ISO 3166-1 alpha-2 of the company's seat. */
  establishmentCountry: string;
  /** Union OSS: the member state of identification and the first day (ISO date) the company declares through it;
   * null when the company does not use OSS. */
  oss: { memberState: string; from: string } | null;
  /** IOSS: as for OSS; null when not registered. */
  ioss: { memberState: string; from: string } | null;
  /** Countries where the company is (or is becoming) VAT-registered, with the return frequency the authority
   * assigned; null frequency means the country's proposed default applies. */
  registrations: readonly CompanyRegistration[];
};

export type CompanyRegistration = {
  country: string;
  frequency: ReturnFrequency | null;
  vatNumber: string | null;
  /**
   * A change of frequency the tax office set from a day: `frequency` applies to the periods from `from` on, `before`
   * (null: the country's default) to the earlier ones. Absent: `frequency` applies to every period not filed yet.
   */
  frequencyChange?: FrequencyChange | null;
  /** The tax office granted the country's deadline extension for VAT returns (Germany's Dauerfristverlängerung). */
  hasDeadlineExtension?: boolean;
  /**
   * The stagger of quarterly returns the tax office assigned where the country has them (the UK's 1, 2 or 3,
   * `quarterStaggersOf`). Absent or null: calendar quarters (stagger 1).
   */
  vatStagger?: number | null;
  /**
   * The first day of the registration, as the tax office set it (ISO date): no return or EC Sales List there is due
   * for a period that ended before it. Absent or null: every period of the calendar.
   */
  registeredFrom?: string | null;
  /**
   * The last day of a registration that ended (deregistration, ISO date): no return or EC Sales List there is due for
   * a period that began after it. Absent or null: it has not ended.
   */
  registeredUntil?: string | null;
};

export type FrequencyChange = { from: string; before: ReturnFrequency | null };
