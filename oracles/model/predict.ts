import { answersFor, type ExchangeCheck } from '../../checks/index.js';
import type { Finding, FindingCheckId } from '../../checks/finding.js';
import { hasResponse, type Responded } from '../../checks/support.js';
import type { RequirementId } from '../../contract/requirements.js';
import type { Oracle } from '../judge.js';
import type { SuiteOracleId } from '../oracle-ids.js';
import { accepted, cardDataAsSent, cardIdAsPredicted, enrolledIdFound, findsCustomer, firstCard, issuesSsoToken, lastFourAsDocumented, refusedWithRow } from './expect.js';
import { listMatchesModel, listRequirements, listsCard } from './list-expect.js';
import type { ModelCard } from './state.js';

/**
 * The model's predictions as oracles of the one judge (judge/judge.ts). Each derives the
 * requirements an exchange answers for from the prediction itself, so a command says what it
 * predicts and never which rows that checks. The rules are in expect.ts and list-expect.ts.
 */

/** A registered check under `expectation`, answering for what its own catalogue entry derives (registry.ts answersFor). */
export function byCheck<E>(c: ExchangeCheck<E, FindingCheckId>, expectation: E): Oracle {
  return { id: c.id, requirements: answersFor(c, expectation), applies: (x) => c.applies(x, expectation), run: (x) => c(x, expectation) };
}

/** A rule of the model as an oracle: it judges any answered exchange and answers for what `answers` derives from the prediction. */
function prediction<P>(id: SuiteOracleId, rule: (x: Responded, p: P) => Finding[], answers: (p: P) => readonly RequirementId[], acceptance = false) {
  return (p: P): Oracle => ({
    id, requirements: answers(p), ...(acceptance ? { judgesAcceptance: true } : {}),
    applies: hasResponse, run: (x) => rule(x as Responded, p),
  });
}

export interface AcceptPrediction {
  readonly requirement: RequirementId;
  readonly documented: string;
  /**
   * false where a refusal fails the requirement but an acceptance alone does not prove it:
   * STATE-SESSION-ATTRIBUTES passes only by the refusal before any AuthenticateOBO.
   */
  readonly proves?: boolean;
}

type CardSeen = Pick<ModelCard, 'kind' | 'identity' | 'payload' | 'lastFourFrom'>;
const one = (requirement: RequirementId) => [requirement];

export const predict = {
  /** 2xx; withheld on a refusal for the target's own reasons (D37), since it judges an acceptance. */
  accepted: prediction('modelAccepted', accepted, (p: AcceptPrediction) => (p.proves === false ? [] : [p.requirement]), true),
  /** The status and errorCode of an Errors-table row. */
  refusedWithRow: prediction('modelRefusedWithRow', refusedWithRow, (p) => one(p.requirement)),
  /** The cardId of an add-or-update reply: the same card, or a new entry. */
  cardId: prediction('modelCardId', cardIdAsPredicted, (p) => one(p.requirement)),
  /** CARDS-SHAPE (or the transition that last sent lastFourOfCard): lastFourDigits of the reply's card as documented for its kind. */
  lastFour: prediction('modelLastFour', (x, card: CardSeen) => lastFourAsDocumented(x, firstCard(x), card), (card) => one(card.lastFourFrom ?? 'CARDS-SHAPE')),
  /** The reply's card shows the expiration and nickname of this write, where not empty. */
  cardData: prediction('modelCardData', cardDataAsSent, (p) => one(p.requirement)),
  /** FIND-ENROLLED: the customerId assigned at enrollment. */
  findsCustomer: prediction('modelFindsCustomer', findsCustomer, () => one('FIND-ENROLLED')),
  /** Right after an enrolment: another customerId found fails ENROLL-SUCCESS, none FIND-ENROLLED. */
  enrolmentReadBack: prediction('modelEnrolledId', enrolledIdFound, () => ['ENROLL-SUCCESS', 'FIND-ENROLLED'] as const),
  /** D17: an ssoToken for a customer holding a card, under the row that predicts it. */
  ssoToken: prediction('modelSsoToken', issuesSsoToken, one),
  /** GetRegisteredCards shows exactly the customer's cards; each difference fails the transition behind it. */
  cardList: prediction('modelCardList', listMatchesModel, listRequirements),
  /** The card a reply named is listed. */
  listsCard: prediction('modelListsCard', listsCard, (p) => one(p.requirement)),
};
