import { Outlet, ScrollRestoration } from 'react-router';
import { SetupGate } from '../features/setup/components/setup-gate';
import { DocumentHead } from './document-head';

/** Every route passes through the setup gate; the head tags follow the public settings. */
export function RootShell() {
  return (
    <SetupGate>
      <DocumentHead />
      <Outlet />
      <ScrollRestoration />
    </SetupGate>
  );
}
