import { jsonMediaTypes } from '../contract/errors.js';
import { defineCheck } from './define.js';
import { is4xx, onlyWhenStatus, type Responded } from './support.js';
import type { Finding } from './finding.js';

/**
 * ERR-JSON-BODY: an error answer carries a non-empty JSON body labelled with a JSON media type.
 * Unlike jsonMediaType (GEN-JSON-BODY, which leaves an empty body alone: D6 allows one on
 * success), an error must say something: where the status is unspecified (D2 bearer 401s, D4,
 * D30) the body is all a partner has to handle it by. Only 4xx answers are judged; whether a
 * 2xx was right is the caller's case to decide.
 * @see interface.md "Errors" ("Error bodies are JSON"), decisions.md D2, D30
 */
export const errorBodyIsJson = defineCheck({
  id: 'errorBodyIsJson', requirement: 'ERR-JSON-BODY', expectation: 'unknown',
  description: 'a 4xx carries a non-empty body that parses as JSON under a JSON media type (bearer 401s, D30)',
  rule(x, _e: unknown, fail) {
    const { status, bodyText, jsonError, mediaType } = x.response;
    const empty = bodyText.trim().length === 0;
    const labelled = (jsonMediaTypes as readonly string[]).includes(mediaType ?? '');
    if (!empty && jsonError === undefined && labelled) return [];
    const what = empty ? 'an empty body' : jsonError !== undefined ? `a body that is not JSON (${bodyText.trim().slice(0, 60)})` : 'a JSON body';
    return [fail(x.request.operation, {
      title: empty ? 'Error answer without a body' : 'Error body is not JSON',
      received: `status ${status} with ${what} labelled ${mediaType ?? 'with no media type'}`,
      documented: `an error body that is JSON (${jsonMediaTypes.join(' or ')})`,
      key: [status, empty ? 'empty' : jsonError !== undefined ? 'parse' : `media-type ${mediaType ?? 'none'}`],
    }, x)];
  },
  when: [onlyWhenStatus(is4xx)],
});
