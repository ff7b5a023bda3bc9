import { describe, expect, it } from 'vitest';
import { impossibleCalendarDate } from '../../contract/operators/impossible-dates.js';
import { impossibleDates } from '../../generators/operators/impossible-date-values.js';
import { rolloverLandings } from '../../generators/dates.js';
import { impossibleDatesOnto } from '../../suites/lib/business/near-keys.js';

/** Blind batch 17: a lenient calendar rolled 1990-02-30 over to 1990-03-02 and FindCustomer named the customer born then. */
describe('dates that name no calendar day', () => {
  it('are written in the field\'s layout, only those its pattern admits', () => {
    expect(impossibleDates('1990/07/15', 'dateOfBirth')).toEqual(['1990/02/30', '1990/04/31', '1990/13/15', '1990/07/00']);
    expect(impossibleDates('07-15-2020', 'mmddyyyy')).toEqual(['02-30-2020', '04-31-2020']);
    expect(['1990-02-30', '02-30-2020', '1990-13-01', '1990-01-00'].map((v) => impossibleCalendarDate(v.startsWith('02') ? 'mmddyyyy' : 'dateOfBirth', v))).toEqual([true, true, true, true]);
    expect(impossibleCalendarDate('dateOfBirth', '2000-02-29')).toBe(false);
  });

  it('roll onto every landing the D9 customers are drawn from, in both year-first forms', () => {
    expect(impossibleDatesOnto('1990-03-02')).toEqual(['1990-02-30', '1990/02/30']);
    expect(impossibleDatesOnto('1992-03-01')).toEqual(['1992-02-30', '1992/02/30']);
    expect(impossibleDatesOnto('1990/01/05')).toEqual(['1989-13-05', '1989/13/05']);
    expect(impossibleDatesOnto('1990-12-01')).toEqual(['1990-11-31', '1990/11/31', '1991-00-01', '1991/00/01']);
    for (const kind of ['day', 'month'] as const)
      for (const [m, d] of rolloverLandings[kind]) expect(impossibleDatesOnto(`1990-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`).length, `${m}-${d}`).toBeGreaterThan(0);
  });
});
