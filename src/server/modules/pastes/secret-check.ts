import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Privacy } from '../../../common/constants.js';
import type { SecretFinding } from '../../../common/secret-scan.js';
import {
  createSlicedSecretScan,
  type SecretScanResult,
  scanForSecretsInSlices,
} from '../../../common/secret-scan-slices.js';

/**
 * Which pastes' text is scanned for secrets, on create and on edit: public ones only, which anyone
 * may find; an unlisted or password paste is shared on purpose.
 */
export const shouldScanForSecrets = (privacy: Privacy): boolean => privacy === 'public';

/** Between two slices of a scan, the event loop answers whatever else is waiting. */
const pause = async (): Promise<void> => {
  await nextTurn();
};

/** A scan of text that arrives in pieces (a streamed create), within `budgetMs` of scanning. */
export const createSecretCheck = (budgetMs: number) => createSlicedSecretScan({ budgetMs, pause });

export type SecretCheck = ReturnType<typeof createSecretCheck>;

/** The scan of a whole text (a JSON create, an edit), within `budgetMs` of scanning. */
export const checkTextForSecrets = (text: string, budgetMs: number): Promise<SecretScanResult> =>
  scanForSecretsInSlices(text, { budgetMs, pause });

/** What a create's or an edit's answer says of its scan: findings if any, and whether it stopped early. */
export function scanAnswer(scan: SecretScanResult | null): {
  secretsFound?: SecretFinding[];
  scanIncomplete?: true;
} {
  if (!scan) return {};
  return {
    ...(scan.findings.length > 0 ? { secretsFound: scan.findings } : {}),
    ...(scan.complete ? {} : { scanIncomplete: true as const }),
  };
}
