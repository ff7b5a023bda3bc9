import type { Exchange } from '../../client/exchange.js';

/** Fabricated exchanges for the check unit tests. */
export const base = 'https://target.test';
export const pathOf = (slug: string): string => `/api/v1/partners/${slug}`;

export interface Fake {
  operation?: string;
  slug?: string;
  status?: number;
  body?: unknown;
  bodyText?: string;
  mediaType?: string;
  headers?: Record<string, string>;
  requestHeaders?: Record<string, string>;
  url?: string;
}

export function exchange(f: Fake = {}): Exchange {
  const bodyText = f.bodyText ?? (f.body === undefined ? '' : JSON.stringify(f.body));
  let json: unknown;
  let jsonError: string | undefined;
  if (bodyText) {
    try {
      json = JSON.parse(bodyText);
    } catch (e) {
      jsonError = (e as Error).message;
    }
  }
  const status = f.status ?? 200;
  const mediaType = f.mediaType ?? (bodyText ? (status >= 400 ? 'application/problem+json' : 'application/json') : undefined);
  return {
    request: {
      operation: f.operation ?? 'EnrollCustomer',
      method: 'POST',
      url: f.url ?? `${base}${pathOf(f.slug ?? 'enroll-customer')}`,
      query: {},
      headers: f.requestHeaders ?? {},
      correlationId: 'corr-1',
    },
    response: {
      status,
      headers: f.headers ?? (mediaType ? { 'content-type': mediaType } : {}),
      bodyText,
      json,
      ...(jsonError ? { jsonError } : {}),
      ...(mediaType ? { mediaType } : {}),
    },
    durationMs: 5,
    attempts: [{ status, headers: {}, startedAtMs: 0, durationMs: 5 }],
  };
}

export const broken = (): Exchange => ({
  request: exchange().request,
  transportError: { code: 'TIMEOUT', message: 'no answer within 10000 ms' },
  durationMs: 10000,
  attempts: [0, 1, 2].map((i) => ({ errorCode: 'TIMEOUT' as const, headers: {}, startedAtMs: i * 3400, durationMs: 3000 })),
});

export function validationBody(keys: string[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    errors: {},
    type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
    title: 'Bad Request',
    status: 400,
    detail: 'One or more validation errors occurred.',
    instance: pathOf('enroll-customer'),
    validationErrors: keys.map((key) => ({ key, message: `${key} is not valid` })),
    ...overrides,
  };
}

export function problemBody(row: { status: number; errorCode: string; title: string; type: string }, slug: string, overrides: Record<string, unknown> = {}) {
  return { type: row.type, title: row.title, status: row.status, detail: 'details', instance: pathOf(slug), errorCode: row.errorCode, ...overrides };
}
