import { accessFaults } from './access.js';
import { operationFaults } from './operations.js';
import { businessFaults } from './business.js';
import { statefulFaults } from './stateful.js';
import { historyFaults } from './history.js';
import { bodyFaults } from './bodies.js';
import type { Fault, FaultSet } from './types.js';
import { switchSet } from '../switchboard.js';

export type { Fault, FaultSet } from './types.js';

/** Every fault the reference knows, core first, then the partner operations'. */
export const faultCatalogue: readonly Fault[] = [...accessFaults, ...operationFaults, ...businessFaults, ...statefulFaults, ...historyFaults, ...bodyFaults];

/** A fault name that the catalogue does not hold. */
export class FaultUnknownError extends Error {
  readonly code = 'FAULT_UNKNOWN';
  constructor(readonly fault: string, readonly known: readonly string[]) {
    super(`reference fault must be one of ${known.join(', ')}; received ${JSON.stringify(fault)}`);
    this.name = 'FaultUnknownError';
  }
}

/** Builds the FaultSet for `names`; an unknown name throws FaultUnknownError. */
export function faultSet(names: readonly string[] = []): FaultSet {
  return switchSet(faultCatalogue.map((f) => f.name), names, (name, known) => new FaultUnknownError(name, known));
}

/** Splits a comma-separated list such as REFERENCE_FAULTS; blanks are ignored. */
export function parseFaultList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((n) => n.trim()).filter((n) => n.length > 0);
}
