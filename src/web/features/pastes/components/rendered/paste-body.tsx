import { Code, Eye } from 'lucide-react';
import { type ComponentProps, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { RENDER_MAX_CHARS } from '../../../../../common/constants';
import { RENDER_MESSAGES } from '../../../../../common/messages';
import { renderKindOf } from '../../../../../common/render/render-kind';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { splitFragment } from '../../lib/key-fragment';
import { parseLineHash } from '../../lib/line-range';
import { PasteContent } from '../view/paste-content';
import { RenderedView } from './rendered-view';
import './rendered.css';

type Props = ComponentProps<typeof PasteContent> & {
  /** The paste whose remote images "Load images" may fetch; none for a file of a multi-file paste. */
  imagesOf?: Pick<ReadablePasteView, 'id' | 'accessToken' | 'burnAfterReading' | 'encrypted'>;
};

/**
 * A paste's text: a Markdown, CSV/TSV or notebook paste shows rendered by default, with a
 * Source / Rendered switch; a line link (#L12) is to the source, so it switches there.
 */
export function PasteBody(props: Props) {
  const kind = renderKindOf(props.paste);
  const lineHash = splitFragment(useLocation().hash).lineHash;
  const linked = parseLineHash(lineHash, props.linePrefix) !== null;
  const [source, setSource] = useState(linked);
  useEffect(() => {
    if (linked) setSource(true);
  }, [linked]);
  if (!kind) return <PasteContent {...props} />;
  const tooLarge = props.content.length > RENDER_MAX_CHARS;

  return (
    <div className="space-y-3">
      <fieldset className="flex items-center gap-1 noscript:hidden" aria-label="Show as">
        <Button
          size="sm"
          variant="outline"
          aria-pressed={!source}
          className="aria-pressed:bg-muted"
          onClick={() => setSource(false)}
          disabled={tooLarge}
        >
          <Eye aria-hidden />
          Rendered
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={source}
          className="aria-pressed:bg-muted"
          onClick={() => setSource(true)}
        >
          <Code aria-hidden />
          Source
        </Button>
        {tooLarge ? (
          <span className="ml-2 text-xs text-muted-foreground">{RENDER_MESSAGES.tooLargeToRender}</span>
        ) : null}
      </fieldset>
      {source || tooLarge ? (
        <PasteContent {...props} />
      ) : (
        <RenderedView kind={kind} content={props.content} paste={props.imagesOf} />
      )}
    </div>
  );
}
