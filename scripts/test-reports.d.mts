/** Types of test-reports.mjs (plain JavaScript: `npm test` runs it with Node alone). */
export function readReports(dir: string): {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
};
