import { randomBytes } from 'node:crypto';
import { defaults, tokenContract } from '../contract/index.js';

/** Id of the built-in test client. */
export const testClientId = 'conformance-client';
/** Id of a client that gets tokens but whose AuthenticatePartner is denied (401 UNAUTHORIZED). */
export const deniedClientId = 'denied-client';

/** The clients one reference accepts at the token endpoint, and the scopes it grants. */
export interface ClientRegistry {
  readonly secrets: ReadonlyMap<string, string>;
  readonly scopeBase: string;
  readonly partnerScope: string;
  /** The two documented scopes and the partner scope. */
  readonly scopes: readonly string[];
}

/** Fresh secrets per reference: stable for its lifetime, never reused by another run. */
export function clientRegistry(scopeBase: string = defaults.scopeBase): ClientRegistry {
  const secret = () => randomBytes(24).toString('base64url');
  const partnerScope = `${scopeBase}${tokenContract.partnerScopeSuffix}`;
  return {
    secrets: new Map([[testClientId, secret()], [deniedClientId, secret()]]),
    scopeBase,
    partnerScope,
    scopes: [...tokenContract.documentedScopeSuffixes.map((s) => `${scopeBase}${s}`), partnerScope],
  };
}
