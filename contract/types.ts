/**
 * Shapes of the contract model. Everything the harness knows about the interface is a
 * value of these types; generators, checks, the reference and the OpenAPI export read it.
 */

/** How firmly a rule is stated, as decisions.md defines the words. */
export type Severity = 'documented' | 'standard' | 'ambiguous' | 'unspecified';

export type FieldLocation = 'body' | 'query';

export type FieldType = 'string' | 'guid' | 'int' | 'boolean' | 'attributeList';

export interface Format {
  readonly id: string;
  /** Everything the reference accepts (its default reading). */
  readonly pattern: string;
  /** The subset the harness may send as valid against any target; defaults to `pattern`. */
  readonly assertedValidPattern?: string;
  /**
   * The widest a conformant target may accept where the document leaves a point of the format
   * open (D38 letter case, D39 beyond the @); defaults to `pattern`. Only what fails it is a violation.
   */
  readonly toleratedPattern?: string;
  readonly description: string;
  readonly severity: Severity;
  readonly section: string;
  /**
   * A digit code whose real values may begin with 0 (ZIP 02134, an SSN of area 001-099, a BIN): a service that
   * reads it into an integer loses the zero. Valid payloads carry one such value (generators/edge-valid.ts).
   */
  readonly leadingZeroReal?: true;
  /** A small enumerated class: the documented values themselves (M, F; True, False), for operators that enumerate it. */
  readonly values?: readonly string[];
}

/** Name/value items of AddCustomerAttributes and AddSessionAttributes. */
export interface AllowedAttribute {
  readonly name: string;
  readonly required: boolean;
  /** Format id of the value, from contract/formats.ts; absent when only length is documented. */
  readonly valueFormat?: string;
  /**
   * Where the document gives the value no format but the reference checks one (D39: PreferredEmail):
   * valid values follow it, and no break of it is asserted.
   */
  readonly referenceFormat?: string;
  readonly meaning: string;
  /**
   * The member of the customer's enrolment this attribute states again (the SSN attribute: the
   * customer's `ssn`). A value that differs from the record is still valid by its format, but a target
   * may refuse it for the contradiction, a reason of its own the harness provoked (D37: observed).
   */
  readonly restates?: 'ssn';
}

export interface AttributeListRule {
  readonly nameLength: { readonly min: number; readonly max: number };
  readonly valueLength: { readonly min: number; readonly max: number };
  readonly allowed: readonly AllowedAttribute[];
  /** Where a value format is checked: both 400 key shapes and business 422 codes are contract. */
  readonly itemKeyName: string;
  readonly itemKeyValue: string;
}

export interface Field {
  /** Name on the wire, "case as given" by interface.md. */
  readonly name: string;
  readonly in: FieldLocation;
  readonly type: FieldType;
  readonly required: boolean;
  /** Length columns as interface.md prints them. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /**
   * Where a column contradicts another statement (D12, D28), the bound the harness may
   * assert: values beyond it must be rejected, values between the two are not asserted.
   */
  readonly assertedMaxLength?: number;
  /** Lower length bound the harness may assert as invalid below (D28 keeps format over column). */
  readonly assertedMinLength?: number;
  /** Integer range for Int fields: values in range are valid, outside invalid. */
  readonly range?: { readonly min: number; readonly max: number };
  /** Int values whose meaning is ambiguous and never asserted (D23: pageSize 0). */
  readonly ambiguousValues?: readonly number[];
  readonly format?: string;
  /**
   * A format the reference enforces and valid values are sent in, but whose breaks are never
   * asserted (D35: the card tables give zip and state lengths only). Exclusive with `format`.
   */
  readonly referenceFormat?: string;
  /** Empty string is treated as not sent (D29): never asserted. */
  readonly emptyNotAsserted?: boolean;
  readonly attributes?: AttributeListRule;
  readonly note?: string;
  readonly decisions?: readonly string[];
}

export type Method = 'GET' | 'POST';

export interface Operation {
  readonly id: string;
  /** Short code used in requirement ids, e.g. FIND. */
  readonly code: string;
  readonly path: string;
  /** D1 default; the profile may override. */
  readonly method: Method;
  readonly section: string;
  readonly core: boolean;
  /** All but AuthenticatePartner need sessionId and deviceId headers. */
  readonly sessionRequired: boolean;
  /** D13: body keys are PascalCase except where the document shows camelCase. */
  readonly bodyKeyCase: 'pascal' | 'camel';
  /** True when a successful call creates, changes or deletes data (production profile). */
  readonly writes: boolean;
  /**
   * A write whose repetition changes nothing (States: submitted data identical to stored data
   * leaves the card unchanged): sent again when its reply was lost, as a read is.
   */
  readonly repeatable?: boolean;
  readonly fields: readonly Field[];
  /** Documented success status and body shape summary. */
  readonly success: { readonly status: 200; readonly body: string; readonly severity: Severity };
  /** errorCodes from contract/errors.ts this operation may return. */
  readonly errors: readonly string[];
  /**
   * The decision under which a valid payload may be refused with a code the document does not
   * show (D15 card authorization, D16 duplicate SSN or e-mail; D37 then observes it). Elsewhere a
   * coded refusal of a valid payload is no business reason: it fails.
   */
  readonly refusesForOwnReasons?: 'D15' | 'D16';
}
