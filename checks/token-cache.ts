import { defineCheck } from './define.js';
import { bodyObject, is2xx, onlyWhenStatus } from './support.js';

/**
 * TOKEN-NO-STORE (RFC 6749 §5.1): "The authorization server MUST include the HTTP Cache-Control
 * response header field with a value of no-store in any response containing tokens". Only the
 * Cache-Control directive is asserted; Pragma is obsolete (RFC 9111 §5.4).
 */
export const tokenNotCached = defineCheck({
  id: 'tokenNotCached', requirement: 'TOKEN-NO-STORE', expectation: 'unknown',
  description: 'a response carrying an access token has Cache-Control: no-store (RFC 6749 §5.1)',
  rule(x, _e: unknown, fail) {
    if (typeof bodyObject(x)?.access_token !== 'string') return [];
    const value = x.response.headers['cache-control'];
    if (value !== undefined && /(^|,)\s*no-store\s*(,|$)/i.test(value)) return [];
    return [fail(x.request.operation, {
      title: 'Token response may be cached',
      received: value === undefined ? 'no Cache-Control header' : `Cache-Control: ${value}`,
      documented: 'Cache-Control: no-store on any response containing tokens (RFC 6749 section 5.1)',
      key: [value ?? 'absent'],
    }, x)];
  },
  when: [onlyWhenStatus(is2xx)],
});
