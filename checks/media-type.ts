import { jsonMediaTypes } from '../contract/errors.js';
import { defineCheck } from './define.js';
import { onlyWithResponse, type Responded } from './support.js';
import type { Finding } from './finding.js';

const hasBody = (exchange: Responded): boolean => exchange.response.bodyText.trim().length > 0;

/**
 * GEN-JSON-BODY (D7): a non-empty body carries application/json or application/problem+json
 * and parses as JSON. An empty body (D6) is not asserted.
 * @see interface.md "Errors" ("Error bodies are JSON"), decisions.md D6, D7
 */
export const jsonMediaType = defineCheck({
  id: 'jsonMediaType', requirement: 'GEN-JSON-BODY', expectation: 'unknown',
  description: 'a non-empty body is labelled application/json or application/problem+json and parses (D7)',
  rule(exchange, _e: unknown, fail) {
    const { mediaType, jsonError, status } = exchange.response;
    const op = exchange.request.operation;
    const out: Finding[] = [];
    if (!(jsonMediaTypes as readonly string[]).includes(mediaType ?? '')) {
      out.push(fail(op, {
        title: 'Body is not labelled as JSON',
        received: `media type ${mediaType ?? 'none'} on status ${status}`,
        documented: `a JSON media type (${jsonMediaTypes.join(' or ')})`,
        key: ['media-type', mediaType ?? 'none'],
      }, exchange));
    }
    if (jsonError !== undefined) {
      out.push(fail(op, {
        title: 'Body is not JSON',
        received: `a body that does not parse (${jsonError}): ${exchange.response.bodyText.slice(0, 60)}`,
        documented: 'every body is JSON',
        key: ['parse'],
      }, exchange));
    }
    return out;
  },
  when: [onlyWithResponse, hasBody],
});
