import { SECRET_SCAN_BROWSER_BUDGET_MS } from '../../../../common/constants';
import { countLines } from '../../../../common/line-count';

/** A likely credential as the warning names it: the kind in words and its 1-based line. */
export interface SecretNotice {
  label: string;
  line: number;
}

/** What the look for secrets found, and how far it got. */
export interface SecretCheck {
  notices: SecretNotice[];
  /** Lines looked at when the check stopped before the end of the text; null when it read it all. */
  checkedLines: number | null;
}

let channel: MessageChannel | null = null;
/** The browser's next task, without a timer's clamped delay: the tab draws and answers between slices. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    channel ??= new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * The secret scan of src/common, run in the browser before a public paste is sent, so
 * the text never leaves the tab until the author has chosen. It runs in slices (the tab stays
 * responsive) within SECRET_SCAN_BROWSER_BUDGET_MS; past that, or past the 10 MB it looks at, it
 * says how far it got. The scanner is imported on the first public create, not with the create
 * screen: it is its own chunk, outside the first load of `/`.
 */
export async function findSecrets(text: string): Promise<SecretCheck> {
  const { scanForSecretsInSlices, SECRET_KIND_LABELS } = await import(
    '../../../../common/secret-scan-slices'
  );
  const scan = await scanForSecretsInSlices(text, {
    budgetMs: SECRET_SCAN_BROWSER_BUDGET_MS,
    pause: nextTask,
  });
  const checked = text.slice(0, scan.scannedChars);
  return {
    notices: scan.findings.map(({ kind, line }) => ({ label: SECRET_KIND_LABELS[kind], line })),
    // Whole lines only: one cut short was not looked at to its end.
    checkedLines: scan.complete ? null : countLines(checked.slice(0, checked.lastIndexOf('\n') + 1)),
  };
}
