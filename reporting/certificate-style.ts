/**
 * The certificate's stylesheet, inline so the file stays one self-contained document. The print
 * rules make "Save as PDF" a clean record: no backgrounds that waste ink, no rows split across
 * pages, the verdict on the first page.
 */
export const certificateCss = `
:root { --pass: #1a7f37; --fail: #c62828; --warn: #b26a00; --info: #0b57d0; --muted: #5f6368; --line: #dadce0; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #202124; margin: 0 auto; max-width: 1100px; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
.subtitle { color: var(--muted); margin: 0 0 16px; }
.verdict { border-radius: 8px; padding: 16px 20px; color: #fff; margin: 12px 0 16px; }
.verdict.pass { background: var(--pass); }
.verdict.fail { background: var(--fail); }
.verdict.inconclusive, .verdict.incomplete { background: var(--warn); }
.verdict .word { font-size: 30px; font-weight: 700; letter-spacing: .04em; }
.verdict .words { font-size: 16px; margin-top: 4px; }
.verdict ul { margin: 8px 0 0; padding-left: 20px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f1f3f4; font-weight: 600; }
table.facts th { width: 180px; }
td.id { white-space: nowrap; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.status { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
.status.passed { background: var(--pass); } .status.failed { background: var(--fail); } .status.broken { background: var(--warn); }
.status.waived { background: #6a1b9a; } .status.observed { background: var(--info); }
.status.not-covered, .status.not-selected, .status.skipped-by-profile { background: var(--muted); }
.status.partly-checked { background: var(--warn); }
.status.advisory { background: #e37400; }
.counts td { text-align: center; font-size: 16px; font-weight: 600; }
.evidence { border-left: 4px solid var(--fail); padding: 4px 12px; margin: 10px 0; page-break-inside: avoid; }
pre { background: #f8f9fa; border: 1px solid var(--line); padding: 6px 8px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
.muted { color: var(--muted); }
a { color: var(--info); }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
@page { size: A4; margin: 14mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  .verdict { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .status { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2 { page-break-after: avoid; }
  tr, .evidence { page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  pre { white-space: pre-wrap; }
}
`;
