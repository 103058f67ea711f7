import { useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../../lib/api-client';
import { findSecrets, type SecretCheck, type SecretNotice } from '../lib/find-secrets';

/** Said in the create screen's "Not sent" notice, with Retry, when the scanner's chunk cannot load. */
const SCANNER_UNAVAILABLE =
  'The check for secrets could not be loaded. Check your connection, then try again.';

/**
 * The look for likely credentials before a public paste is sent: `check` scans the text
 * in the tab and either publishes at once or holds the findings for the warning dialog — also when
 * the check stopped before the end of the text, so the author knows the rest was not looked at.
 * Text the author already chose to publish anyway is not asked about again (a Retry after a
 * network failure).
 */
export function useSecretWarning({ onProblem }: { onProblem: (message: string) => void }) {
  const [findings, setFindings] = useState<SecretNotice[] | null>(null);
  const [checkedLines, setCheckedLines] = useState<number | null>(null);
  // A second Create (double click, Ctrl+Enter) while the scanner loads starts no second check.
  const checking = useRef(false);
  const publishedAnyway = useRef<string | null>(null);

  /**
   * `stillWanted` is asked once the scan is done: the first scan waits for the scanner's code, and
   * an author who meanwhile edited the text or chose another privacy gets neither the dialog nor a
   * public paste (they press Create again).
   */
  async function check(content: string, publish: () => void, stillWanted: () => boolean = () => true) {
    if (checking.current) return;
    if (content === publishedAnyway.current) return publish();
    checking.current = true;
    let found: SecretCheck;
    try {
      found = await findSecrets(content);
    } catch {
      // Offline, the create itself would say so: the same words, whatever failed first.
      return onProblem(navigator.onLine ? SCANNER_UNAVAILABLE : OFFLINE_MESSAGE);
    } finally {
      checking.current = false;
    }
    if (!stillWanted()) return;
    if (found.notices.length === 0 && found.checkedLines === null) return publish();
    setFindings(found.notices);
    setCheckedLines(found.checkedLines);
  }

  return {
    /** null while there is nothing to warn about (empty when the check only stopped early). */
    findings,
    /** The lines the check looked at when it stopped before the end; null when it read them all. */
    checkedLines,
    check,
    close: () => setFindings(null),
    /** The author saw the warning and publishes `content` as it is. */
    acceptAnyway: (content: string) => {
      publishedAnyway.current = content;
    },
  };
}
