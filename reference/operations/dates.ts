/**
 * D9: dateOfBirth arrives in one of four 10-character forms (validated against the contract's
 * format first). Comparison is on the calendar date, so 1990-04-01, 1990/04/01, 04-01-1990
 * and 04/01/1990 are the same date of birth.
 */
export function calendarDate(value: string): string {
  const [a = '', b = '', c = ''] = value.split(/[-/]/);
  const year = c.length === 2 ? `19${c}` : c;
  return a.length === 4 ? `${a}-${b}-${c}` : `${year}-${a}-${b}`;
}

/** True for the year-first form with slashes (YYYY/MM/DD); used by the `find-enrolled-missing` fault. */
export function isYearFirstSlashed(value: string): boolean {
  return /^[0-9]{4}\//.test(value);
}
