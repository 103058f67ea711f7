import { FilePlus } from 'lucide-react';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';

export function HomePage() {
  return (
    <Page
      icon={FilePlus}
      title="Create Paste"
      description="Paste text or code, choose who can see it and when it expires, then share the link."
    >
      <ComingSoon feature="Creating pastes">
        <p className="text-sm text-muted-foreground">
          The editor with expiration, password protection, burn after reading and large file uploads is part
          of the pastes release.
        </p>
      </ComingSoon>
    </Page>
  );
}
