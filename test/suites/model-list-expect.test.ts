import { describe, expect, it } from 'vitest';
import type { Responded } from '../../checks/support.js';
import { listMatchesModel } from '../../oracles/model/list-expect.js';
import type { ModelCard, ModelCustomer } from '../../oracles/model/state.js';
import { exchange } from '../checks/fixtures.js';

const customerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const cardId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const card: ModelCard = {
  label: 'card #1', cardId, kind: 'number', identity: '4111111111111111',
  payload: { cardNumber: '4111111111111111', expirationMonthYear: '0130', cardNickname: 'pc-run-7' },
  listedBecause: 'STATE-CARD-CHANGED', expirationFrom: 'CARD-SUCCESS', nicknameFrom: 'STATE-CARD-CHANGED',
};
const customer: ModelCustomer = {
  label: 'customer #1', customerId, ssn: '900000001', email: 'a@b.test', dateOfBirth: '1980-01-02',
  cards: [card], everHadCard: true, declined: [], deleted: [],
};
const listed = (cardNickname: unknown) => exchange({
  operation: 'GetRegisteredCards', body: { cards: [{ cardId, customerId, cardNickname, lastFourDigits: '1111', expirationMonthYear: '0130' }] },
}) as Responded;

describe('listMatchesModel: the nickname last sent (interface.md Card)', () => {
  it('accepts the nickname last sent, or an empty string ("most fields ... can be empty strings")', () => {
    expect(listMatchesModel(listed('pc-run-7'), customer)).toEqual([]);
    expect(listMatchesModel(listed(''), customer)).toEqual([]);
  });

  it('fails an earlier nickname, under the transition that set the new one', () => {
    const [f] = listMatchesModel(listed('pc-run'), customer);
    expect(f?.requirement).toBe('STATE-CARD-CHANGED');
    expect(f?.message).toBe('Received cardNickname "pc-run" on card #1; documented cardNickname "pc-run-7", as last sent, or ""');
  });
});
