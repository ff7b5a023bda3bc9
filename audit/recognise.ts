import { operations, tokenContract, tokenOperation, type Operation } from '../contract/index.js';

/**
 * Which part of the interface an exchange belongs to, from contract/ alone: a partner operation
 * by its documented path (behind any gateway prefix; D1 leaves the method to the target), the
 * token endpoint by its form (an RFC 6749 client-credentials request) or by the URL the user
 * names, everything else is not this interface and is left alone.
 */
export type Recognised =
  | { readonly kind: 'partner'; readonly operation: Operation; readonly path: string }
  | { readonly kind: 'token'; readonly path: string }
  | { readonly kind: 'other'; readonly path: string };

export interface RecogniseOptions {
  /** {auth_url}, when the user names it (`--token-url`). */
  readonly tokenUrl?: string;
}

const trim = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The operation whose documented path ends the URL's path. */
export function operationOfPath(path: string): Operation | undefined {
  const p = trim(path);
  return operations.find((op) => p === op.path || p.endsWith(op.path));
}

const formGrant = (mimeType: string | undefined, body: string | undefined): boolean =>
  (mimeType ?? '').toLowerCase().startsWith(tokenContract.contentType) && /(^|&)grant_type=/.test(body ?? '');

export function recognise(method: string, url: string, request: { mimeType?: string; body?: string }, options: RecogniseOptions = {}): Recognised {
  const parsed = new URL(url);
  const path = trim(parsed.pathname);
  const op = operationOfPath(path);
  if (op) return { kind: 'partner', operation: op, path };
  const named = options.tokenUrl ? trim(new URL(options.tokenUrl).pathname) === path && new URL(options.tokenUrl).host === parsed.host : false;
  if (method.toUpperCase() === 'POST' && (named || formGrant(request.mimeType, request.body) || (!options.tokenUrl && /\/token$/.test(path))))
    return { kind: 'token', path };
  return { kind: 'other', path };
}

/** The operation name an exchange carries (checks and reports print it). */
export const operationName = (r: Recognised): string => (r.kind === 'partner' ? r.operation.id : r.kind === 'token' ? tokenOperation : 'Other');
