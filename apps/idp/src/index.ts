export { identityProviderPlugin } from './identity-provider-plugin';
export { loadOrCreateIdpKeys } from './keys';
export { hashPassword, verifyPassword } from './password';
export type {
  IdentityProviderOptions,
  IdpAccount,
  IdpAccountStore,
  IdpKeys,
  IdpSigningKey,
  OidcPayloadRecord,
  OidcPayloadStore,
} from './types';
