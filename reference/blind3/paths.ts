import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { SwitchSet } from '../switchboard.js';

/**
 * Server options of the round-3 blind readings (reference/readings-blind3.ts): path matching
 * (blind3-trailing-slash, blind3-paths-any-case), connections (blind3-max-requests-per-connection,
 * blind3-keep-alive-one-second) and HEAD (blind3-no-head). Empty when none is on.
 */
export function blind3ServerOptions(readings: SwitchSet): Record<string, unknown> {
  const slash = readings.has('blind3-trailing-slash');
  const anyCase = readings.has('blind3-paths-any-case');
  const rewriteUrl = (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let path = q < 0 ? url : url.slice(0, q);
    if (anyCase) path = path.toLowerCase();
    if (slash && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    return path + (q < 0 ? '' : url.slice(q));
  };
  return {
    ...(slash || anyCase ? { rewriteUrl } : {}),
    ...(readings.has('blind3-max-requests-per-connection') ? { maxRequestsPerSocket: 5 } : {}),
    ...(readings.has('blind3-keep-alive-one-second') ? { keepAliveTimeout: 1000 } : {}),
    ...(readings.has('blind3-no-head') ? { exposeHeadRoutes: false } : {}),
  };
}

/** The path as the client sent it, when a path reading rewrote it for routing (Problem `instance`); otherwise undefined. */
export function sentPath(request: FastifyRequest): string | undefined {
  const readings = request.server.readings;
  if (!readings?.has('blind3-trailing-slash') && !readings?.has('blind3-paths-any-case')) return undefined;
  return request.originalUrl.split('?')[0];
}
