import { type ComponentProps, lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/ui/spinner';
import type { FileListEditor } from './file-list-editor';

const Loaded = lazy(() => import('./file-list-editor').then((m) => ({ default: m.FileListEditor })));

/**
 * The list of files, fetched on the first "Add file": the create screen's first load stays within
 * its JavaScript budget (e2e/first-load.spec.ts).
 */
export function LazyFileListEditor(props: ComponentProps<typeof FileListEditor>) {
  return (
    <Suspense fallback={<LoadingBlock label="Loading..." />}>
      <Loaded {...props} />
    </Suspense>
  );
}
