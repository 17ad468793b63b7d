/**
 * Spec §3: a newly created company carries these placeholders until its address is given.
 * They mark "no address yet" and must never be shown or counted as a real address.
 */
export const PLACEHOLDER_CITY = 'TBD';
export const PLACEHOLDER_ZIP = '00000';

export function isPlaceholderCity(city: string | null | undefined): boolean {
  return city === PLACEHOLDER_CITY;
}

export function isPlaceholderZip(zip: string | null | undefined): boolean {
  return zip === PLACEHOLDER_ZIP;
}

/** A company created moments ago still has the placeholder zip; the client keeps it selected (spec §4). */
export function isJustCreatedCompany(company: { zipCode?: string | null }): boolean {
  return isPlaceholderZip(company.zipCode);
}
