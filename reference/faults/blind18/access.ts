import type { FastifyRequest } from 'fastify';
import type { FaultSet } from '../types.js';

/**
 * blind18-auth-denial-skipped-for-body-credential-token: the access tokens the token endpoint issued
 * for form (body) credentials (replies.ts records them while the fault is on), and the partner check
 * that finds no client in them and lets the application through.
 * @see reference/faults/blind18/index.ts
 */
export const bodyCredentialTokens = new Set<string>();

/** True when the partner check is skipped: the bearer token came from body credentials. */
export function blind18BodyCredentialToken(faults: FaultSet, request: FastifyRequest): boolean {
  if (!faults.has('blind18-auth-denial-skipped-for-body-credential-token')) return false;
  const token = /^Bearer +(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
  return token !== undefined && bodyCredentialTokens.has(token);
}
