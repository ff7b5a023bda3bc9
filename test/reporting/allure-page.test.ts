import { describe, expect, it } from 'vitest';
import { declareResultsFirst } from '../../reporting/allure-page.js';

// The shape of Allure 3's single-file page, cut to what the mend reads.
const page = [
  '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>',
  '<script src="data:text/javascript;base64,AAAA"></script>',
  '<script async>window.allureReportDataReady = false;\nwindow.allureReportData = window.allureReportData || {};</script>',
  '</body></html>',
].join('\n');

describe('declareResultsFirst (Allure single-file page)', () => {
  it('declares the results object in <head>, before the app script, and keeps the rest', () => {
    const mended = declareResultsFirst(page);
    const declared = mended.indexOf('window.allureReportData = window.allureReportData || {}; window.allureReportDataReady = false;');
    expect(declared).toBeGreaterThan(mended.indexOf('<head>'));
    expect(declared).toBeLessThan(mended.indexOf('</head>'));
    expect(declared).toBeLessThan(mended.indexOf('data:text/javascript'));
    expect(mended.replace(/\n<script>window\.allureReportData = [^<]*<\/script>/, '')).toBe(page);
  });

  it('is applied once, and leaves a page without embedded results as it is', () => {
    expect(declareResultsFirst(declareResultsFirst(page))).toBe(declareResultsFirst(page));
    const linked = '<html><head></head><body><script src="app.js"></script></body></html>';
    expect(declareResultsFirst(linked)).toBe(linked);
  });
});
