import { accessFaults } from './access.js';
import { operationFaults } from './operations.js';
import { businessFaults } from './business.js';
import { statefulFaults } from './stateful.js';
import { historyFaults } from './history.js';
import { bodyFaults } from './bodies.js';
import { inputClassFaults } from './input-classes.js';
import { operatorValueFaults } from './operator-values.js';
import { existingFormFaults } from './existing-forms.js';
import { stateClassFaults } from './state-classes.js';
import { identityClassFaults } from './identity-classes.js';
import { readBackDateFaults } from './read-back-dates.js';
import { historyClassFaults } from './history-classes.js';
import { blind1Faults } from './blind1/index.js';
import { blind2Faults } from './blind2/index.js';
import { blind3Faults } from './blind3/index.js';
import { blind4Faults } from './blind4/index.js';
import { blind5Faults } from './blind5/index.js';
import { blind6Faults } from './blind6/index.js';
import { blind7Faults } from './blind7/index.js';
import { blind8Faults } from './blind8/index.js';
import { blind9Faults } from './blind9/index.js';
import { blind10Faults } from './blind10/index.js';
import { blind11Faults } from './blind11/index.js';
import { blind12Faults } from './blind12/index.js';
import { blind13Faults } from './blind13/index.js';
import { blind14Faults } from './blind14/index.js';
import { blind15Faults } from './blind15/index.js';
import { blind16Faults } from './blind16/index.js';
import { blind17Faults } from './blind17/index.js';
import { blind18Faults } from './blind18/index.js';
import { blind19Faults } from './blind19/index.js';
import { blind20Faults } from './blind20/index.js';
import type { Fault, FaultSet } from './types.js';
import { switchSet } from '../switchboard.js';

export type { Fault, FaultSet } from './types.js';

/** Every fault the reference knows, core first, then the partner operations'. */
export const faultCatalogue: readonly Fault[] = [...accessFaults, ...operationFaults, ...businessFaults, ...statefulFaults, ...historyFaults, ...bodyFaults, ...inputClassFaults, ...operatorValueFaults, ...existingFormFaults, ...stateClassFaults, ...identityClassFaults, ...readBackDateFaults, ...historyClassFaults];

/** Blind red-team faults: switchable like the catalogue's, scored by a separate command, not part of faultCatalogue. */
export { blind1Faults, blind2Faults, blind3Faults, blind4Faults, blind5Faults, blind6Faults, blind7Faults, blind8Faults, blind9Faults, blind10Faults, blind11Faults, blind12Faults, blind13Faults, blind14Faults, blind15Faults, blind16Faults, blind17Faults, blind18Faults, blind19Faults, blind20Faults };

/** The blind batches by name, for `npm run red-team -- <batch>` (bin/red-team.ts). */
export const blindBatches: Readonly<Record<string, readonly Fault[]>> = { blind1: blind1Faults, blind2: blind2Faults, blind3: blind3Faults, blind4: blind4Faults, blind5: blind5Faults, blind6: blind6Faults, blind7: blind7Faults, blind8: blind8Faults, blind9: blind9Faults, blind10: blind10Faults, blind11: blind11Faults, blind12: blind12Faults, blind13: blind13Faults, blind14: blind14Faults, blind15: blind15Faults, blind16: blind16Faults, blind17: blind17Faults, blind18: blind18Faults, blind19: blind19Faults, blind20: blind20Faults };

/** Every fault a reference can be started with: the catalogue and the blind batches. */
export const allFaults: readonly Fault[] = [...faultCatalogue, ...Object.values(blindBatches).flat()];

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
  return switchSet(allFaults.map((f) => f.name), names, (name, known) => new FaultUnknownError(name, known));
}

/** Splits a comma-separated list such as REFERENCE_FAULTS; blanks are ignored. */
export function parseFaultList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((n) => n.trim()).filter((n) => n.length > 0);
}
