import type { Exchange } from '../../client/exchange.js';

/** The JSON object of a reply, or {}. */
export function body(x: Exchange): Record<string, unknown> {
  const json = x.response?.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}
