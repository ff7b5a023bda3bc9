import type { OperatorPair } from '../../../contract/operators/index.js';
import { contractCells } from '../../../contract/operators/index.js';

/**
 * The operator x cell pairs a scenario sends, named by operator id and `<Operation> <place> <name>`.
 * A cell the contract does not have is a harness bug: it throws at once rather than counting a pair
 * no table holds.
 */
const cellIds = new Set(contractCells().map((c) => c.id));

export class PairLog {
  readonly #pairs: OperatorPair[] = [];
  sent(operator: string, cell: string): void {
    if (!cellIds.has(cell)) throw new Error(`harness: no contract cell ${JSON.stringify(cell)} for operator ${operator}`);
    if (!this.#pairs.some((p) => p.operator === operator && p.cell === cell)) this.#pairs.push({ operator, cell });
  }
  get pairs(): OperatorPair[] {
    return [...this.#pairs];
  }
}
