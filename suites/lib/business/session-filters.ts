import fc from 'fast-check';
import { acceptedRegExp, errorRow } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { validPayloadAccepted } from '../../../checks/index.js';
import { businessErrorCode } from '../../../checks/error-row.js';
import { finding } from '../../../checks/support.js';
import { alnumChars, cardNumber, stringOf, type AttributeItem } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { genericOracles, judge, judgeRow, oracle, type Oracle } from '../judge/oracles.js';
import { scenario } from './fixtures.js';
import { enrollmentPayload, fixedCases, genericRequirements, rowRequirements, scenarioRuns } from './cases.js';
import { idFilter, numberFilter, ownCardSlot, sattr, sendAfterObo, sessionListFormat, withStranger, withToken } from './session.js';
import { propertyTest } from '../runner/property-test.js';
import type { CaseOutcome } from '../runner/property.js';

/**
 * The filter values of AddSessionAttributes (interface.md: "Account values are validated for
 * format and for applicability to the client or customer"; D19: 422 INVALID_INFORMATION).
 * Nothing is asserted about spaces after commas or the case of hex digits: the customer's
 * own cardId is sent exactly as the target wrote it.
 */
const area = 'business-errors';
const guidPattern = acceptedRegExp('guid');

/** Words joined by hyphens (`not-a-card-id`): never a GUID. */
const words = fc.array(fc.stringMatching(/^[a-z]{2,8}$/), { minLength: 2, maxLength: 5 }).map((w) => w.join('-')).filter((v) => !guidPattern.test(v));

/**
 * AccountIdFilter values that are not a comma-separated list of GUIDs. The near misses are made
 * from the customer's own cardId, so only their format is wrong; none is a form a GUID parser
 * could accept (no 32-digit or braced form).
 */
const notGuidLists: fc.Arbitrary<{ what: string; value: (ownId: string) => string }> = fc.oneof(
  words.map((w) => ({ what: `"${w}"`, value: () => w })),
  fc.constant({ what: 'its own cardId without the last character (35 characters)', value: (id: string) => id.slice(0, -1) }),
  fc.constant({ what: 'its own cardId with a "g" for the first hex digit', value: (id: string) => `g${id.slice(1)}` }),
  words.map((w) => ({ what: `its own cardId, then "${w}"`, value: (id: string) => `${id},${w}` })),
);

/** The shape of a card number or token of no card of the customer (made new when sent: session.ts stranger). */
function strangerAccount(ctx: HarnessContext): fc.Arbitrary<string> {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  return fc.oneof(cardNumber({ declinedCardNumber, deniedCardBin, length: 16 }), stringOf({ chars: alnumChars, minLength: 20, maxLength: 40 }));
}

export function sessionFilterScenarios(ctx: HarnessContext, suiteFile: string): void {
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses an AccountIdFilter that is not a list of GUIDs with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: [sessionListFormat, ...rowRequirements('INVALID_INFORMATION')],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withToken(), notGuidLists)), numRuns: scenarioRuns(ctx, true, 3),
    describe: ([, items, bad]) => `${idFilter} = ${bad.what}, with ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items, bad]) => {
      const list: AttributeItem[] = [...items, { name: idFilter, value: bad.value(ownCardSlot.cardId) }];
      return judgeRow(ctx, await sendAfterObo(ctx, enrollment, list), 'INVALID_INFORMATION', { scenario: [sessionListFormat] });
    }),
  });

  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses an AccountNumberFilter naming no card of the customer with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: ['SATTR-FILTERS', ...rowRequirements('INVALID_INFORMATION')],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), strangerAccount(ctx).chain((n) => withToken({ [numberFilter]: n })))), numRuns: scenarioRuns(ctx, true, 2),
    describe: ([, items]) => `${numberFilter} naming a card number or token the customer does not hold, in ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items]) => judgeRow(ctx, await sendAfterObo(ctx, enrollment, withStranger(ctx, items, numberFilter)), 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] })),
  });

  // Filters match exact values, every item: the own card first and a foreign GUID after it; a number sharing only the own card's last four digits.
  const partial = fc.tuple(enrollmentPayload(ctx), withToken()).map(([enrollment, items]) => [
    [enrollment, [...items, { name: idFilter, value: `${ownCardSlot.cardId},${ownCardSlot.strangerId}` }], `${idFilter} = the customer's card, then a GUID of no card of theirs`],
    [enrollment, [...items, { name: numberFilter, value: ownCardSlot.cardNumberTwin }], `${numberFilter} = a number with the customer's card's last four digits, not the card`],
  ] as const);
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses a filter that names the customer\'s cards only in part with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: ['SATTR-FILTERS', ...rowRequirements('INVALID_INFORMATION')],
    arbitrary: fixedCases(partial.chain((cases) => fc.constantFrom(...cases))),
    examples: (seed) => fc.sample(partial, { seed, numRuns: 1 })[0]!.map((c) => c),
    numRuns: 2, describe: ([, , what]) => what,
    run: scenario(async ([enrollment, items]) => {
      const judged = judgeRow(ctx, await sendAfterObo(ctx, enrollment, [...items]), 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] });
      // The twin number is the filter-exactness operator's (contract/operators/filter-exactness.ts): the ownership suite leaves it here.
      return items.some((i) => i.value === ownCardSlot.cardNumberTwin) ? { ...judged, operatorPairs: [{ operator: 'filter-same-last-four', cell: `${sattr.id} attribute ${numberFilter}` }] } : judged;
    }),
  });

  // Every kind of value each filter documents ("raw card numbers or card tokens"; cardIds), for each kind of card:
  // the customer holds a card added by number and a tokenized one.
  const ownValues = [
    [numberFilter, ownCardSlot.cardNumber, 'card number'], [numberFilter, ownCardSlot.cardToken, 'card token'],
    [idFilter, ownCardSlot.cardId, 'card\'s cardId'], [idFilter, ownCardSlot.tokenCardId, 'tokenized card\'s cardId'],
    // Three of the customer's cards, the value at its maximum length (value 1-300, fixtures.ts).
    [numberFilter, `${ownCardSlot.secondToken},${ownCardSlot.cardToken},${ownCardSlot.cardNumber}`, 'cards, three of them listed, the value at its maximum length'],
  ] as const;
  const ownCards = fc.tuple(enrollmentPayload(ctx), ...ownValues.map(([name, value]) => withToken({ [name]: value })))
    .map(([enrollment, ...lists]) => lists.map((items, i) => [enrollment, items, `${ownValues[i]![0]} = the customer's own ${ownValues[i]![2]}`] as const));
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes accepts either filter naming the customer\'s own card, each kind of value and of card (D19)', writes: true,
    requirements: ['SATTR-FILTERS', 'GEN-VALID-ACCEPTED', ...genericRequirements],
    arbitrary: fixedCases(ownCards.chain((cases) => fc.constantFrom(...cases))),
    examples: (seed) => fc.sample(ownCards, { seed, numRuns: 1 })[0]!.map((c) => c),
    numRuns: ownValues.length, describe: ([, items, what]) => `${what}, in ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items, what]) => judgeOwnCardFilter(ctx, await sendAfterObo(ctx, enrollment, items), what)),
  });
}

const invalidInformation = errorRow('INVALID_INFORMATION');
const accepted = { kind: 'accepted', operation: sattr.id, allowedBusinessErrors: [] } as const;

/** The customer's own card is a valid filter value: anything but a 2xx breaks the filter rule. */
const ownCardAccepted: Oracle = {
  id: 'ownCardFilterAccepted',
  applies: (x) => x.response !== undefined,
  requirements: ['SATTR-FILTERS'],
  run: (x) => {
    const { status } = x.response!;
    if (status >= 200 && status < 300) return [];
    const code = businessErrorCode(x as never);
    return [finding('ownCardFilterAccepted', 'SATTR-FILTERS', sattr.id, {
      title: code === invalidInformation.errorCode ? 'The customer\'s own card refused as invalid information' : 'The customer\'s own card refused as a filter',
      received: `status ${status}${code ? ` with errorCode ${code}` : ''}`,
      documented: `a 2xx: ${numberFilter} names "raw card numbers or card tokens" of the customer`,
      key: [status, code ?? ''],
    }, x)];
  },
};

/**
 * 2xx, whatever the body (D6). A refusal with a code of the target's own is D37: observed, and
 * then neither the filter rule nor GEN-VALID-ACCEPTED counts as checked.
 */
function judgeOwnCardFilter(ctx: HarnessContext, x: Exchange, what: string): CaseOutcome {
  const acceptance = (o: Oracle): Oracle => ({ ...o, judgesAcceptance: true });
  return judge(x, {
    oracles: [acceptance(ownCardAccepted), acceptance(oracle(validPayloadAccepted, accepted, 'GEN-VALID-ACCEPTED')), ...genericOracles(ctx, x)],
    ownRefusal: { foreseen: [invalidInformation.errorCode!], requirement: 'SATTR-FILTERS', what },
  });
}
