import { useParams } from 'react-router';
import { PasteScreen } from '../../features/pastes/components/view/paste-screen';

export function PastePage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PasteScreen key={id} id={id} />
    </div>
  );
}
