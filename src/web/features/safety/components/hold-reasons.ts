import type { HoldReason } from '../../../../common/constants';

/** Why a paste was held (or refused, released, deleted): the Held queue's cards and the numbers. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  rule: 'Matched a content rule',
  reports: 'Reported by several readers',
  'new-account': 'Links from a new account',
  links: 'Many links, no account',
  wave: 'Same text from many addresses',
  suspended: 'Author suspended',
  malware: 'Blocked: malware',
  'scan-failed': 'Upload not scanned (the malware scanner failed)',
};
