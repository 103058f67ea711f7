import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { forgetImport, lastImport } from '../api/settings';

const TABLE_NAMES: Record<string, string> = {
  settings: 'settings',
  users: 'users',
  pastes: 'pastes',
  reports: 'reports',
  deletion_requests: 'delete requests',
  vip_licenses: 'VIP licenses',
};

/** After an import and the sign-in it forces, what the import brought in — shown once. */
export function ImportSummary() {
  const [counts] = useState(lastImport);
  useEffect(() => forgetImport(), []);
  if (!counts) return null;
  const parts = Object.entries(counts).map(([table, n]) => `${n} ${TABLE_NAMES[table] ?? table}`);
  return (
    <Alert variant="success" title="Database imported">
      {parts.join(', ')}.
    </Alert>
  );
}
