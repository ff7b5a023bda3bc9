import { operation, type Operation } from '../../../contract/index.js';
import { contractCells, operatorCatalogue, type Cell } from '../../../contract/operators/index.js';
import type { CallOptions, Exchange } from '../../../client/index.js';
import { answerSelection, jsonMediaType, noServerError, selectionDifference, versionPlaceIgnored, versionSelected } from '../../../checks/index.js';
import type { Responded } from '../../../checks/support.js';
import { oracle, type Oracle } from '../../../oracles/judge.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';
import { PairLog } from '../ownership/pairs.js';
import { fixedCase, OutcomeBuilder } from './case.js';
import { readInput, type SteadyCustomer } from './version-place-input.js';

/**
 * VERSION-QUERY wherever apiVersion stands among the query parameters (blind16: the GET routes'
 * URL rewrite cut the query string at apiVersion, and every request of the run put it last). For
 * each operation with query parameters (the contract's cells of operator version-before-parameter),
 * one read with all of them set to what the customer holds is sent with apiVersion in the header,
 * then in the query string before each parameter in turn: first, then between the others (last is
 * every other request's place). Each must be served as the header's was and select the same
 * (checks/version-place.ts). The customer's cards and history must not change meanwhile (the
 * history suite's customer): after a difference the header read is sent again, and a state that
 * moved is observed, never failed.
 */
const operator = operatorCatalogue.find((o) => o.id === 'version-before-parameter')!;
const generic = [oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY')];
const served = (x: Exchange): x is Responded => x.response !== undefined && x.response.status >= 200 && x.response.status < 300;

export function versionPlaceCases(ctx: HarnessContext, file: string, customer: () => Promise<SteadyCustomer>): void {
  const cells = contractCells().filter((c) => operator.appliesTo(c));
  for (const id of [...new Set(cells.map((c) => c.operation))]) {
    const op = operation(id);
    const own = cells.filter((c) => c.operation === id);
    fixedCase(ctx, file, {
      area: 'versioning', operation: op.id, name: `${op.id}: apiVersion before each query parameter selects what it selects in the header`,
      // The generic rows are judged on every answer sent, not owed: a customer with no history to read sends none.
      requirements: ['VERSION-QUERY'],
      description: `${op.id} of a customer nothing else changes, ${own.map((c) => c.name).join(', ')} set: apiVersion in the header, then in the query string first and before each later parameter`,
      run: async () => sendPlaces(ctx, op, own, await customer()),
    });
  }
}

async function sendPlaces(ctx: HarnessContext, op: Operation, cells: readonly Cell[], customer: SteadyCustomer): Promise<CaseOutcome> {
  if ((ctx.profile.methods[op.id] ?? op.method) !== 'GET')
    throw new FixtureError(`${op.id} is sent with ${ctx.profile.methods[op.id]} (TARGET_METHODS): its parameters go in the body, not the query string`);
  const session = await ctx.session();
  const out = new OutcomeBuilder();
  const log = new PairLog();
  const send = (input: Record<string, unknown>, options: CallOptions) => ctx.client.call(op.id, { body: input }, { ...options, ...(op.sessionRequired ? { session } : {}) });
  const judged = (x: Exchange, oracles: readonly Oracle[] = []) => (out.judge(x, [...oracles, ...generic]), x);
  const input = await readInput(ctx, op, cells, customer, async (i) => judged(await send(i, { apiVersionIn: 'header' })));
  // The header's answer is the baseline; refused, the query string's usual place (last) is, and it must be served.
  const header = judged(await send(input, { apiVersionIn: 'header' }));
  const last = served(header) ? undefined : judged(await send(input, { apiVersionIn: 'query' }));
  const baseline = last ?? header;
  const baselineWay = last ? 'last in the query string' : 'in the header';
  const again = () => send(input, { apiVersionIn: last ? 'query' : 'header' });
  const names = Object.keys(input);
  const placed: Array<[Exchange, string]> = [];
  for (const [at, name] of names.entries()) {
    placed.push([await send(input, { apiVersionIn: 'query', versionAt: at }), at === 0 ? 'first' : `before ${name}`]);
    log.sent(operator.id, `${op.id} query ${name}`);
  }
  if (!served(baseline)) {
    for (const [x] of placed) judged(x);
    out.observe('VERSION-QUERY', `${op.id} of the customer was refused with apiVersion in the header (${header.response?.status ?? header.transportError?.code}) and last in the query string (${baseline.response?.status ?? baseline.transportError?.code}): apiVersion's place is not judged on it`);
    return { ...out.outcome(), operatorPairs: log.pairs };
  }
  const selection = answerSelection(baseline);
  const differs = placed.some(([x]) => served(x) && selectionDifference(answerSelection(x), selection) !== undefined);
  // A difference is the place's only where the baseline read again still selects what it did: else the state moved.
  const repeat = differs ? judged(await again()) : undefined;
  const moved = repeat !== undefined && (!served(repeat) || selectionDifference(answerSelection(repeat), selection) !== undefined);
  if (moved) out.observe('VERSION-QUERY', `${op.id}: the customer's answer changed between two reads with apiVersion ${baselineWay}: apiVersion's place is not compared on it`);
  for (const [x, place] of placed)
    judged(x, [oracle(versionSelected, { requirement: 'VERSION-QUERY' }, 'VERSION-QUERY'), ...(moved ? [] : [oracle(versionPlaceIgnored, { baseline: selection, baselineWay, place }, 'VERSION-QUERY')])]);
  return { ...out.outcome(), operatorPairs: log.pairs };
}
