const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English country name of an ISO 3166-1 alpha-2 code (spec §3 countryOfEstablishment, subscriptionCountries). */
export function findCountryName(code: string): string {
  return englishRegionNames.of(code.toUpperCase()) ?? code;
}
