import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from '../../problems.js';
import type { FaultSet } from '../types.js';
import { payloadObject } from '../reply-payload.js';

/**
 * The blind12 faults that rewrite an answer on its way out (an onSend hook, installed only when
 * a blind12 fault is on): a token cache, a status of the error writer, titles, codes and bodies
 * written by another formatter. Each leaves every other answer as it was.
 * @see reference/faults/blind12/index.ts
 */

type Json = Record<string, unknown>;

/** A 1x1 transparent PNG, the card art the faulty list writes as a data: URI. */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/** The onSend hook of one reference; its token cache lives as long as the reference. */
export function blind12Reply(faults: FaultSet, tokenPath: string): OnSend {
  const tokenCache = new Map<string, string>();
  return async (request, reply, payload) => {
    const path = requestPath(request);
    const status = reply.statusCode;
    if (path === tokenPath) {
      // blind12-token-cached-answer-no-store-missing: the cached answer is written without the headers of a fresh one.
      if (faults.has('blind12-token-cached-answer-no-store-missing') && status === 200 && typeof payload === 'string') {
        const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
        const key = `${request.headers.authorization ?? ''}|${String(form.client_id ?? '')}|${String(form.scope ?? '')}`;
        const cached = tokenCache.get(key);
        if (cached === undefined) tokenCache.set(key, payload);
        else {
          reply.removeHeader('cache-control');
          reply.removeHeader('pragma');
          return cached;
        }
      }
      // blind12-token-invalid-client-basic-400: one status for every token error.
      if (faults.has('blind12-token-invalid-client-basic-400') && status === 401 && /^basic /i.test(request.headers.authorization ?? '')) {
        reply.code(400);
        reply.removeHeader('www-authenticate');
      }
      return payload;
    }
    const body = payloadObject(payload);
    if (!body) return payload;
    if (faults.has('blind12-auth-denied-title-british') && path.endsWith('/partners/authenticate') && status === 401 && body.title === 'Unauthorized' && /denied/i.test(String(body.detail ?? '')))
      return JSON.stringify({ ...body, title: 'Unauthorised' });
    if (path.endsWith('/partners/enroll-customer')) {
      if (faults.has('blind12-enroll-validation-detail-missing') && status === 400 && Array.isArray(body.validationErrors)) {
        const { detail: _detail, ...rest } = body;
        return JSON.stringify(rest);
      }
      // blind12-enroll-created-location-only: CreatedAtAction with the id in the Location header alone.
      if (faults.has('blind12-enroll-created-location-only') && status === 200 && typeof body.CustomerId === 'string') {
        reply.code(201).header('location', `/api/v1/partners/customers/${body.CustomerId}`);
        reply.removeHeader('content-type');
        return '';
      }
    }
    if (path.endsWith('/partners/get-registered-cards') && status === 200 && Array.isArray(body.cards)) {
      const cards = faults.has('blind12-cards-art-data-uri')
        ? (body.cards as Json[]).map((c) => ({ ...c, cardArtAsBase64Png: `data:image/png;base64,${onePixelPng}` })) : body.cards;
      // blind12-cards-bare-array-with-query-version: the query-versioned controller is the older one, which returns the list itself.
      if (faults.has('blind12-cards-bare-array-with-query-version') && /[?&]apiVersion=/.test(request.url)) return JSON.stringify(cards);
      return cards === body.cards ? payload : JSON.stringify({ ...body, cards });
    }
    if (faults.has('blind12-obo-no-linked-code-plural') && path.endsWith('/partners/authenticate-obo') && status === 422 && body.errorCode === 'NO_LINKED_ACCOUNT')
      return JSON.stringify({ ...body, errorCode: 'NO_LINKED_ACCOUNTS' });
    return payload;
  };
}
