import type { TokenErrorExpectation } from '../../../checks/index.js';
import type { CredentialsIn, TokenRequestOptions } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';

/** One refused token request: what it is, how it is sent, the RFC 6749 section 5.2 answer it must get (D24). */
export type TokenErrorCase = readonly [what: string, options: TokenRequestOptions, expectation: TokenErrorExpectation];

/** The two documented ways of sending client credentials (interface.md "Authentication"). */
const modes = ['basic', 'body'] as const satisfies readonly CredentialsIn[];
const inMode = (m: (typeof modes)[number]) => (m === 'basic' ? 'credentials in a Basic header' : 'credentials in the form body');

/** Every letter of `s` in the other case; `s` itself where it has no letter. */
const caseFlipped = (s: string): string => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * Near misses of the provisioned secret (RFC 6749 5.2 "client authentication failed", D24): the
 * secret less its last character or with it changed (a compare of a prefix or of all but the last
 * character), with its letter case flipped (a case-insensitive compare) and with one character more
 * (a compare over the length of the stored secret). Each is a wrong secret: a real server counts them
 * towards a lockout (issue 29), so each class is one request, the two modes taking turns, and a
 * secret without letters sends no flipped one. They stand for every wrong secret: a compare that refuses
 * all four refuses a plainly wrong secret too. Learnt by the redactor: masked like the secret.
 */
function nearSecretCases(ctx: HarnessContext): TokenErrorCase[] {
  const { clientId, clientSecret: secret } = ctx.profile.target!;
  const near: Array<[string, string, (typeof modes)[number]]> = [
    ['the secret less its last character', secret.slice(0, -1), 'basic'],
    ['the secret with its last character changed', `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`, 'body'],
    ['the secret with one character appended', `${secret}x`, 'basic'],
    ...(caseFlipped(secret) !== secret ? [['the secret with its letter case flipped', caseFlipped(secret), 'body'] as [string, string, 'body']] : []),
  ];
  return near.map(([what, clientSecret, credentialsIn]): TokenErrorCase => {
    ctx.client.redactor.learn(clientSecret, 'clientSecret');
    // RFC 6749 5.2: 401 is required only where the client authenticated with the Authorization header.
    return [`${what}, ${inMode(credentialsIn)}`, { credentialsIn, credentials: { clientId, clientSecret } }, { errors: ['invalid_client'], ...(credentialsIn === 'basic' ? { status: 401 } : {}) }];
  });
}

/**
 * Refusals about the grant's parameters, not the client: each is sent in both credential modes
 * (blind9: a form-credentials branch that filled in a missing scope), since a server may read the
 * form by one code path per mode.
 */
function parameterCases(ctx: HarnessContext): TokenErrorCase[] {
  const { profile } = ctx;
  const kinds: Array<[string, TokenRequestOptions, TokenErrorExpectation]> = [
    ['no grant_type', { form: { grant_type: undefined } }, { errors: ['invalid_request'], status: 400 }],
    // RFC 6749 §3.3 lets a server fail an omitted scope as invalid_scope; interface.md makes scope required (invalid_request).
    ['no scope', { form: { scope: undefined } }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
    ['a grant type the server does not support', { form: { grant_type: 'urn:example:conformance:unsupported-grant' } }, { errors: ['unsupported_grant_type'], status: 400 }],
    ['an unknown scope', { scope: `${profile.scopeBase}/auth/conformance-unknown-scope` }, { errors: ['invalid_scope'], status: 400 }],
    // RFC 6749 §3.1: "Parameters sent without a value MUST be treated as if they were omitted from the request".
    ['an empty grant_type', { form: { grant_type: '' } }, { errors: ['invalid_request'], status: 400 }],
    ['an empty scope', { form: { scope: '' } }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
    // RFC 6749 §3.1 "MUST NOT be included more than once", §5.2 invalid_request "repeats a parameter".
    // A server may read the doubled value as one it does not know: unsupported_grant_type, invalid_scope (as for no scope, §3.3).
    ['grant_type given twice', { repeat: ['grant_type'] }, { errors: ['invalid_request', 'unsupported_grant_type'], status: 400 }],
    ['scope given twice', { repeat: ['scope'] }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
  ];
  return kinds.flatMap(([what, options, expectation]) => modes.map((credentialsIn): TokenErrorCase => [`${what}, ${inMode(credentialsIn)}`, { ...options, credentialsIn }, expectation]));
}

/** Every refused token request of the token suite: the client's credentials wrong or absent, then the grant's parameters. */
export function tokenErrorCases(ctx: HarnessContext): TokenErrorCase[] {
  const { clientId, clientSecret } = ctx.profile.target!;
  const emptySecret = { clientId, clientSecret: '' };
  return [
    // The wrong secrets are the near misses, in both modes: a server that refuses them refuses any other wrong secret too.
    ...nearSecretCases(ctx),
    ['no client authentication', { credentialsIn: 'none' }, { errors: ['invalid_client'] }],
    // RFC 6749 §3.1: every form parameter sent empty.
    ['an empty client_secret in the form body', { credentialsIn: 'body', credentials: emptySecret }, { errors: ['invalid_client'] }],
    ['an empty secret in a Basic header', { credentialsIn: 'basic', credentials: emptySecret }, { errors: ['invalid_client'], status: 401 }],
    ['an empty client_id in the form body', { credentialsIn: 'body', credentials: { clientId: '', clientSecret } }, { errors: ['invalid_client'] }],
    // RFC 6749 §3.1, §5.2: the client's own parameters given twice.
    ...(['client_id', 'client_secret'] as const).map((name): TokenErrorCase => [
      `${name} given twice in the form body`, { credentialsIn: 'body', repeat: [name] }, { errors: ['invalid_request', 'invalid_client'] },
    ]),
    ...parameterCases(ctx),
  ];
}
