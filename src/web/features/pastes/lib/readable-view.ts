import type { PasteView, ReadablePasteView } from '../../../../common/schemas/paste';

/** A view that carries the content's facts (a locked password paste does not). */
export function isReadableView(view: PasteView): view is ReadablePasteView {
  return view.sizeBytes !== undefined && view.contentSizeMB !== undefined && view.isExtreme !== undefined;
}
