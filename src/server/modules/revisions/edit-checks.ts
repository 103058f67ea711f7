import type { HoldReason } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import type { MalwareFinding, MalwareScanning } from '../malware/malware.service.js';
import type { PastesService, PasteWithAuthor } from '../pastes/pastes.service.js';
import type { ContentScreen, Screening } from '../safety/content-rules.service.js';
import { holdOutcome, type OutcomeRecorder } from '../safety/safety-outcomes.js';

/** What an edit's new text made of the paste: the content rules' screening and the malware verdict. */
export interface EditChecks {
  screening: Screening;
  /** Null when scanning is off. */
  found: MalwareFinding | null;
}

export interface EditCheckDeps {
  db: Db;
  clock: Clock;
  pastes: Pick<PastesService, 'held'>;
  /** The content rules (modules/safety) new text passes before it is stored. */
  screen: ContentScreen;
  /** The malware scan (off when CLAMAV_URL is unset): an edit's text is scanned as a create's is. */
  malware: Pick<MalwareScanning, 'start' | 'conclude' | 'record'>;
  /** The Safety tab's numbers: an edit held by a rule counts there (the scan counts its own). */
  outcomes: OutcomeRecorder;
}

/** clamd reads the text in pieces of this many bytes. */
const SCAN_PIECE = 1024 * 1024;

/**
 * The checks of an edit's new text, made once before anything is saved. The malware verdict
 * follows the create's one rule (MalwareScanning.conclude): infected text is saved like any
 * revision but blocks the paste as malware, so staff see it and nobody else reads it.
 */
export async function checkEdit(
  { screen, malware }: Pick<EditCheckDeps, 'screen' | 'malware'>,
  row: PasteWithAuthor,
  text: { title: string | null; content: string },
): Promise<EditChecks> {
  const screening = await screen.screen(
    { title: text.title, content: async () => text.content },
    row.privacy,
  );
  const scan = malware.start(false);
  if (!scan) return { screening, found: null };
  try {
    const bytes = Buffer.from(text.content, 'utf8');
    for (let at = 0; at < bytes.length; at += SCAN_PIECE)
      await scan.push(bytes.subarray(at, at + SCAN_PIECE));
  } catch (e) {
    scan.abort();
    throw e;
  }
  return { screening, found: await malware.conclude(scan, { edit: row.id }) };
}

/** Whether the edited paste keeps a search document (malware's words are found by nobody). */
export const editSearchable = (checks: EditChecks): boolean => checks.found?.hold !== 'malware';

/** After the revision is saved: what the checks make of the paste (held, unlisted), recorded and counted. */
export async function settleEdit(
  deps: EditCheckDeps,
  row: PasteWithAuthor,
  checks: EditChecks,
): Promise<void> {
  const { screening, found } = checks;
  const hold: HoldReason | null = found?.hold ?? (screening.held ? 'rule' : null);
  if (hold || screening.privacy !== row.privacy) {
    await deps.pastes.held.applyScreening(row.id, {
      privacy: screening.privacy,
      held_reason: hold,
      held_at: hold ? deps.clock.now() : null,
    });
  }
  await screening.record(row.id);
  if (found) await deps.malware.record(deps.db.kysely, row.id, found);
  else if (hold) await deps.outcomes.record([holdOutcome(hold, screening.holdRule, row.id)]);
}
