import { useParams } from 'react-router';
import { RevisionsScreen } from '../../features/revisions';

export function PasteRevisionsPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <RevisionsScreen key={id} pasteId={id} />
    </div>
  );
}
