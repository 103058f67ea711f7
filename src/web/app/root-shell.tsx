import { Outlet, ScrollRestoration } from 'react-router';
import { MembersGate } from '../features/auth/components/members-gate';
import { SetupGate } from '../features/setup/components/setup-gate';
import { DocumentHead } from './document-head';

/**
 * Every route passes through the setup gate, then (on a members-only site) the members' gate; the
 * head tags follow the public settings.
 */
export function RootShell() {
  return (
    <SetupGate>
      <DocumentHead />
      <MembersGate>
        <Outlet />
      </MembersGate>
      <ScrollRestoration />
    </SetupGate>
  );
}
