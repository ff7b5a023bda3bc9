import { afterAll, describe } from 'vitest';
import { apiVersion, operation } from '../contract/index.js';
import type { CallOptions, Exchange } from '../client/index.js';
import { jsonMediaType, noServerError, versionSelected } from '../checks/index.js';
import { harness } from './lib/runner/context.js';
import { fixedCase, OutcomeBuilder } from './lib/access/case.js';
import { oracle } from '../oracles/judge.js';
import { bearerProbeInput } from './lib/access/requests.js';
import { customerWithCard } from './lib/state/customer-with-card.js';
import { removeAddedCards } from './lib/state/cards.js';
import { versionOnEveryOperation } from './lib/access/version-every-operation.js';

/**
 * Versioning (interface.md "Versioning", D5): apiVersion 1 selected by the header and by the
 * query string are both served. What the target does with no apiVersion, or another value,
 * is not shown: it is recorded as observed behaviour, and only the generic contract (no 5xx,
 * JSON bodies) is asserted. AuthenticatePartner is the probe: it writes nothing.
 */
const ctx = harness();
const file = 'suites/versioning.conformance.ts';
const area = 'versioning';
const probe = operation('AuthenticatePartner');
const send = (options: CallOptions) => ctx.client.call(probe.id, bearerProbeInput(ctx, probe), options);
const generic = [oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY')];

/** "400 UNSUPPORTED_API_VERSION", "200": what an observation records. */
function answer(x: Exchange): string {
  if (!x.response) return `no answer (${x.transportError?.code})`;
  const body = x.response.json as { errorCode?: unknown; ErrorCode?: unknown } | undefined;
  const code = body?.errorCode ?? body?.ErrorCode;
  return `${x.response.status}${typeof code === 'string' && code ? ` ${code}` : ''}`;
}

describe('apiVersion', () => {
  afterAll(() => removeAddedCards(ctx));

  for (const [where, requirement] of [['header', 'VERSION-HEADER'], ['query', 'VERSION-QUERY']] as const)
    fixedCase(ctx, file, {
      area, operation: probe.id, name: `apiVersion ${apiVersion} selected by the ${where === 'header' ? 'header' : 'query string'} is served`,
      requirements: [requirement, 'GEN-NO-5XX', 'GEN-JSON-BODY'],
      description: `${probe.id} with apiVersion=${apiVersion} in the ${where} only`,
      run: async () => {
        const out = new OutcomeBuilder();
        out.judge(await send({ apiVersionIn: where }), [oracle(versionSelected, { requirement }, requirement), ...generic]);
        return out.outcome();
      },
    });

  // A GET operation's query string holds its own parameters first: apiVersion is then not the first one.
  const listed = operation('GetRegisteredCards');
  fixedCase(ctx, file, {
    area, operation: listed.id, name: 'apiVersion selected by the query string after the operation\'s own parameters is served',
    requirements: ['VERSION-QUERY', 'GEN-NO-5XX', 'GEN-JSON-BODY'],
    description: `${listed.id} of the run's customer, customerId and then apiVersion=${apiVersion} in the query string`,
    run: async () => {
      const { customerId } = await customerWithCard(ctx);
      const out = new OutcomeBuilder();
      const x = await ctx.client.call(listed.id, { body: { customerId } }, { session: await ctx.session(), apiVersionIn: 'query' });
      out.judge(x, [oracle(versionSelected, { requirement: 'VERSION-QUERY' }, 'VERSION-QUERY'), ...generic]);
      return out.outcome();
    },
  });

  versionOnEveryOperation(ctx, file, area);

  const other = String(Number(apiVersion) + 1);
  const variants: Array<[string, CallOptions, 'VERSION-HEADER' | 'VERSION-QUERY']> = [
    ['apiVersion omitted', { apiVersionIn: 'none' }, 'VERSION-HEADER'],
    [`apiVersion header ${other}`, { apiVersionIn: 'header', apiVersion: other }, 'VERSION-HEADER'],
    [`apiVersion query ${other}`, { apiVersionIn: 'query', apiVersion: other }, 'VERSION-QUERY'],
  ];
  fixedCase(ctx, file, {
    area, operation: probe.id, name: 'no apiVersion, or another value: behaviour observed, not asserted',
    requirements: ['VERSION-HEADER', 'VERSION-QUERY', 'GEN-NO-5XX', 'GEN-JSON-BODY'],
    description: `${probe.id} with ${variants.map(([what]) => what).join('; ')}`,
    run: async () => {
      const out = new OutcomeBuilder();
      for (const [what, options, requirement] of variants) {
        const x = await send(options);
        out.judge(x, generic);
        if (x.response) out.observe(requirement, `${what}: ${answer(x)} (D5: not shown by interface.md)`);
      }
      return out.outcome();
    },
  });
});
