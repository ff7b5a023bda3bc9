import type { RequirementId } from '../../contract/requirements.js';
import type { SwitchSet } from '../switchboard.js';

/**
 * One deliberate defect of the reference service. Each fault breaks exactly one documented rule,
 * named by a contract requirement id, so the harness can prove the matching check catches it.
 */
export interface Fault {
  /** kebab-case name, used in REFERENCE_FAULTS and `startReference({ faults })`. */
  readonly name: string;
  /** The contract requirement id (contract/requirements.ts) the fault violates. */
  readonly requirement: RequirementId;
  /** One sentence: what the faulty reference does instead of the rule. */
  readonly breaks: string;
}

/** The faults switched on for one running reference. Code asks `faults.has('name')`. */
export type FaultSet = SwitchSet;
