import type { Exchange } from '../client/index.js';
import { cardsMatchSchema, sessionHeaderPresent, successBodyShape } from '../checks/index.js';
import { hasResponse, is2xx } from '../checks/support.js';
import { operations as contractOperations, successBodyOf, successRequirementId } from '../contract/index.js';
import { historyPageOracles } from './history-page.js';
import { oracle, type Oracle } from './oracle.js';

/**
 * What a success of the operation carries, judged wherever the answer was received: the success
 * row's member (CustomerId, customerId, ssoToken), AuthenticatePartner's sessionId header, the
 * Card resources of the card operations, the history page. The suites applied each where one
 * property looked (blind10: an empty history page answered `searchResults: null` passed because
 * only full pages were judged), while the audit judged every recorded success: one set, for both.
 */

/** The operations whose success lists Card resources (DeleteCard's answer is not documented as one). */
export const cardOperations: readonly string[] = ['AddOrUpdateCard', 'AddOrUpdateTokenizedCard', 'GetRegisteredCards'];

/** The resource oracles of a success of `x`'s operation; none for another answer or operation. */
export function answeredResourceOracles(x: Exchange): Oracle[] {
  if (!hasResponse(x) || !is2xx(x.response.status)) return [];
  const id = x.request.operation;
  const op = contractOperations.find((o) => o.id === id);
  if (!op) return [];
  const out: Oracle[] = [];
  // The success row of AuthenticatePartner is its sessionId header (D3): they fail together.
  if (id === 'AuthenticatePartner') out.push(oracle(sessionHeaderPresent, { operation: id }, 'AUTH-SESSION-HEADER', successRequirementId(op)));
  if (successBodyOf(id)) out.push(oracle(successBodyShape, { operation: id }, successRequirementId(op)));
  if (cardOperations.includes(id)) out.push(oracle(cardsMatchSchema, undefined, 'CARDS-SHAPE'));
  if (id === 'GetTransactionHistory') out.push(...historyPageOracles(x.request.query ?? {}));
  return out;
}
