/**
 * A mend to Allure 3's single-file page (plugin-awesome 3.18). Its app script comes first in the
 * body and its results come last, as a script that creates `window.allureReportData`. The app
 * looks for that object once, when it first asks for a file: if the parser has not reached the
 * results yet (a 3.7 MB page on a loaded machine), it fetches the file from disk instead, which a
 * file:// page may not do, and the page stays at its header. Measured here: 4 browsers opening one
 * report at once rendered it 1 time in 8; with the object declared in <head>, 9 of 9. The app then
 * takes the embedded path and waits, as it was written to, for `allureReportDataReady`.
 */
const declaration = '<script>window.allureReportData = window.allureReportData || {}; window.allureReportDataReady = false;</script>';

/** The page with its results object declared before the app runs; a page without embedded results is unchanged. */
export function declareResultsFirst(html: string): string {
  if (!html.includes('window.allureReportData = window.allureReportData || {}') || html.includes(declaration)) return html;
  const head = html.indexOf('<head>');
  if (head < 0) return html;
  const at = head + '<head>'.length;
  return `${html.slice(0, at)}\n${declaration}${html.slice(at)}`;
}
