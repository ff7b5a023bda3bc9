import { describe, expect, it } from 'vitest';
import { applicablePairs, contractCells, operatorCatalogue } from '../../contract/operators/index.js';

/** Issue 27: the access and state operators apply to cells decided from the contract's data alone. */
const families = ['headers-source', 'token-forgery', 'object-ownership', 'use-after-delete', 'concurrency', 'filter-exactness'];
const ours = operatorCatalogue.filter((o) => families.includes(o.family));
const cellsOf = (operator: string) => applicablePairs(ours).filter((p) => p.operator === operator).map((p) => p.cell);

describe('access and state operators', () => {
  it('are named once, each with a published counterpart and the register rows behind it', () => {
    const ids = ours.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of ours) {
      expect(o.backing.length, o.id).toBeGreaterThan(0);
      expect(o.counterparts.length, o.id).toBeGreaterThan(0);
    }
  });

  it('apply the allow list and the token forgeries to every operation', () => {
    const operations = contractCells().filter((c) => c.place === 'operation').map((c) => c.operation);
    expect(cellsOf('off-list-source')).toEqual(operations.map((o) => `${o} operation ${o}`));
    expect(cellsOf('bearer-empty-signature')).toEqual(operations.map((o) => `${o} header Authorization`));
  });

  it('place apiVersion before every query parameter of every operation (blind16: the parameters after it cut off)', () => {
    expect(cellsOf('version-before-parameter')).toEqual(contractCells().filter((c) => c.place === 'query').map((c) => c.id));
    expect(cellsOf('version-before-parameter')).toContain('GetTransactionHistory query pageSize');
  });

  it('apply the ownership operators to every cell that names a customer\'s card, and nowhere else', () => {
    expect(cellsOf('other-customers-card-id')).toEqual(['GetTransactionHistory query accountId', 'DeleteCard body cardId', 'AddSessionAttributes attribute AccountIdFilter']);
    expect(cellsOf('other-customers-card-token')).toEqual(['AddOrUpdateTokenizedCard body cardToken', 'AddSessionAttributes attribute AccountNumberFilter']);
    expect(cellsOf('identical-writes-together')).toEqual(['EnrollCustomer', 'AddOrUpdateCard', 'AddOrUpdateTokenizedCard', 'DeleteCard'].map((o) => `${o} operation ${o}`));
  });

  it('follow a new field that names a card with no other change (its owner slot naming nobody too, blind17)', () => {
    const [history] = contractCells().filter((c) => c.id === 'GetTransactionHistory query accountId');
    const made = { ...history!, id: 'MadeUp body cardId', operation: 'MadeUp', place: 'body' as const, name: 'cardId' };
    expect(ours.filter((o) => o.appliesTo(made)).map((o) => o.id)).toEqual(['other-customers-card-id', 'identifier-of-another-kind', 'unknown-owner-of-others-resource', 'deleted-card-id', 'own-id-length-near-miss', 'own-id-other-notation']);
  });
});
