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
