import { apiPaths } from '@vatlas/contract';
import { fetchFile, saveBlob } from '../../../lib/http/download';
import type { HttpClient } from '../../../lib/http/http-client';
import { openBlob } from './open-blob';

/** Opens the unsigned power of attorney of one jurisdiction in a new tab, so the signer reads what they sign. */
export async function viewPowerOfAttorney(http: HttpClient, companyId: string, countryCode: string): Promise<void> {
  openBlob(await fetchFile(http, apiPaths.powerOfAttorneyDocument(companyId, countryCode)));
}

export async function downloadSignedPowerOfAttorney(
  http: HttpClient,
  companyId: string,
  countryCode: string,
): Promise<void> {
  saveBlob(
    await fetchFile(http, apiPaths.signedPowerOfAttorney(companyId, countryCode)),
    `power-of-attorney-${countryCode}-signed.pdf`,
  );
}
