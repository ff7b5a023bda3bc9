import type { FastifyReply, FastifyRequest } from 'fastify';
/**
 * The JSON object an onSend hook's payload holds, for the red teams' reply rewrites (blind10-13
 * replies.ts): each batch wrote the same parse blind, since a red team reads no other batch; the
 * lead moved it here after scoring.
 */
export type JsonObject = Record<string, unknown>;

/** The payload as a JSON object; undefined for an empty, non-string, non-JSON or non-object payload. */
export function payloadObject(payload: unknown): JsonObject | undefined {
  if (typeof payload !== 'string' || payload === '') return undefined;
  try {
    const v: unknown = JSON.parse(payload);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** One reply rewrite of a batch: the rewritten body, or undefined to leave the reply as it is. */
export type Reshape<C> = (c: C, slug: string, request: FastifyRequest, reply: FastifyReply, body: JsonObject) => JsonObject | undefined;

/**
 * The route-level onSend hook of a red-team batch whose faults rewrite JSON replies: the first
 * reshaper that answers wins; undefined (no hook) when none of the batch's faults is on. Batches
 * 18 and 19 each wrote this hook blind; the lead moved it here after scoring.
 */
export function batchOnSend<C>(active: boolean, c: C, reshapers: ReadonlyArray<Reshape<C>>): ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>) | undefined {
  if (!active) return undefined;
  return async (request, reply, payload) => {
    const body = payloadObject(payload);
    if (!body) return payload;
    const slug = request.url.split('?')[0]!.split('/').pop() ?? '';
    for (const reshape of reshapers) {
      const out = reshape(c, slug, request, reply, body);
      if (out) return JSON.stringify(out);
    }
    return payload;
  };
}
