import { readFileSync } from 'node:fs';
import type { Profile } from '../contract/profile.js';
import { createPartnerClient, type PartnerTarget } from '../client/partner.js';
import { maskProxyUrl, proxyCredentials } from '../client/proxy.js';
import type { Exchange } from '../client/exchange.js';
import { tokenTimeProblem } from '../checks/token-time.js';
import type { ResolvedTarget } from './target.js';
import { partnerStop, tokenStop, transportStop, type PreflightContext, type PreflightStop } from './preflight-causes.js';

/** The preflight waits at most this long per request: an unreachable target stops the run within seconds. */
const preflightTimeoutMs = 5_000;

const hints: Record<string, string> = {
  TARGET_UNREACHABLE: 'check TARGET_BASE_URL and TARGET_AUTH_URL, the network path (the proxy, when one is set) and that this machine is on the target allow list',
  CONNECTION_RESET: "the target closed the connection before answering; a target may refuse an address off its allow list that way (D25): ask the partner whether this machine's address is on it",
  TLS_FAILURE: 'set TARGET_CA_FILE to the CA certificate (PEM) that issued the target certificate',
  TIMEOUT: 'the target accepted no request in time; check the address or raise TARGET_TIMEOUT_MS',
};

function unreachableStop(x: Exchange): PreflightStop {
  const code = x.transportError?.code ?? 'TRANSPORT_ERROR';
  return { exitCode: 3, line: `Target unreachable at ${x.request.url.replace(/\/$/, '')}: ${code} (${x.transportError?.message ?? 'no answer'}); ${hints[code] ?? 'check the address and the network'}.` };
}

/** The target the run talks to: the embedded reference's variables, or the user's profile. */
function partnerTarget(profile: Profile, target: ResolvedTarget): PartnerTarget | undefined {
  const env = target.env;
  const baseUrl = env.TARGET_BASE_URL ?? profile.target?.baseUrl;
  const clientId = env.TARGET_CLIENT_ID ?? profile.target?.clientId;
  const clientSecret = env.TARGET_CLIENT_SECRET ?? profile.target?.clientSecret;
  if (!baseUrl || !clientId || !clientSecret) return undefined;
  const caFile = env.TARGET_CA_FILE ?? profile.caFile;
  return {
    baseUrl, clientId, clientSecret,
    authUrl: env.TARGET_AUTH_URL ?? profile.target?.authUrl ?? `${baseUrl}/oauth2/token`,
    ...(caFile ? { caPem: readFileSync(caFile, 'utf8') } : {}),
  };
}

/**
 * Before any suite: one token request with the run's own credentials, then one AuthenticatePartner
 * with that token, through the same client (proxy, CA, limits) the suites use. A refusal that
 * is the environment's (allow list, credentials, CA, proxy, DNS, no connection) stops the run
 * with one line and exit 2 or 3, having sent at most one failing token request (a 401 is never
 * retried) and no requirement judged. Returns undefined when the suites may run.
 * @see preflight-causes.ts, docs/network.md
 */
export async function preflight(profile: Profile, target: ResolvedTarget): Promise<PreflightStop | undefined> {
  const partner = partnerTarget(profile, target);
  if (!partner) return { exitCode: 3, line: 'Target unreachable: no TARGET_BASE_URL or client was resolved (harness bug).' };
  // The embedded reference is reached directly (bin/target.ts clears the proxy for the workers too).
  const proxy = target.embedded ? undefined : profile.proxy;
  const client = createPartnerClient({
    profile: { ...profile, proxy, timeoutMs: Math.min(profile.timeoutMs, preflightTimeoutMs), concurrency: 1 },
    target: partner,
  });
  const context = (step: string): PreflightContext => ({
    step,
    ...(proxy ? { proxy: `the proxy ${maskProxyUrl(proxy.httpsProxy || proxy.httpProxy)}`, proxyHasCredentials: proxyCredentials(proxy.httpsProxy).length > 0 } : {}),
    ...(target.env.TARGET_CA_FILE ?? profile.caFile ? { caFile: target.env.TARGET_CA_FILE ?? profile.caFile } : {}),
  });
  const stopFor = (x: Exchange, step: string, refusal: (x: Exchange) => PreflightStop | undefined): PreflightStop | undefined =>
    x.transportError ? transportStop(x, context(step)) ?? unreachableStop(x) : refusal(x);
  try {
    const tokenExchange = await client.token.requestToken();
    const stop = stopFor(tokenExchange, 'the token endpoint', tokenStop);
    if (stop) return stop;
    const accessToken = (tokenExchange.response?.json as { access_token?: unknown } | undefined)?.access_token;
    // A token answer the harness cannot use is the token suite's finding, not the environment's.
    if (tokenExchange.response?.status !== 200 || typeof accessToken !== 'string' || accessToken === '') return undefined;
    const call = await client.call('AuthenticatePartner', { body: { deviceId: profile.deviceId } }, { bearer: accessToken });
    // A 401 to a token that was already expired (or not yet valid) when it arrived, by this machine's clock, is the
    // target's defect, not the environment's: the token suite fails TOKEN-ISSUED (blind18).
    const unusable = tokenTimeProblem(accessToken, tokenExchange.receivedAtMs ?? Date.now());
    if (unusable && call.response?.status === 401) return undefined;
    return stopFor(call, 'AuthenticatePartner', partnerStop);
  } finally {
    await client.close();
  }
}
