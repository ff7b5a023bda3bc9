/**
 * Forward-proxy settings of a run, resolved once from TARGET_PROXY and the variables the
 * ecosystem reads (curl, npm, undici): https_proxy / HTTPS_PROXY, http_proxy / HTTP_PROXY,
 * no_proxy / NO_PROXY, the lower-case form first as undici and curl do. Empty strings mean
 * "none": the client hands them to undici as such, so it never falls back to a variable of
 * the process that this resolution did not choose.
 * @see docs/network.md
 */
export interface ProxySettings {
  /** Proxy of https:// requests: TARGET_PROXY, else https_proxy / HTTPS_PROXY, else the HTTP one (as undici). */
  readonly httpsProxy: string;
  /** Proxy of http:// requests (http_proxy / HTTP_PROXY); the harness itself sends none. */
  readonly httpProxy: string;
  /** Hosts reached directly: comma or space separated, `*` for all, `.example.com` for a domain. */
  readonly noProxy: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The proxy variables other than TARGET_PROXY, each in the two spellings the ecosystem accepts. */
export const ecosystemProxyVariables = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'] as const;

const read = (env: Env, name: (typeof ecosystemProxyVariables)[number]): string =>
  env[name.toLowerCase()] || env[name] || '';

/** A proxy URL must be http:// or https:// with a host; returns the problem, or undefined. */
export function proxyUrlProblem(value: string): string | undefined {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http:// or https:// proxy URL';
    if (!u.hostname) return 'must name the proxy host';
    return undefined;
  } catch {
    return 'must be a proxy URL such as http://proxy.corp.example:3128';
  }
}

/** The run's proxy, or undefined when every request goes direct. */
export function resolveProxy(env: Env, explicit: string | undefined): ProxySettings | undefined {
  const httpProxy = read(env, 'HTTP_PROXY');
  const httpsProxy = explicit || read(env, 'HTTPS_PROXY') || httpProxy;
  if (!httpsProxy && !httpProxy) return undefined;
  return { httpsProxy, httpProxy, noProxy: read(env, 'NO_PROXY') };
}

/** The lower-case spellings that are set and do not hold a proxy URL: problems for loadProfile. */
export function lowerCaseProxyProblems(env: Env): { variable: string; message: string }[] {
  return ['https_proxy', 'http_proxy'].flatMap((variable) => {
    const value = env[variable];
    const message = value ? proxyUrlProblem(value) : undefined;
    return message ? [{ variable, message }] : [];
  });
}
