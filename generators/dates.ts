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

/** MM-DD-YYYY of a real date. */
export function mmddyyyy(options: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  return calendarDate({ minYear: options.minYear ?? 2000, maxYear: options.maxYear ?? 2025 }).map(
    (d) => `${two(d.month)}-${two(d.day)}-${d.year}`,
  );
}
