/**
 * Classes blind batch 12 showed missing, each applied to every cell it fits (never a case of one field):
 * - a digits-only value read with a number parser: `long.TryParse` takes a sign, so a sign in place of
 *   the first digit, at the format's own width, passes a parse-and-length check (`+123456789` for
 *   "Exactly 10 digits"). A sign is no digit: the format's words exclude it, as D41 excludes a digit
 *   outside ASCII 0-9 (400 naming the field);
 * - a valid value a common validator library adds a rule to: a card number whose Luhn check digit is
 *   wrong (the document asks an "Unformatted card number", no checksum), an SSN value outside the SSA's
 *   issuance (an ITIN's area 9xx, group 00, serial 0000; "9 digits, no spaces or dashes"). Sent as valid: a 400 validation answer is a failure,
 *   a refusal of the target's own (D15/D37 shape) is observed (D37).
 * A rule checked on one payload shape only is the third class: generators/operators/cases.ts sends the
 * rejected values in payloads with every optional member and with the required members only, by turns.
 * @see decisions.md D37, D41; interface.md field tables
 */
import type { Cell } from './cells.js';
import { fixedFormat } from './predicates.js';
import { fixedWidthDigits } from './parser-habits.js';
import type { Operator } from './types.js';

// fixedWidthDigits: a digits-only format of bounded width (SSN, phone, zip, card number, BIN) or an MMYY.
// Counts and amounts have number-plus-sign and number-minus-sign.

/**
 * The formats a common validator checks beyond the document's words: a card number (Luhn, ISO/IEC 7812)
 * and an SSN (SSA issuance: no area 9xx). Only in a write that neither enrols nor looks up an identity:
 * there the value stands as written; an enrolment's and a lookup's SSN is an identity the business suite
 * enrols and finds as an ITIN already (D9, D16), and a changed one would name no record.
 */
const checkedBeyondWords: ReadonlySet<string> = new Set(['cardNumber', 'ssn']);
const standsAsWritten = (c: Cell): boolean => fixedFormat(c) && checkedBeyondWords.has(c.format!) && c.writes && !c.enrols;

export const validatorHabitOperators: readonly Operator[] = [
  {
    id: 'digits-with-sign', family: 'value-near-miss',
    sends: 'a fixed-width digits value (SSN, phone, zip, card number, BIN, MMYY) with a sign in place of its first digit, at the format\'s own width (+12345678, -12345678): a long parse and a length check take it; both signs in every cell, one request each (blind13: a sign spread over the cells sent FindCustomer\'s SSN a minus only)',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: fixedWidthDigits, asserts: () => 'rejected',
    backing: ['D41 (a character other than an ASCII digit in a digits format is a violation)', 'interface.md "9 digits, no spaces or dashes", "Exactly 10 digits, no formatting", "5-digit zip", "Unformatted card number", "6 to 8 digit BIN", "MMYY"'],
  },
  {
    id: 'valid-beyond-validator-rules', family: 'value-robustness',
    sends: 'a valid value a common validator adds a rule to: a card number whose Luhn check digit is wrong; an SSN value that is an ITIN (area 9xx, group 70-79), one with group 00, one with serial 0000 (one request each)',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }, { tool: 'CATS', name: 'HappyPathFuzzer' }],
    appliesTo: standsAsWritten, asserts: () => 'served-as-valid',
    backing: [
      'interface.md "Unformatted card number" (15 to 19 digits, no checksum), "9 digits, no spaces or dashes" (no issuance rule; all zeros not sent)',
      'D37 (a 400 validation answer to a valid payload is a failure; a refusal with a code of the target\'s own is observed)',
    ],
  },
];
