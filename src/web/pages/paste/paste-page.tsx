import { FileText } from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';

export function PastePage() {
  const { id = '' } = useParams();
  return (
    <Page icon={FileText} title={`Paste #${id}`} description="Shared paste">
      <ComingSoon feature="Viewing pastes" />
    </Page>
  );
}
