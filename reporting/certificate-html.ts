import type { RequirementRow } from './model.js';

/** A fragment of trusted markup; everything that comes from a run goes through esc() first. */
export type Html = string;

export const esc = (s: string): Html =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const evidenceAnchor = (id: string): string => `evidence-${id.toLowerCase()}`;

export const section = (title: string, inner: Html): Html => `<h2>${esc(title)}</h2>\n${inner}`;

/** A failure that does not block (ambiguous or unspecified rule) reads "failed (advisory)"; a partly checked row never reads passed. */
export function statusBadge(r: RequirementRow): Html {
  const advisory = r.status === 'failed' && !r.blocking;
  const words = advisory ? 'failed (advisory)' : r.status === 'partly-checked' ? `partly checked${r.acceptedGap ? ' (accepted gap)' : ''}` : r.status;
  return `<span class="status ${advisory ? 'advisory' : r.status}">${esc(words)}</span>`;
}

export function table(head: readonly string[], rows: ReadonlyArray<readonly Html[]>, cellClasses: readonly string[] = [], className = '', withHead = true): Html {
  const td = (cell: Html, i: number) => `<td${cellClasses[i] ? ` class="${cellClasses[i]}"` : ''}>${cell}</td>`;
  return `<table${className ? ` class="${className}"` : ''}>` +
    (withHead ? `<thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>` : '') +
    `<tbody>${rows.map((r) => `<tr>${r.map(td).join('')}</tr>`).join('')}</tbody></table>`;
}
