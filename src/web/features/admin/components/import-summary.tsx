import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { forgetImport, lastImport } from '../api/settings';

/**
 * What an admin recognises, in this order; the backup's bookkeeping tables (revision contents,
 * ids of deleted pastes) are counted by the import but mean nothing on their own.
 */
const SHOWN: [table: string, name: string][] = [
  ['settings', 'settings'],
  ['users', 'users'],
  ['pastes', 'pastes'],
  ['paste_revisions', 'revisions'],
  ['reports', 'reports'],
  ['deletion_requests', 'delete requests'],
  ['vip_licenses', 'VIP licenses'],
];

/** After an import and the sign-in it forces, what the import brought in — shown once. */
export function ImportSummary() {
  const [counts] = useState(lastImport);
  useEffect(() => forgetImport(), []);
  if (!counts) return null;
  const parts = SHOWN.filter(([table]) => table in counts).map(([table, name]) => `${counts[table]} ${name}`);
  return (
    <Alert variant="success" title="Database imported">
      {parts.join(', ')}.
    </Alert>
  );
}
