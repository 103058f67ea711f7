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

/**
 * The paste's text view and its multi-file view, lent to a revision's screen from this chunk: imported there
 * itself, it would be split out of this chunk into one of its own, and the paste page's first
 * load would grow by the split (e2e/first-load.spec.ts).
 */
export { PasteFiles } from '../../features/pastes/components/files/paste-files';
export { PasteContent } from '../../features/pastes/components/view/paste-content';
