import { describe, expect, it } from 'vitest';
import { causeKey, groupByCause } from '../../reporting/causes.js';
import { renderMarkdown } from '../../reporting/markdown.js';
import { buildSummary } from '../../reporting/summary.js';
import { operations, requirements } from '../../contract/index.js';
import type { ResultRecord } from '../../reporting/result.js';

describe('one line per cause (issue 29 item 3)', () => {
  it('texts that differ only in ids, numbers and masks are one cause; another wording is another', () => {
    expect(causeKey('received 500 after 12 ms [accessToken:***] 0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(causeKey('received 500 after 7 ms [sessionId:***] 7c9e6679-7425-40de-944b-e07fc1f90ae7'));
    expect(groupByCause(['a 1', 'a 2', 'b 1'], (t) => t).map((c) => [c.text, c.count])).toEqual([['a 1', 2], ['b 1', 1]]);
  });

  it('summary.md says rows broken for one cause once, naming the first and listing the rest', () => {
    const reason = (port: number) => `TOKEN_REQUEST_FAILED The token request must return 200, received POST https://127.0.0.1:${port}/oauth2/token 500`;
    const ids = requirements.slice(0, 30).map((r) => r.id);
    const records = ids.map((requirement, i) => ({ suite: 's', property: `p${i}`, requirement, status: 'broken', reason: reason(4000 + i) }) as unknown as ResultRecord);
    const summary = buildSummary({
      records, requirements, operations, selection: { only: ids, skip: [], filters: [] },
      startedAt: new Date(0), finishedAt: new Date(1), target: { baseUrl: 'https://t', kind: 'sandbox' }, waivers: [],
    });
    const md = renderMarkdown(summary);
    expect(md).toContain(`### 30 requirements broken for one cause (first: ${ids[0]})`);
    expect(md.split(reason(4000).slice(0, 40)).length - 1).toBe(1);
  });
});
