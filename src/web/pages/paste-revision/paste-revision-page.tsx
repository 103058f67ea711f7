import { useParams } from 'react-router';
import type { PasteFiles } from '../../features/pastes/components/files/paste-files';
import type { PasteContent } from '../../features/pastes/components/view/paste-content';
import { RevisionScreen } from '../../features/revisions';

/**
 * The screen of one revision, showing its text with `Content`, the paste page's PasteContent, and
 * a multi-file revision's files with `Files`, its PasteFiles (see router.tsx).
 */
export function revisionPageWith(Content: typeof PasteContent, Files: typeof PasteFiles) {
  return function PasteRevisionPage() {
    const { id = '', n = '' } = useParams();
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <RevisionScreen
          key={`${id}/${n}`}
          pasteId={id}
          number={/^\d+$/.test(n) ? Number(n) : Number.NaN}
          Content={Content}
          Files={Files}
        />
      </div>
    );
  };
}

/**
 * The route's screen: this page with the text view of the paste page's own chunk (cached when the
 * visitor comes from the paste; see pages/paste/paste-page).
 */
export async function loadRevisionPage() {
  const { PasteContent, PasteFiles } = await import('../paste/paste-page');
  return revisionPageWith(PasteContent, PasteFiles);
}
