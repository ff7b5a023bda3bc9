import fc from 'fast-check';
import { defaults } from '../contract/index.js';
import { digits } from './text.js';

/** Luhn check digit for a number written without its last digit. */
export function luhnCheckDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  if (!/^[0-9]{2,}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number[number.length - 1]);
}

export interface CardOptions {
  /** A card number the target declines (TARGET_DECLINED_CARD_NUMBER). */
  readonly declinedCardNumber?: string;
  /** A BIN whose cards are not allowed (TARGET_DENIED_CARD_BIN). */
  readonly deniedCardBin?: string;
}

/** True when one string starts with the other: the BIN would be ambiguous. */
const overlaps = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/**
 * Luhn-valid card number of `length` digits, starting with an issuer digit 3-6, never
 * the declined number and never sharing a prefix with the denied BIN.
 */
export function cardNumber(options: CardOptions & { length: number }): fc.Arbitrary<string> {
  const declined = options.declinedCardNumber ?? defaults.declinedCardNumber;
  const denied = options.deniedCardBin ?? defaults.deniedCardBin;
  return fc
    .tuple(fc.constantFrom('3', '4', '5', '6'), digits({ length: options.length - 2 }))
    .map(([issuer, body]) => issuer + body)
    .map((partial) => partial + String(luhnCheckDigit(partial)))
    .filter((n) => n !== declined && !overlaps(n, denied));
}

/** 6- to 8-digit BIN (lengths from the caller), never overlapping the denied BIN. */
export function cardBin(options: CardOptions & { minLength: number; maxLength: number }): fc.Arbitrary<string> {
  const denied = options.deniedCardBin ?? defaults.deniedCardBin;
  return fc
    .integer({ min: options.minLength, max: options.maxLength })
    .chain((length) => fc.tuple(fc.constantFrom('3', '4', '5', '6'), digits({ length: length - 1 })))
    .map(([issuer, rest]) => issuer + rest)
    .filter((bin) => !overlaps(bin, denied));
}

/** Fixed base year: expirations are in the future of it, so a seed replays the same values. */
export const mmyyBaseYear = 2026;

/**
 * Two-digit years on the windows a parser of two-digit years uses (.NET TwoDigitYearMax 2029, later
 * 2049; 99 the last a card can have): each pair straddles a window's end, where "50" may be read as
 * 1950 and a valid future expiry refused as expired. Sent once each as valid MMYY (calendar-edge-date).
 */
export const mmyyWindowYears = [29, 30, 49, 50, 99] as const;

/** MMYY with a month 01-12 and a year 2 to 12 years after `baseYear`. */
export function mmyy(options: { baseYear?: number } = {}): fc.Arbitrary<string> {
  const base = options.baseYear ?? mmyyBaseYear;
  return fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: base + 2, max: base + 12 }))
    .map(([m, y]) => String(m).padStart(2, '0') + String(y % 100).padStart(2, '0'));
}
