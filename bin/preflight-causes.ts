import type { Exchange } from '../client/exchange.js';

/**
 * What stops a run before any suite: the environment problems a first run meets (issue 29),
 * each named in one line with what to do, so that none is blamed on the target. Exit 2 where
 * the fix is this run's configuration, 3 where it is the network or the partner's side.
 * Anything else (a 500, a malformed token answer) is the suites' to judge: undefined.
 */
export interface PreflightStop {
  readonly exitCode: 2 | 3;
  readonly line: string;
}

export interface PreflightContext {
  /** 'the token endpoint' or 'AuthenticatePartner'. */
  readonly step: string;
  /** The masked proxy in use, when the request went through one. */
  readonly proxy?: string;
  /** Whether the proxy URL carries credentials. */
  readonly proxyHasCredentials?: boolean;
  readonly caFile?: string;
}

const unknownCa = /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT/;
const nameMismatch = /ERR_TLS_CERT_ALTNAME_INVALID|Hostname\/IP does not match/;
const dns = /\b(ENOTFOUND|EAI_AGAIN)\b/;
/** Node's lookup error names the host: `getaddrinfo ENOTFOUND proxy.corp.example`. */
const lookupHost = /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.:-]+)/;
/** A code the target sent is quoted only when it looks like one: never an echoed value. */
const plainCode = /^[A-Za-z_]{1,40}$/;
const proxyStatus = /Proxy response \((\d{3})\) !== 200|Proxy Authentication Required \((\d{3})\)/;

/** The allow-list line (D25): the brief's own wording, the variables as contract/profile-variables.ts names them. */
export const allowListAdvice = "this machine's address is not on the target's allow list: ask the partner to add it (behind a proxy, the proxy's address), or set TARGET_PROBE_SOURCE_ADDRESS only for the probe";

/** A transport failure that names its cause; undefined leaves it to the generic unreachable line. */
export function transportStop(x: Exchange, c: PreflightContext): PreflightStop | undefined {
  const error = x.transportError;
  if (!error) return undefined;
  const url = new URL(x.request.url);
  const proxied = proxyStatus.exec(error.message);
  if (proxied) {
    const status = proxied[1] ?? proxied[2];
    const proxy = c.proxy ?? 'the proxy';
    if (status === '407')
      return { exitCode: 2, line: `Preflight: ${proxy} answered 407 Proxy Authentication Required to the tunnel to ${url.host}: ${c.proxyHasCredentials ? 'it refused the user and password of the proxy URL; correct them' : 'put its user and password in the proxy URL'} (TARGET_PROXY or HTTPS_PROXY, http://user:password@host:port).` };
    return { exitCode: 3, line: `Preflight: ${proxy} refused the tunnel to ${url.host} (${status}): ask its administrators to allow CONNECT to ${url.host}, or list the host in NO_PROXY if this machine reaches it directly.` };
  }
  if (error.code === 'TLS_FAILURE' && nameMismatch.test(error.message))
    return { exitCode: 3, line: `Preflight: the TLS certificate at ${url.origin} does not name ${url.hostname} (ERR_TLS_CERT_ALTNAME_INVALID): use the host name the certificate was issued for in TARGET_BASE_URL / TARGET_AUTH_URL, or ask the partner to fix the certificate.` };
  if (error.code === 'TLS_FAILURE' && unknownCa.test(error.message)) {
    const code = unknownCa.exec(error.message)![0];
    return { exitCode: 2, line: `Preflight: the TLS certificate at ${url.origin} was issued by a CA this run does not trust (${code}): ${c.caFile ? `TARGET_CA_FILE (${c.caFile}) does not hold it; set it to the CA certificate (PEM) that issued the target's certificate` : 'set TARGET_CA_FILE to the CA certificate (PEM) that issued the target\'s certificate'}.` };
  }
  const lookup = dns.exec(error.message);
  if (lookup) {
    const host = lookupHost.exec(error.message)?.[1] ?? url.hostname;
    return { exitCode: 3, line: `Preflight: the host name ${host} does not resolve (${lookup[1]}): check ${c.proxy ? 'the proxy URL (TARGET_PROXY or HTTPS_PROXY) and ' : ''}TARGET_BASE_URL / TARGET_AUTH_URL and this machine's DNS${c.proxy ? '' : '; where the target is reachable only through a proxy, set HTTPS_PROXY or TARGET_PROXY'}.` };
  }
  return undefined;
}

/** A refusal at the token endpoint with the run's own credentials. */
export function tokenStop(x: Exchange): PreflightStop | undefined {
  const status = x.response?.status;
  const error = (x.response?.json as { error?: unknown } | undefined)?.error;
  if (status === 403) return { exitCode: 3, line: `Preflight: the token endpoint ${x.request.url} answered 403${problemCode(x)}: ${allowListAdvice}.` };
  if (status === 401 || error === 'invalid_client')
    return { exitCode: 2, line: `Preflight: the token endpoint ${x.request.url} refused this run's client credentials (${status}${typeof error === 'string' && plainCode.test(error) ? ` ${error}` : ''}): check TARGET_CLIENT_ID and TARGET_CLIENT_SECRET (a rotated secret?) and TARGET_CREDENTIALS_IN; no other token request was sent.` };
  return undefined;
}

/** A refusal of the partner call made with the token the run just got. */
export function partnerStop(x: Exchange): PreflightStop | undefined {
  const status = x.response?.status;
  if (status === 403) return { exitCode: 3, line: `Preflight: AuthenticatePartner at ${x.request.url} answered 403${problemCode(x)}: ${allowListAdvice}.` };
  if (status === 401)
    return { exitCode: 3, line: `Preflight: AuthenticatePartner at ${x.request.url} refused the access token this run just got (401${problemCode(x)}): ask the partner to enable TARGET_CLIENT_ID for the partner API, and check TARGET_PARTNER_SCOPE / TARGET_SCOPE_BASE.` };
  return undefined;
}

function problemCode(x: Exchange): string {
  const code = (x.response?.json as { errorCode?: unknown } | undefined)?.errorCode;
  return typeof code === 'string' && plainCode.test(code) ? ` ${code}` : '';
}
