import { embeddedReferenceVariable, type Profile } from '../contract/profile.js';
import { tokenContract } from '../contract/token.js';
import { TokenClient } from '../client/token.js';
import { createTransport } from '../client/transport.js';
import type { RunningReference } from '../reference/server.js';

/** The target a run talks to, as the TARGET_* variables the suites read. */
export interface ResolvedTarget {
  readonly embedded: boolean;
  readonly env: Readonly<Record<string, string>>;
  /** REFERENCE_CHAOS: what the embedded reference injected so far, by kind. */
  readonly chaosInjected?: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

/** Proxy variables the embedded run clears for its workers (an empty value reads as unset, contract/proxy-settings.ts). */
const embeddedDirect = ['TARGET_PROXY', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** Address the embedded reference does not allow: enables the allow-list probe (D25). */
export const referenceProbeSource = '127.0.0.2';

/**
 * An expired partner-scope token of the embedded reference (its reference-only path issues
 * tokens born expired), for the bearer suite's expired-token case (D2). Undefined when it
 * cannot be had: the case is then reported not covered.
 */
export async function expiredReferenceToken(reference: RunningReference): Promise<string | undefined> {
  const { expiredTokenPath } = await import('../reference/token-endpoint.js');
  const transport = createTransport({ ca: reference.caPem, timeoutMs: 5_000, concurrency: 1, rateLimit: 10, retry: { maxAttempts: 1 } });
  try {
    const tokens = new TokenClient({
      transport, authUrl: `${reference.baseUrl}${expiredTokenPath}`, clientId: reference.clientId, clientSecret: reference.clientSecret,
      credentialsIn: 'basic', defaultScope: `${reference.scopeBase}${tokenContract.partnerScopeSuffix}`,
    });
    const json = (await tokens.requestToken()).response?.json as { access_token?: unknown } | undefined;
    return typeof json?.access_token === 'string' ? json.access_token : undefined;
  } finally {
    await transport.close();
  }
}

/**
 * The TARGET_* variables that point a run at a reference, reached at `baseUrl` (its own, or a
 * proxy's in front of it): the token path is kept, the CA stays the reference's.
 */
export function referenceTargetEnv(reference: RunningReference, baseUrl: string = reference.baseUrl): Record<string, string> {
  return {
    TARGET_BASE_URL: baseUrl,
    TARGET_AUTH_URL: `${baseUrl}${new URL(reference.authUrl).pathname}`,
    TARGET_CA_FILE: reference.caFile,
    TARGET_CLIENT_ID: reference.clientId,
    TARGET_CLIENT_SECRET: reference.clientSecret,
    TARGET_SCOPE_BASE: reference.scopeBase,
    TARGET_DENIED_CLIENT_ID: reference.deniedClientId,
    TARGET_DENIED_CLIENT_SECRET: reference.deniedClientSecret,
  };
}

/** `seed`: the run's seed, which also seeds REFERENCE_CHAOS unless it names its own. */
export async function resolveTarget(profile: Profile, seed = profile.seed ?? 0): Promise<ResolvedTarget> {
  if (profile.target) {
    return { embedded: false, env: {}, close: async () => {} };
  }
  const { startReference } = await import('../reference/server.js');
  const reference = await startReference({
    faults: [...profile.referenceFaults], readings: [...profile.referenceReadings],
    ...(profile.referenceChaos ? { chaos: profile.referenceChaos, chaosSeed: seed } : {}),
    ...(profile.referenceLatencyMs ? { latencyMs: profile.referenceLatencyMs } : {}),
  });
  const expiredToken = await expiredReferenceToken(reference);
  return {
    embedded: true,
    env: {
      ...referenceTargetEnv(reference),
      // The embedded reference is this machine's own, on loopback: never through a proxy the user's environment names.
      ...Object.fromEntries(embeddedDirect.map((name) => [name, ''])),
      ...(profile.probeSourceAddress ? {} : { TARGET_PROBE_SOURCE_ADDRESS: referenceProbeSource }),
      ...(expiredToken ? { TARGET_EXPIRED_TOKEN: expiredToken } : {}),
      [embeddedReferenceVariable]: '1',
    },
    ...(reference.chaosInjected ? { chaosInjected: reference.chaosInjected } : {}),
    close: () => reference.close(),
  };
}
