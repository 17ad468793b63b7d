import countries from 'i18n-iso-countries';

const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English country name of an ISO 3166-1 alpha-2 code (spec §3 countryOfEstablishment, subscriptionCountries). */
export function findCountryName(code: string): string {
  return englishRegionNames.of(code.toUpperCase()) ?? code;
}

/** ISO 3166-1 numeric code of an alpha-2 code (spec §3 countryIdOfEstablishment / establishmentCountryId). */
export function findCountryNumericId(code: string): number | null {
  const numeric = countries.alpha2ToNumeric(code.toUpperCase());
  return numeric ? Number(numeric) : null;
}
