import { FilePlus } from 'lucide-react';
import { Page } from '../../components/layouts/page';
import { CreatePasteForm } from '../../features/paste-editor';

export function HomePage() {
  return (
    <Page
      icon={FilePlus}
      title="Create Paste"
      description="Paste text or code, choose who can see it and when it expires, then share the link."
      width="wide"
    >
      <CreatePasteForm />
    </Page>
  );
}
