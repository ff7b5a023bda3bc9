import { existsSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import type { Method } from './types.js';
import { operations } from './operations.js';
import { tokenContract } from './token.js';
import { variables, type VariableName, type VariableSpec } from './profile-variables.js';
import type { ChaosSettings } from './chaos.js';
import { lowerCaseProxyProblems, resolveProxy, type ProxySettings } from './proxy-settings.js';

/** One problem with one variable: printed as one line. */
export interface ConfigProblem {
  readonly variable: string;
  readonly message: string;
  readonly received?: string;
  readonly example: string;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map(formatConfigProblem).join('\n'));
    this.name = 'ConfigError';
  }
}

export function formatConfigProblem(p: ConfigProblem): string {
  const received = p.received === undefined ? '' : `, received ${JSON.stringify(p.received)}`;
  return `${p.variable} ${p.message}${received} (example: ${p.example})`;
}

export interface ExternalTarget {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface Profile {
  /** undefined: the embedded reference service is the target. */
  readonly target: ExternalTarget | undefined;
  readonly scopeBase: string;
  readonly partnerScope: string | undefined;
  readonly credentialsIn: 'basic' | 'body';
  readonly apiVersionIn: 'header' | 'query';
  readonly caFile: string | undefined;
  readonly deviceId: string;
  readonly declinedCardNumber: string;
  readonly deniedCardBin: string;
  readonly kind: 'sandbox' | 'production';
  readonly allowWrites: boolean;
  readonly emailKey: 'emailAddress' | 'email';
  readonly methods: Readonly<Record<string, Method>>;
  readonly strictKeyCase: boolean;
  readonly probeSourceAddress: string | undefined;
  /** TARGET_PROXY or HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case): undefined goes direct. */
  readonly proxy: ProxySettings | undefined;
  readonly fixtures: { readonly customerId?: string; readonly cardId?: string };
  /**
   * The run family's key (issue 30 item 6): a SHA-256 in hex of CONFORMANCE_FAMILY, else of the
   * target's base URL and client id, never the clear text. The same every night against one target,
   * so the customers a run can use again are found again. Undefined for the embedded reference
   * (it starts empty: there is nothing to find) unless CONFORMANCE_FAMILY is set.
   */
  readonly family: string | undefined;
  readonly concurrency: number;
  readonly rateLimit: number;
  readonly timeoutMs: number;
  /** TARGET_RETRY_ATTEMPTS: attempts in all of a request answered 429/503 or cut off where repeating is safe. */
  readonly retryAttempts: number;
  /** TARGET_RETRY_MAX_WAIT_MS: the longest wait before a retry; a longer Retry-After is cut to it. */
  readonly retryMaxWaitMs: number;
  /** CONFORMANCE_RERUNS: times a case whose exchange broke is run again from the start before it reads broken. */
  readonly reruns: number;
  readonly runs: number;
  /** CONFORMANCE_RUNS was set: it wins over the budget (every property runs `runs` cases). */
  readonly runsSet: boolean;
  /** CONFORMANCE_BUDGET, or the profile kind's default: requests a full run may spend (suites/lib/runner/budget.ts). */
  readonly budget: number;
  readonly writeRuns: number;
  readonly seed: number | undefined;
  readonly path: string | undefined;
  readonly only: readonly string[];
  /** CONFORMANCE_SKIP: requirement ids, operations or sections the user accepts leaving unchecked. */
  readonly skip: readonly string[];
  readonly reportDir: string;
  readonly referenceFaults: readonly string[];
  readonly referenceReadings: readonly string[];
  /** REFERENCE_CHAOS: transient faults the embedded reference injects (reference/chaos.ts). */
  readonly referenceChaos: ChaosSettings | undefined;
  /** REFERENCE_LATENCY_MS: milliseconds the embedded reference holds every reply (0: none). */
  readonly referenceLatencyMs: number;
}

export const defaults = {
  scopeBase: 'https://api.example.test',
  credentialsIn: 'basic',
  apiVersionIn: 'header',
  declinedCardNumber: '4000000000000002',
  deniedCardBin: '999999',
  kind: 'sandbox',
  emailKey: 'emailAddress',
  concurrency: 4,
  rateLimit: 200,
  timeoutMs: 10_000,
  retryAttempts: 3,
  retryMaxWaitMs: 10_000,
  // Three: a case of four writes meets a lost reply in about 8% of its runs on a target losing 2% of them;
  // one broken in four runs in a row is then rare enough across the few hundred cases of a run.
  reruns: 3,
  runs: 100,
  /** A valid write leaves a customer or a card behind on a shared sandbox (customers cannot be deleted). */
  writeRuns: 2,
  /** Requests of a full run; production sends only reads, so fewer properties share it. */
  budget: { sandbox: 2000, production: 1200 },
  reportDir: 'reports',
  authPath: '/oauth2/token',
} as const;

/** TARGET_RATE_LIMIT when unset and the target is the embedded reference (it runs on this machine). */
export const embeddedReferenceRateLimit = 2000;

type Env = Readonly<Record<string, string | undefined>>;

/** A comma-separated list, blanks dropped. */
const list = (value: unknown): string[] => (typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

/**
 * Reads and validates the target profile. Collects every problem before throwing, so a
 * user fixes their configuration in one pass.
 */
export function loadProfile(env: Env): Profile {
  const problems: ConfigProblem[] = [];
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const [name, spec] of Object.entries(variables) as [VariableName, VariableSpec][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const parsed = spec.schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else
      problems.push({
        variable: name,
        message: parsed.error.issues[0]?.message ?? 'is not valid',
        ...(spec.secret ? {} : { received: raw }),
        example: spec.example,
      });
  }
  const problem = (variable: VariableName, message: string, received?: string) =>
    problems.push({ variable, message, example: variables[variable].example, ...(received === undefined ? {} : { received }) });

  const baseUrl = values.TARGET_BASE_URL as string | undefined;
  if (env.TARGET_BASE_URL) {
    if (!env.TARGET_CLIENT_ID) problem('TARGET_CLIENT_ID', 'is required when TARGET_BASE_URL is set');
    if (!env.TARGET_CLIENT_SECRET) problem('TARGET_CLIENT_SECRET', 'is required when TARGET_BASE_URL is set');
  }
  const caFile = values.TARGET_CA_FILE as string | undefined;
  if (caFile && !existsSync(caFile)) problem('TARGET_CA_FILE', 'names a file that does not exist', caFile);

  const methods: Record<string, Method> = Object.fromEntries(operations.map((o) => [o.id, o.method]));
  for (const pair of ((values.TARGET_METHODS as string | undefined) ?? '').split(',').filter(Boolean)) {
    const [id, method] = pair.split('=') as [string, Method];
    if (!(id in methods)) problem('TARGET_METHODS', `names an unknown operation ${id}; known: ${Object.keys(methods).join(', ')}`, pair);
    else methods[id] = method;
  }
  for (const p of lowerCaseProxyProblems(env)) problems.push({ ...p, example: variables.HTTPS_PROXY.example });
  if (values.CONFORMANCE_PATH !== undefined && values.CONFORMANCE_SEED === undefined)
    problem('CONFORMANCE_SEED', 'is required with CONFORMANCE_PATH: a path replays only under the seed that printed it');
  if (problems.length > 0) throw new ConfigError(problems);

  const scopeBase = (values.TARGET_SCOPE_BASE as string | undefined) ?? defaults.scopeBase;
  const trimSlash = (u: string) => u.replace(/\/+$/, '');
  return {
    target: baseUrl
      ? {
          baseUrl: trimSlash(baseUrl),
          authUrl: (values.TARGET_AUTH_URL as string | undefined) ?? `${trimSlash(baseUrl)}${defaults.authPath}`,
          clientId: values.TARGET_CLIENT_ID as string,
          clientSecret: values.TARGET_CLIENT_SECRET as string,
        }
      : undefined,
    scopeBase,
    partnerScope: (values.TARGET_PARTNER_SCOPE as string | undefined) ?? `${scopeBase}${tokenContract.partnerScopeSuffix}`,
    credentialsIn: (values.TARGET_CREDENTIALS_IN as Profile['credentialsIn'] | undefined) ?? defaults.credentialsIn,
    apiVersionIn: (values.TARGET_API_VERSION_IN as Profile['apiVersionIn'] | undefined) ?? defaults.apiVersionIn,
    caFile,
    deviceId: (values.TARGET_DEVICE_ID as string | undefined) ?? randomUUID(),
    declinedCardNumber: (values.TARGET_DECLINED_CARD_NUMBER as string | undefined) ?? defaults.declinedCardNumber,
    deniedCardBin: (values.TARGET_DENIED_CARD_BIN as string | undefined) ?? defaults.deniedCardBin,
    kind: (values.TARGET_PROFILE as Profile['kind'] | undefined) ?? defaults.kind,
    allowWrites: values.TARGET_ALLOW_WRITES === 'true',
    emailKey: (values.TARGET_EMAIL_KEY as Profile['emailKey'] | undefined) ?? defaults.emailKey,
    methods,
    strictKeyCase: values.TARGET_STRICT_KEY_CASE === 'true',
    probeSourceAddress: values.TARGET_PROBE_SOURCE_ADDRESS as string | undefined,
    proxy: resolveProxy(env, values.TARGET_PROXY as string | undefined),
    fixtures: {
      ...(values.TARGET_FIXTURE_CUSTOMER_ID ? { customerId: values.TARGET_FIXTURE_CUSTOMER_ID as string } : {}),
      ...(values.TARGET_FIXTURE_CARD_ID ? { cardId: values.TARGET_FIXTURE_CARD_ID as string } : {}),
    },
    // The embedded reference starts empty every run: nothing to find again unless CONFORMANCE_FAMILY asks for it.
    family: env[embeddedReferenceVariable] === '1' && !values.CONFORMANCE_FAMILY ? undefined
      : familyKey(values.CONFORMANCE_FAMILY as string | undefined, baseUrl && trimSlash(baseUrl), values.TARGET_CLIENT_ID as string | undefined),
    concurrency: (values.TARGET_CONCURRENCY as number | undefined) ?? defaults.concurrency,
    rateLimit: (values.TARGET_RATE_LIMIT as number | undefined) ?? defaults.rateLimit,
    timeoutMs: (values.TARGET_TIMEOUT_MS as number | undefined) ?? defaults.timeoutMs,
    retryAttempts: (values.TARGET_RETRY_ATTEMPTS as number | undefined) ?? defaults.retryAttempts,
    retryMaxWaitMs: (values.TARGET_RETRY_MAX_WAIT_MS as number | undefined) ?? defaults.retryMaxWaitMs,
    reruns: (values.CONFORMANCE_RERUNS as number | undefined) ?? defaults.reruns,
    runs: (values.CONFORMANCE_RUNS as number | undefined) ?? defaults.runs,
    runsSet: values.CONFORMANCE_RUNS !== undefined,
    budget: (values.CONFORMANCE_BUDGET as number | undefined) ?? defaults.budget[(values.TARGET_PROFILE as Profile['kind'] | undefined) ?? defaults.kind],
    writeRuns: (values.CONFORMANCE_WRITE_RUNS as number | undefined) ?? defaults.writeRuns,
    seed: values.CONFORMANCE_SEED as number | undefined,
    path: values.CONFORMANCE_PATH as string | undefined,
    only: list(values.CONFORMANCE_ONLY),
    skip: list(values.CONFORMANCE_SKIP),
    reportDir: (values.REPORT_DIR as string | undefined) ?? defaults.reportDir,
    referenceFaults: ((values.REFERENCE_FAULTS as string | undefined) ?? '').split(',').filter(Boolean),
    referenceReadings: ((values.REFERENCE_READINGS as string | undefined) ?? '').split(',').filter(Boolean),
    referenceChaos: values.REFERENCE_CHAOS as ChaosSettings | undefined,
    referenceLatencyMs: (values.REFERENCE_LATENCY_MS as number | undefined) ?? 0,
  };
}

/** Set by bin/target.ts in the suites' environment when the target is the embedded reference (internal). */
export const embeddedReferenceVariable = 'PC_EMBEDDED_REFERENCE';

/** The run family's key: hashed, so neither the name nor the target's client id is printed by it. */
function familyKey(name: string | undefined, baseUrl: string | undefined, clientId: string | undefined): string | undefined {
  const source = name !== undefined ? `family\n${name}` : baseUrl && clientId ? `target\n${baseUrl}\n${clientId}` : undefined;
  return source === undefined ? undefined : createHash('sha256').update(source).digest('hex');
}

/** The partner-scope value, whether or not TARGET_PARTNER_SCOPE was set. */
export function documentedScopes(profile: Profile): string[] {
  return tokenContract.documentedScopeSuffixes.map((s) => `${profile.scopeBase}${s}`);
}
