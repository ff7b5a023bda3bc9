import { sessionHeaders, versionParameter } from './resources.js';
import type { Method } from './types.js';

/**
 * The request headers the document names for a partner operation, spelt as it spells them
 * (interface.md "Common headers", Authentication, Versioning): the session pair on every operation
 * but AuthenticatePartner (D3), apiVersion where it is a header (D5), the bearer token (D2) and,
 * on an operation with a JSON body, its media type (D43). HTTP field names are case-insensitive
 * (RFC 9110 section 5.1), so each is the same header in any letter case.
 */
export const bearerHeader = 'Authorization';
export const mediaTypeHeader = 'Content-Type';

export function partnerHeaderNames(op: { readonly sessionRequired: boolean; readonly method: Method }): string[] {
  return [
    ...(op.sessionRequired ? [sessionHeaders.deviceId, sessionHeaders.sessionId] : []),
    versionParameter, bearerHeader, ...(op.method === 'POST' ? [mediaTypeHeader] : []),
  ];
}
