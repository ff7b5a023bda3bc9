import type { FaultSet } from './faults/types.js';
import type { ReadingSet } from './readings.js';

/**
 * Decorations the reference core adds to fastify, for the operation handlers:
 * - `app.faults` (also reachable as `request.server.faults`): the switched-on faults;
 * - `request.clientId`: the OAuth client id of the verified bearer token ('' outside /api/; set before any
 *   /api/ handler runs; the built-in test client when the `bearer-not-required` fault let
 *   a call without a token through).
 */
declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultSet;
    /** The switched-on conformant alternative readings (reference/readings.ts). */
    readings: ReadingSet;
  }
  interface FastifyRequest {
    clientId: string;
  }
}

export {};
