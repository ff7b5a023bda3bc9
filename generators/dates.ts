import fc from 'fast-check';

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const dayMs = 86_400_000;

/** A real calendar date between 1 January of `minYear` and 31 December of `maxYear`. */
export function calendarDate(options: { minYear: number; maxYear: number }): fc.Arbitrary<CalendarDate> {
  const first = Date.UTC(options.minYear, 0, 1) / dayMs;
  const last = Date.UTC(options.maxYear, 11, 31) / dayMs;
  return fc.integer({ min: first, max: last }).map((n) => {
    const d = new Date(n * dayMs);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  });
}

const two = (n: number) => String(n).padStart(2, '0');

/** Birth years the harness sends: adults, none implausibly old. */
export const birthYears = { minYear: 1930, maxYear: 2005 } as const;

/** D9: only the year-first forms YYYY-MM-DD and YYYY/MM/DD are sent as valid. */
export function dateOfBirth(options: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  return fc
    .tuple(
      calendarDate({ minYear: options.minYear ?? birthYears.minYear, maxYear: options.maxYear ?? birthYears.maxYear }),
      fc.constantFrom('-', '/'),
    )
    .map(([d, sep]) => [String(d.year), two(d.month), two(d.day)].join(sep));
}

/** Months of the calendar: a day of at most this many also reads as a month. */
const monthsInYear = 12;
/** Month and day pairs that read as another real day when swapped: 12 months x 11 other days. */
export const ambiguousPairs = monthsInYear * (monthsInYear - 1);

/**
 * blind15: a date written by one request and read back by another is drawn ambiguous, its day 1 to 12
 * and not its month, so a parser that swaps day and month (a day-first pattern such as yyyy/dd/MM)
 * stores or looks up another real day instead of failing. A day past 12 fails the swapped pattern (a
 * refusal, or a fallback to the documented one) and a day equal to its month swaps into itself: with
 * either the swap never shows. `index` (0 to ambiguousPairs - 1) picks the pair, so one draw spreads
 * over every month and every day that can be swapped.
 */
export function ambiguousMonthDay(index: number): { month: number; day: number } {
  const i = Math.min(ambiguousPairs - 1, Math.max(0, Math.floor(index)));
  const month = 1 + Math.floor(i / (monthsInYear - 1));
  const other = 1 + (i % (monthsInYear - 1));
  return { month, day: other >= month ? other + 1 : other };
}

/** YYYY-MM-DD of an ambiguous date (ambiguousMonthDay) in `year`. */
export function ambiguousIsoDate(year: number, index: number): string {
  const { month, day } = ambiguousMonthDay(index);
  return [String(year), two(month), two(day)].join('-');
}

/**
 * blind17: where an impossible date rolls onto (a lenient calendar reads 1990-02-30 as 1990-03-02).
 * `day`: a day past the end of the month before rolls onto the first days of a month (30 February
 * onto 2 March, 31 April onto 1 May); `month`: month 13 of the year before onto January, month 00 of
 * the year after onto December. Each kept ambiguous (blind15), so the lookup keeps both classes.
 */
export const rolloverLandings: Readonly<Record<'day' | 'month', ReadonlyArray<readonly [number, number]>>> = {
  day: [[3, 1], [3, 2], [5, 1], [7, 1], [10, 1], [12, 1]],
  month: [...Array.from({ length: 11 }, (_, i) => [1, i + 2] as const), ...Array.from({ length: 11 }, (_, i) => [12, i + 1] as const)],
};

/** An ambiguous date of birth an impossible date of `kind` rolls onto, written with `separator`. */
export function rolloverLandingDateOfBirth(separator: '-' | '/', kind: 'day' | 'month'): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: birthYears.minYear, max: birthYears.maxYear }), fc.constantFrom(...rolloverLandings[kind]))
    .map(([year, [month, day]]) => [String(year), two(month), two(day)].join(separator));
}

/** A date of birth to enrol and read back: ambiguous (ambiguousMonthDay), written with `separator` (D9's year-first forms). */
export function ambiguousDateOfBirth(separator: '-' | '/'): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: birthYears.minYear, max: birthYears.maxYear }), fc.nat({ max: ambiguousPairs - 1 }))
    .map(([year, index]) => ambiguousIsoDate(year, index).replace(/-/g, separator));
}

/** MM-DD-YYYY of a real date. */
export function mmddyyyy(options: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  return calendarDate({ minYear: options.minYear ?? 2000, maxYear: options.maxYear ?? 2025 }).map(
    (d) => `${two(d.month)}-${two(d.day)}-${d.year}`,
  );
}
