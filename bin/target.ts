import type { Profile } from '../contract/profile.js';

/** The target a run talks to, as the TARGET_* variables the suites read. */
export interface ResolvedTarget {
  readonly embedded: boolean;
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** Address the embedded reference does not allow: enables the allow-list probe (D25). */
const referenceProbeSource = '127.0.0.2';

export async function resolveTarget(profile: Profile): Promise<ResolvedTarget> {
  if (profile.target) {
    return { embedded: false, env: {}, close: async () => {} };
  }
  const { startReference } = await import('../reference/server.js');
  const reference = await startReference({ faults: [...profile.referenceFaults] });
  return {
    embedded: true,
    env: {
      TARGET_BASE_URL: reference.baseUrl,
      TARGET_AUTH_URL: reference.authUrl,
      TARGET_CA_FILE: reference.caFile,
      TARGET_CLIENT_ID: reference.clientId,
      TARGET_CLIENT_SECRET: reference.clientSecret,
      TARGET_SCOPE_BASE: reference.scopeBase,
      TARGET_DENIED_CLIENT_ID: reference.deniedClientId,
      TARGET_DENIED_CLIENT_SECRET: reference.deniedClientSecret,
      ...(profile.probeSourceAddress ? {} : { TARGET_PROBE_SOURCE_ADDRESS: referenceProbeSource }),
    },
    close: () => reference.close(),
  };
}
