import { readFileSync } from 'node:fs';
import type { Profile } from '../contract/profile.js';
import { createTransport } from '../client/transport.js';
import type { ResolvedTarget } from './target.js';

/** The preflight waits at most this long: an unreachable target stops the run within seconds. */
const preflightTimeoutMs = 5_000;

const hints: Record<string, string> = {
  TARGET_UNREACHABLE: 'check TARGET_BASE_URL and TARGET_AUTH_URL, the network path and that this machine is on the target allow list',
  TLS_FAILURE: 'set TARGET_CA_FILE to the CA certificate (PEM) that issued the target certificate',
  TIMEOUT: 'the target accepted no request in time; check the address or raise TARGET_TIMEOUT_MS',
};

/**
 * One request to the base URL, and one to the token endpoint when it lives elsewhere, before
 * any suite runs: any HTTP answer means reachable. Returns the message to print (naming the
 * address and the cause) or undefined.
 */
export async function preflight(profile: Profile, target: ResolvedTarget): Promise<string | undefined> {
  const baseUrl = target.env.TARGET_BASE_URL ?? profile.target?.baseUrl;
  if (!baseUrl) return 'Target unreachable: no TARGET_BASE_URL was resolved (harness bug).';
  const authUrl = target.env.TARGET_AUTH_URL ?? profile.target?.authUrl;
  const urls = [`${baseUrl}/`, ...(authUrl && new URL(authUrl).origin !== new URL(baseUrl).origin ? [authUrl] : [])];
  const caFile = target.env.TARGET_CA_FILE ?? profile.caFile;
  const transport = createTransport({
    timeoutMs: Math.min(profile.timeoutMs, preflightTimeoutMs),
    concurrency: 1,
    rateLimit: profile.rateLimit,
    // A flaky target's 503 or reset must not stop the run before it starts (TARGET_RETRY_ATTEMPTS).
    retry: { maxAttempts: profile.retryAttempts, retryAfterCapMs: profile.retryMaxWaitMs },
    ...(caFile ? { ca: readFileSync(caFile, 'utf8') } : {}),
  });
  try {
    for (const url of urls) {
      const x = await transport.send({ operation: 'Preflight', method: 'GET', url, query: {}, headers: {}, correlationId: 'preflight' });
      if (x.response && !x.transportError) continue;
      const code = x.transportError?.code ?? 'TRANSPORT_ERROR';
      return `Target unreachable at ${url.replace(/\/$/, '')}: ${code} (${x.transportError?.message ?? 'no answer'}); ${hints[code] ?? 'check the address and the network'}.`;
    }
    return undefined;
  } finally {
    await transport.close();
  }
}
