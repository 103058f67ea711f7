import { useMemo, useState } from 'react';
import type { ReadablePasteView } from '../../../../common/schemas/paste';
import { downloadUrl } from '../../pastes';
import { usePasteSearch } from '../api/search-paste';
import { serverWindows, useLineWindows } from '../hooks/use-line-windows';
import { ViewerBody } from './viewer-body';

/**
 * An extreme paste read in the browser (issue 22): lines fetched by windows as they come into
 * view (GET /api/pastes/:id/lines), line numbers and #L links, go to line, wrap, and search on
 * the server. Loaded as its own chunk, only when asked for. (An encrypted paste has its own:
 * encrypted-huge-viewer.tsx.)
 */
export function HugeViewer({ paste, onClose }: { paste: ReadablePasteView; onClose: () => void }) {
  const access = paste.accessToken;
  const fetchWindow = useMemo(() => serverWindows(paste.id, access), [paste.id, access]);
  const windows = useLineWindows(fetchWindow);
  const [query, setQuery] = useState('');
  const search = usePasteSearch(paste.id, query, access);
  return (
    <ViewerBody
      windows={windows}
      query={query}
      onQuery={setQuery}
      search={search}
      searcher="the server"
      howRead="are read from the server as you scroll"
      linkKey={null}
      download={{ href: downloadUrl(paste) }}
      onClose={onClose}
    />
  );
}
