import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import type { HarnessContext } from '../../suites/lib/runner/context.js';
import type { Oracle } from '../../oracles/judge.js';
import { Journal, ModelMismatch } from '../../suites/lib/model/journal.js';
import { predict } from '../../oracles/model/predict.js';
import { SequenceRun } from '../../suites/lib/model/real.js';
import { ownRefusal, refusedForOwnReason } from '../../suites/lib/model/refusal.js';

/**
 * SequenceRun.judge, the model's way into the one judge: expectations are judged in turn and the
 * first with findings stops the sequence (a later one presupposes it); after a refusal for the
 * target's own reasons (D37) nothing further is judged and the refusal is observed; what the
 * judge says fails with a finding reaches the journal. No network: fabricated replies.
 */
const reply = (status: number, json: unknown): Exchange => ({
  request: { operation: 'AddOrUpdateCard', method: 'POST', url: 'https://target.test/cards', query: {}, headers: {}, correlationId: 'c' },
  response: { status, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify(json), json },
  durationMs: 1, attempts: [{ status, headers: {}, startedAtMs: 0, durationMs: 1 }],
});

function sequence(): { run: SequenceRun; journal: Journal } {
  const journal = new Journal(new Set(['CARD-SUCCESS', 'CARDS-SHAPE', 'STATE-CARD-CHANGED', 'GEN-VALID-ACCEPTED']));
  const ctx = { profile: {} } as HarnessContext;
  return { run: new SequenceRun(ctx, { sessionId: 's', deviceId: 'd' }, journal), journal };
}

/** A Card as documented (interface.md "Card"): the judge checks every success's resources too (oracles/answer-resource.ts). */
const card = (cardId: string) => ({
  cardId, customerId: 'bbbbbbbb-0000-4000-8000-000000000000', cardNickname: '', cardProgram: '', lastFourDigits: '1111', showTermsAndConditions: false,
  termsAndConditionsId: '', issuerType: 0, expirationMonthYear: '0429', cardProgramPhone: '', currentCardMin: 0, currentCardMax: 0, cardArtAsBase64Png: '', hashId: '',
});

const accepted = predict.accepted({ requirement: 'CARD-SUCCESS', documented: 'a new card is registered' });
const sameCard = predict.cardId({ requirement: 'STATE-CARD-CHANGED', same: 'aaaaaaaa-0000-4000-8000-000000000000', documented: 'the same cardId' });

describe('SequenceRun.judge', () => {
  it('stops at the first expectation with findings: a later one is neither run nor checked', () => {
    const { run, journal } = sequence();
    expect(() => run.judge(reply(500, {}), { oracles: [accepted] }, { oracles: [sameCard] })).toThrow(ModelMismatch);
    expect(journal.findings.map((f) => `${f.check} ${f.requirement}`)).toEqual(['modelAccepted CARD-SUCCESS']);
    expect([...journal.checked]).toEqual(['CARD-SUCCESS']);
  });

  it('checks what every expectation answers for when the reply is as predicted', () => {
    const { run, journal } = sequence();
    run.judge(reply(200, { cards: [card('aaaaaaaa-0000-4000-8000-000000000000')] }), { oracles: [accepted] }, { oracles: [sameCard] });
    expect(journal.findings).toEqual([]);
    // CARDS-SHAPE: the resource oracles the judge adds to every success (oracles/answer-resource.ts).
    expect([...journal.checked].sort()).toEqual(['CARD-SUCCESS', 'CARDS-SHAPE', 'STATE-CARD-CHANGED']);
  });

  it('observes a refusal for the target\'s own reasons (D37): no finding, nothing after it judged', () => {
    const { run, journal } = sequence();
    const declined = reply(422, { ErrorCode: 'ISSUER_DECLINED', ErrorMessage: 'declined' });
    const outcome = run.judge(declined, { oracles: [accepted], ownRefusal: ownRefusal('a generated new card') }, { oracles: [sameCard] });
    expect(refusedForOwnReason(outcome)).toBe(true);
    expect(journal.findings).toEqual([]);
    expect([...journal.checked]).toEqual([]);
    expect(journal.observed['GEN-VALID-ACCEPTED']).toBe('AddOrUpdateCard refused a generated new card with 422 ISSUER_DECLINED (D37: observed, not failed)');
    // Without the rule the same reply is a refusal the model did not predict.
    expect(() => sequence().run.judge(declined, { oracles: [accepted] })).toThrow(ModelMismatch);
  });

  it('records what fails with an oracle\'s findings, and only when it has some', () => {
    const scenario: Oracle = { ...accepted, failsWith: ['CARDS-SHAPE'] };
    const passing = sequence();
    passing.run.judge(reply(200, { cards: [card('aaaaaaaa-0000-4000-8000-000000000000')] }), { oracles: [scenario] });
    expect([...passing.journal.failsWith]).toEqual([]);
    const failing = sequence();
    expect(() => failing.run.judge(reply(500, {}), { oracles: [scenario] })).toThrow(ModelMismatch);
    expect([...failing.journal.failsWith]).toEqual(['CARDS-SHAPE']);
  });
});
