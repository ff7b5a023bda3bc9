import { z } from 'zod';
import { parseChaos } from './chaos.js';
import { proxyUrlProblem } from './proxy-settings.js';

/**
 * Every environment variable the harness reads, with its one-line explanation and an
 * example of a good value. `.env.example` is generated from this table (a self-test keeps
 * them in step), and every configuration message quotes the example.
 */
export interface VariableSpec {
  readonly schema: z.ZodType;
  readonly example: string;
  readonly explain: string;
  readonly secret?: boolean;
}

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });
const positiveInt = z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').positive('must be above 0');
const bool = z.enum(['true', 'false'], { message: 'must be true or false' });
const guid = z.string().regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, 'must be a GUID');
const digits = z.string().regex(/^[0-9]+$/, 'must be digits only');
const proxyUrl = z.string().superRefine((value, ctx) => {
  const problem = proxyUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const chaos = z.string().transform((value, ctx) => {
  const parsed = parseChaos(value);
  if (typeof parsed !== 'string') return parsed;
  ctx.addIssue({ code: 'custom', message: parsed });
  return z.NEVER;
});

export const variables = {
  TARGET_BASE_URL: { schema: httpsUrl, example: 'https://sandbox.partner.example', explain: '{base_url} of the target; unset starts the embedded reference service' },
  TARGET_AUTH_URL: { schema: httpsUrl, example: 'https://auth.sandbox.partner.example/oauth2/token', explain: '{auth_url}, the token endpoint; default {base_url}/oauth2/token' },
  TARGET_SCOPE_BASE: { schema: z.string().min(1, 'must not be empty'), example: 'https://api.example.test', explain: '{scope_base}, prefix of the scope values' },
  TARGET_PARTNER_SCOPE: { schema: z.string().min(1, 'must not be empty'), example: 'https://api.example.test/auth/check-cashing', explain: 'scope requested for the partner operations; default {scope_base}/auth/check-cashing' },
  TARGET_CLIENT_ID: { schema: z.string().min(1, 'must not be empty'), example: 'partner-client', explain: 'client id; required with TARGET_BASE_URL' },
  TARGET_CLIENT_SECRET: { schema: z.string().min(1, 'must not be empty'), example: '<from the PGP-encrypted credentials file>', explain: 'client secret; required with TARGET_BASE_URL; never written to a report', secret: true },
  TARGET_DENIED_CLIENT_ID: { schema: z.string().min(1, 'must not be empty'), example: 'partner-client-denied', explain: 'a client that gets tokens but whose AuthenticatePartner is denied (401 UNAUTHORIZED); unset: the denial checks are not covered' },
  TARGET_DENIED_CLIENT_SECRET: { schema: z.string().min(1, 'must not be empty'), example: '<secret of the denied client>', explain: 'client secret of TARGET_DENIED_CLIENT_ID; never written to a report', secret: true },
  TARGET_CREDENTIALS_IN: { schema: z.enum(['basic', 'body'], { message: 'must be basic or body' }), example: 'basic', explain: 'send client credentials in a Basic header or in the form body' },
  TARGET_API_VERSION_IN: { schema: z.enum(['header', 'query'], { message: 'must be header or query' }), example: 'header', explain: 'send apiVersion as a header or a query parameter' },
  TARGET_CA_FILE: { schema: z.string().min(1, 'must not be empty'), example: './certs/sandbox-ca.pem', explain: 'extra CA certificate (PEM) to trust' },
  TARGET_DEVICE_ID: { schema: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters'), example: 'conformance-device-1', explain: 'deviceId used for the partner session; default a fresh GUID per run' },
  TARGET_DECLINED_CARD_NUMBER: { schema: digits.min(15, 'must be 15 to 19 digits').max(19, 'must be 15 to 19 digits'), example: '4000000000000002', explain: 'a card number the target declines on authorization' },
  TARGET_DENIED_CARD_BIN: { schema: digits.min(6, 'must be 6 to 8 digits').max(8, 'must be 6 to 8 digits'), example: '999999', explain: 'a BIN whose tokenized cards are not allowed in the network' },
  TARGET_PROFILE: { schema: z.enum(['sandbox', 'production'], { message: 'must be sandbox or production' }), example: 'sandbox', explain: 'sandbox runs everything; production sends nothing that creates, changes or deletes data' },
  TARGET_ALLOW_WRITES: { schema: bool, example: 'false', explain: 'with TARGET_PROFILE=production, allow requests that write (default false)' },
  TARGET_EMAIL_KEY: { schema: z.enum(['emailAddress', 'email'], { message: 'must be emailAddress or email' }), example: 'emailAddress', explain: 'D10: the key EnrollCustomer reads the e-mail address from' },
  TARGET_METHODS: { schema: z.string().regex(/^([A-Za-z]+=(GET|POST))(,[A-Za-z]+=(GET|POST))*$/, 'must be a comma-separated list of Operation=GET|POST'), example: 'GetRegisteredCards=GET,DeleteCard=POST', explain: 'D1: HTTP method per operation where the target differs from the default' },
  TARGET_STRICT_KEY_CASE: { schema: bool, example: 'false', explain: 'D13: compare validation key field names case-sensitively' },
  TARGET_PROBE_SOURCE_ADDRESS: { schema: z.union([z.ipv4(), z.ipv6()], { message: 'must be an IP address' }), example: '127.0.0.2', explain: 'a local source address outside the target allow list; enables the allow-list probe' },
  TARGET_EXPIRED_TOKEN: { schema: z.string().regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'must be a bearer token (RFC 6750 b64token)'), example: '<an access token of this client, kept until it expired>', explain: 'an expired access token of this client; enables the expired-token case of the bearer suite (the embedded reference run provides one, expired ten minutes); one that expired minutes before the run, not days, also shows a verifier that allows a long clock leeway', secret: true },
  TARGET_FIXTURE_CUSTOMER_ID: { schema: guid, example: '0f8fad5b-d9cb-469f-a165-70867728950e', explain: 'production: an existing customer to read' },
  TARGET_FIXTURE_CARD_ID: { schema: guid, example: '7c9e6679-7425-40de-944b-e07fc1f90ae7', explain: 'production: a card of the fixture customer' },
  TARGET_PROXY: { schema: proxyUrl, example: 'http://user:password@proxy.corp.example:3128', explain: 'forward proxy (CONNECT) for every request of the run, token endpoint included; wins over HTTPS_PROXY; NO_PROXY still applies; credentials in it are masked everywhere (docs/network.md)', secret: true },
  HTTPS_PROXY: { schema: proxyUrl, example: 'http://proxy.corp.example:3128', explain: 'the usual proxy variable (https_proxy too, lower case first): honoured by every request unless TARGET_PROXY names another; the allow-list probe goes direct', secret: true },
  HTTP_PROXY: { schema: proxyUrl, example: 'http://proxy.corp.example:3128', explain: 'proxy for http:// URLs (http_proxy too), and for https:// ones when HTTPS_PROXY is unset', secret: true },
  NO_PROXY: { schema: z.string(), example: 'localhost,127.0.0.1,.internal.example', explain: 'hosts reached directly, not through the proxy (no_proxy too): comma-separated names, .domain suffixes, * for all' },
  TARGET_CONCURRENCY: { schema: positiveInt, example: '4', explain: 'requests in flight at most (default 4)' },
  TARGET_RATE_LIMIT: { schema: positiveInt, example: '50', explain: 'requests per second at most (default 200; 2000 against the embedded reference)' },
  TARGET_TIMEOUT_MS: { schema: positiveInt, example: '10000', explain: 'per-request timeout in milliseconds (default 10000)' },
  TARGET_RETRY_ATTEMPTS: { schema: positiveInt, example: '3', explain: 'attempts in all, the first included, of a request answered 429 or 503 (any operation: nothing was done) or whose connection broke (only where repeating is safe); default 3, 1 never retries' },
  TARGET_RETRY_MAX_WAIT_MS: { schema: positiveInt, example: '10000', explain: 'longest wait before a retry in milliseconds: a longer Retry-After is cut to it (default 10000)' },
  CONFORMANCE_RERUNS: { schema: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(5, 'must be at most 5'), example: '3', explain: 'times a case whose exchange broke (a reply lost to a reset or a timeout, a 429 or 503 left after the retries) is run again from the start with fresh state before its rows read broken (default 3, twice that for a model sequence; 0 never)' },
  CONFORMANCE_BUDGET: { schema: z.coerce.number({ message: 'must be a whole number of requests' }).int('must be a whole number of requests').min(100, 'must be at least 100 requests'), example: '2000', explain: 'requests a full run may spend: every coverage case runs, random exploration gets an equal share per property (default 2000 sandbox, 1200 production); CONFORMANCE_RUNS, when set, wins' },
  CONFORMANCE_RUNS: { schema: positiveInt, example: '100', explain: 'runs per property, whatever the budget (unset: CONFORMANCE_BUDGET decides, at most 100 per property)' },
  CONFORMANCE_WRITE_RUNS: { schema: positiveInt, example: '2', explain: 'runs of valid-payload properties that create data (default 2, coverage cases included: a customer cannot be deleted)' },
  CONFORMANCE_FAMILY: { schema: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores'), example: 'partner-sandbox-nightly', explain: 'names the run family whose customers later runs find again instead of enrolling new ones (default: a hash of TARGET_BASE_URL and TARGET_CLIENT_ID); give two jobs against one sandbox different names so that they never share a customer' },
  CONFORMANCE_SEQUENCES: { schema: positiveInt, example: '50', explain: 'random command sequences per model-based stateful property, up to 20 commands each (unset: what CONFORMANCE_BUDGET grants; set, it wins over the budget)' },
  CONFORMANCE_SEED: { schema: z.coerce.number({ message: 'must be an integer' }).int('must be an integer'), example: '42', explain: 'seed of the run; printed by every failure for replay' },
  CONFORMANCE_PATH: { schema: z.string().regex(/^[0-9]+(:[0-9]+)*$/, 'must be a fast-check path such as 3:1:0'), example: '3:1:0', explain: 'replay one counterexample: the path printed with its seed' },
  CONFORMANCE_ONLY: { schema: z.string().min(1, 'must not be empty'), example: 'FindCustomer,ERR-VALIDATION', explain: 'run only these operations, areas or requirement ids (comma-separated)' },
  CONFORMANCE_SKIP: { schema: z.string().min(1, 'must not be empty'), example: 'ALLOW-LIST,ERR-UNAUTHORIZED', explain: 'accept these requirement ids, operations or sections as unchecked (comma-separated): their gaps are listed as accepted and do not make the run exit 4' },
  REPORT_DIR: { schema: z.string().min(1, 'must not be empty'), example: 'reports/nightly', explain: 'where a run writes its reports (default reports/)' },
  REFERENCE_FAULTS: { schema: z.string().regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be a comma-separated list of fault names'), example: 'find-wrong-title', explain: 'embedded reference only: faults to switch on (self-tests)' },
  REFERENCE_CHAOS: { schema: chaos, example: '0.01,seed=7', explain: 'embedded reference only: chaos mode, each transient fault (reset, lost-reply, unavailable, rate-limited, slow) injected into this share of the calls; seed default CONFORMANCE_SEED; kinds=reset+slow narrows them' },
  REFERENCE_LATENCY_MS: { schema: z.coerce.number({ message: 'must be a whole number of milliseconds' }).int('must be a whole number of milliseconds').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'), example: '50', explain: 'the embedded reference and npm run reference only: every reply held this many milliseconds, as a sandbox 50-150 ms away would be (npm run bench measures it)' },
  REFERENCE_READINGS: { schema: z.string().regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be a comma-separated list of reading names'), example: 'find-empty-customer-id', explain: 'embedded reference only: conformant alternative readings to switch on (self-tests of false alarms)' },
  WAIVERS_FILE: { schema: z.string().min(1, 'must not be empty'), example: 'waivers.json', explain: 'accepted known failures {requirement, reason, owner, expires}; default waivers.json at the repo root; an expired waiver fails the run' },
  CONFORMANCE_BASELINE: { schema: z.string().min(1, 'must not be empty'), example: 'reports/previous/summary.json', explain: 'summary.json of the previous run (a path or an https URL); the report lists new, fixed and still failing requirements' },
  CONFORMANCE_RECORD_TRAFFIC: { schema: z.string().min(1, 'must not be empty'), example: '/secure/traffic', explain: 'record every exchange of the run as HAR 1.2 in <dir>/traffic.har, for partner-conformance audit; unmasked like any HAR (tokens, secrets, SSNs): keep it as you keep credentials' },
} as const satisfies Record<string, VariableSpec>;

export type VariableName = keyof typeof variables;
