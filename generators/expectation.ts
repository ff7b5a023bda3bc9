import type { RequirementId } from '../contract/requirements.js';

/**
 * What a generated case must produce. Generators attach it; checks read it. A case never
 * carries an expectation for a point decisions.md marks ambiguous.
 */

/** One field a violation breaks, and the validation key it must produce (D13). */
export interface BrokenField {
  /** Exact key as the reference writes it, e.g. `command.Ssn`, `command.CustomerAttributes[2].Value`. */
  readonly key: string;
  readonly requirement: RequirementId;
  /** Which violation: `length-max+1`, `missing`, `type-number`, `format-letters`... */
  readonly violation: string;
}

/** A field carrying a value the document leaves open, and the decision that leaves it open. */
export interface OpenField extends BrokenField {
  readonly decision: string;
}

export type Expectation =
  | {
      readonly kind: 'accepted';
      readonly operation: string;
      /** errorCodes (Errors table rows) a valid payload may still meet for a documented business reason. */
      readonly allowedBusinessErrors: readonly string[];
      /** D15/D16: the operation may refuse a valid payload with a code of the target's own (observed, D37). */
      readonly ownRefusals?: boolean;
    }
  | {
      readonly kind: 'validation';
      readonly operation: string;
      readonly broken: readonly BrokenField[];
      /** Keys of fields sent valid: none may be blamed (D14). */
      readonly validKeys: readonly string[];
      /** Errors-table rows also acceptable instead of a 400 (D19: session attributes may answer 422 INVALID_INFORMATION). */
      readonly alternatives?: readonly string[];
    }
  | {
      readonly kind: 'problem';
      readonly operation: string;
      /** Row key of contract/errors.ts errorRows. */
      readonly row: string;
    }
  | {
      /**
       * Values the document neither allows nor forbids (D38 letter case, D39 beyond the @, D40):
       * accepting or refusing each is observed; the answer is judged as the one the target chose
       * (a success, or a validation answer that blames no field sent valid), never its choice.
       */
      readonly kind: 'open';
      readonly operation: string;
      /** The fields carrying an open value; `requirement` is the row the observation is noted under. */
      readonly sent: readonly OpenField[];
      readonly validKeys: readonly string[];
      /** The operation may refuse for reasons of its own (D15/D16/D37). */
      readonly ownRefusals?: boolean;
    }
  | {
      /** Unspecified status: only the generic contract (4xx with a JSON error body). */
      readonly kind: 'refused';
      readonly operation: string;
      readonly requirement: RequirementId;
    };
