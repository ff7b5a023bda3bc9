import { minTlsVersion } from '../contract/token.js';
import { referenceOnlyErrors } from '../contract/errors.js';
import { defineInputCheck } from './define.js';
import type { Finding } from './finding.js';

/**
 * Transport rules, judged on what a probe saw below HTTP (a TLS handshake, a plain-HTTP
 * exchange, a request from another source address). The probes live in client/; these
 * oracles only read their outcome, so they stay pure.
 */

const order = ['SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
const rank = (protocol: string): number => order.indexOf(protocol);

export interface HandshakeOutcome {
  /** host:port probed. */
  readonly endpoint: string;
  /** What the client offered, e.g. "TLSv1 to TLSv1.1". */
  readonly offered: string;
  /** The protocol negotiated; absent when the handshake failed. */
  readonly protocol?: string;
}

/**
 * TLS-MINIMUM (D26): whatever the client offered, a handshake that completes negotiates
 * TLS 1.2 or later. A probe that offers only TLS 1.0 and 1.1 must therefore fail.
 * @see interface.md "Authentication" 1, "Limits"
 */
export const negotiatedTlsMinimum = defineInputCheck({
  id: 'negotiatedTlsMinimum', requirement: 'TLS-MINIMUM', takes: 'probe', expectation: 'HandshakeOutcome',
  description: 'a completed handshake negotiates TLS 1.2 or later; a TLS 1.0/1.1-only offer fails (D26)',
  rule: (fail) => (o: HandshakeOutcome): Finding[] => {
    if (o.protocol === undefined || rank(o.protocol) >= rank(minTlsVersion)) return [];
    return [fail('Transport', {
      title: 'Legacy TLS negotiated',
      received: `${o.protocol} negotiated at ${o.endpoint} (client offered ${o.offered})`,
      documented: `TLS ${minTlsVersion.replace('TLSv', '')} or later; an older handshake fails`,
      key: [o.endpoint, o.protocol],
    })];
  },
});

export interface PlainHttpOutcome {
  readonly endpoint: string;
  /** Status of an HTTP answer to the plain-text request; absent when none came. */
  readonly status?: number;
  readonly location?: string;
}

/** Answers that refuse plain HTTP rather than serve it: "use HTTPS" statuses and redirects to https. */
const refusalStatuses = new Set([400, 403, 426]);
const redirectsToHttps = (o: PlainHttpOutcome) => o.status !== undefined && o.status >= 300 && o.status < 400 && /^https:/i.test(o.location ?? '');

/**
 * HTTPS-ONLY (D26): a plain-HTTP request on the HTTPS host and port gets no HTTP answer, or
 * only one that refuses it (400 as many TLS terminators send, 403, 426, a redirect to https).
 * @see interface.md "Authentication" 1
 */
export const plainHttpNotServed = defineInputCheck({
  id: 'plainHttpNotServed', requirement: 'HTTPS-ONLY', takes: 'probe', expectation: 'PlainHttpOutcome',
  description: 'plain HTTP on the HTTPS host and port gets no answer or a refusal (D26)',
  rule: (fail) => (o: PlainHttpOutcome): Finding[] => {
    if (o.status === undefined || refusalStatuses.has(o.status) || redirectsToHttps(o)) return [];
    return [fail('Transport', {
      title: 'Plain HTTP served',
      received: `status ${o.status} to a plain-HTTP request at ${o.endpoint}`,
      documented: 'HTTPS only: no HTTP answer, or a refusal (400, 403, 426, redirect to https)',
      key: [o.endpoint, o.status],
    })];
  },
});

export interface OffListOutcome {
  readonly sourceAddress: string;
  readonly operation: string;
  /** Status of the answer; absent when the connection was refused, reset or never accepted. */
  readonly status?: number;
}

/**
 * ALLOW-LIST (D25): a request from a source address off the allow list is refused, with 403
 * or at the connection. The same request from the run's own address was served.
 * @see interface.md "Authentication" 2
 */
export const offListSourceRefused = defineInputCheck({
  id: 'offListSourceRefused', requirement: 'ALLOW-LIST', takes: 'probe', expectation: 'OffListOutcome',
  description: 'a request from a source off the allow list gets 403 or a refused connection (D25)',
  rule: (fail) => (o: OffListOutcome): Finding[] => {
    if (o.status === undefined || o.status === referenceOnlyErrors.forbidden.status) return [];
    return [fail(o.operation, {
      title: 'Source off the allow list served',
      received: `status ${o.status} from source address ${o.sourceAddress}`,
      documented: `calls are accepted only from allow-listed addresses: ${referenceOnlyErrors.forbidden.status} or a refused connection`,
      key: [o.sourceAddress, o.status],
    })];
  },
});
