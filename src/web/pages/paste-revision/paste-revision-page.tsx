import { useParams } from 'react-router';
import { RevisionScreen } from '../../features/pastes/components/revisions/revision-screen';

export function PasteRevisionPage() {
  const { id = '', n = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <RevisionScreen key={`${id}/${n}`} pasteId={id} number={/^\d+$/.test(n) ? Number(n) : Number.NaN} />
    </div>
  );
}
