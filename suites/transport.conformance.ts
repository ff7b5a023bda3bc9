import { describe } from 'vitest';
import { negotiatedTlsMinimum, plainHttpNotServed } from '../checks/index.js';
import { probeHandshake, probePlainHttp } from '../client/tls-probe.js';
import { probePath } from '../client/tunnel.js';
import { maskProxyUrl } from '../client/proxy.js';
import { harness } from './lib/runner/context.js';
import { fixedCase, OutcomeBuilder } from './lib/access/case.js';
import { httpsEndpoints } from './lib/access/requests.js';
import { allowListCase } from './lib/access/transport.js';
import { FixtureError } from './lib/state/fixture-errors.js';

/**
 * Transport (interface.md "Authentication" 1-2, "Limits", D25, D26): TLS 1.2 or later, no
 * legacy handshake, no plain HTTP, and the allow list where the run has an address off it.
 * Probes go to {base_url} and {auth_url}; they carry no credentials and write nothing. Behind
 * a proxy they go through its CONNECT tunnel, as the requests do (NO_PROXY hosts direct).
 */
const ctx = harness();
const file = 'suites/transport.conformance.ts';
const area = 'transport';
const endpoints = httpsEndpoints(ctx);
const timeoutMs = ctx.profile.timeoutMs;
const paths = new Map(endpoints.map((e) => [e.label, probePath(ctx.profile.proxy, e, maskProxyUrl)]));
const pathOf = (e: (typeof endpoints)[number]) => paths.get(e.label)!;
const where = endpoints.map((e) => `${e.label}${pathOf(e).via === 'direct' ? '' : ` (${pathOf(e).via})`}`).join(', ');
/** SECLEVEL=0: OpenSSL 3 would otherwise refuse to offer (or finish) TLS 1.0/1.1 itself. */
const legacyCiphers = 'DEFAULT@SECLEVEL=0';

describe('transport', () => {
  fixedCase(ctx, file, {
    area, name: 'a handshake negotiates TLS 1.2 or later', requirements: ['TLS-MINIMUM'],
    description: `a TLS handshake at ${where} offering TLSv1 to TLSv1.3: the server picks`,
    run: async () => {
      const out = new OutcomeBuilder();
      for (const e of endpoints) {
        const r = await probeHandshake(e, { minVersion: 'TLSv1', maxVersion: 'TLSv1.3', ciphers: legacyCiphers, timeoutMs }, pathOf(e).open);
        if (!r.protocol) out.broken(`no TLS handshake with ${e.label} offering TLSv1 to TLSv1.3: ${r.failure?.message}`);
        else out.probe('TLS-MINIMUM', negotiatedTlsMinimum({ endpoint: e.label, offered: 'TLSv1 to TLSv1.3', protocol: r.protocol }));
      }
      return out.outcome();
    },
  });

  fixedCase(ctx, file, {
    area, name: 'a handshake capped at TLS 1.1 fails', requirements: ['TLS-MINIMUM'],
    description: `a TLS handshake at ${where} offering only TLSv1 and TLSv1.1`,
    run: async () => {
      const out = new OutcomeBuilder();
      for (const e of endpoints) {
        const r = await probeHandshake(e, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: legacyCiphers, timeoutMs }, pathOf(e).open);
        if (r.failure?.by === 'client') throw new FixtureError(`this machine's TLS library ended the TLS 1.1 handshake with ${e.label} itself (${r.failure.message}): the probe proves nothing about the target`);
        if (r.failure?.by === 'network') out.broken(`TLS 1.1 probe of ${e.label}: ${r.failure.message}`);
        else out.probe('TLS-MINIMUM', negotiatedTlsMinimum({ endpoint: e.label, offered: 'TLSv1 to TLSv1.1', ...(r.protocol ? { protocol: r.protocol } : {}) }));
      }
      return out.outcome();
    },
  });

  fixedCase(ctx, file, {
    area, name: 'plain HTTP on the HTTPS host and port is not served', requirements: ['HTTPS-ONLY'],
    description: `GET / in plain HTTP to ${where}`,
    run: async () => {
      const out = new OutcomeBuilder();
      for (const e of endpoints) {
        const r = await probePlainHttp(e, Math.min(timeoutMs, 5_000), pathOf(e).open);
        if (r.unreachable) out.broken(`plain-HTTP probe of ${e.label}: ${r.unreachable}`);
        else out.probe('HTTPS-ONLY', plainHttpNotServed({ endpoint: e.label, ...(r.status ? { status: r.status } : {}), ...(r.location ? { location: r.location } : {}) }));
      }
      return out.outcome();
    },
  });

  fixedCase(ctx, file, {
    area, name: 'a call from a source address off the allow list is refused', requirements: ['ALLOW-LIST'],
    description: `every operation and the token endpoint from TARGET_PROBE_SOURCE_ADDRESS, plainly and with forwarding headers naming an allowed address, apiVersion in the header and the query string in turn (${ctx.profile.probeSourceAddress ?? 'not set'})`,
    run: () => allowListCase(ctx),
  });
});
