import type { CDPSession, Locator } from '@playwright/test';

/**
 * Where a form field's text is drawn and where the browser cuts it off, in page pixels. A field's
 * text lives in the browser's own shadow tree (the inner editor of an input or a textarea), out of
 * reach of page scripts: the DevTools protocol reads its boxes.
 */
export interface FieldTextGeometry {
  /** Each line of the text: its box's top, and where the lowest ink of its glyphs ends. */
  lines: { top: number; inkBottom: number }[];
  /** The top and bottom of the box the text is clipped to (every clipping box between it and the field). */
  clip: { top: number; bottom: number };
}

type DomNode = {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  attributes?: string[];
};

function* walk(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

/** The path from `root` to the first text node under it (shadow roots included), or null. */
function pathToText(root: DomNode): DomNode[] | null {
  if (root.nodeType === 3 && root.nodeValue.trim() !== '') return [root];
  for (const child of [...(root.shadowRoots ?? []), ...(root.children ?? [])]) {
    const rest = pathToText(child);
    if (rest) return [root, ...rest];
  }
  return null;
}

const top = (quad: number[]) => Math.min(quad[1]!, quad[3]!, quad[5]!, quad[7]!);
const bottom = (quad: number[]) => Math.max(quad[1]!, quad[3]!, quad[5]!, quad[7]!);

async function clipOf(cdp: CDPSession, elements: DomNode[]): Promise<{ top: number; bottom: number }> {
  let clip = { top: -Infinity, bottom: Infinity };
  for (const element of elements) {
    const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: element.nodeId });
    const overflow = computedStyle.filter((p) => p.name === 'overflow-x' || p.name === 'overflow-y');
    if (overflow.every((p) => p.value === 'visible')) continue;
    const { model } = await cdp.send('DOM.getBoxModel', { nodeId: element.nodeId });
    clip = {
      top: Math.max(clip.top, top(model.padding)),
      bottom: Math.min(clip.bottom, bottom(model.padding)),
    };
  }
  return clip;
}

/**
 * The geometry of `field`'s text: each line's box (the font's ascent and descent, as the browser
 * lays a text fragment), the ink below the baseline of the lowest glyph in it (measured in the
 * field's own font), and the clipping box.
 */
export async function fieldTextGeometry(field: Locator): Promise<FieldTextGeometry> {
  const page = field.page();
  const { ascent, inkDescent } = await field.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = (el as HTMLInputElement).value || el.textContent || '';
    const metrics = context.measureText(text);
    return { ascent: metrics.fontBoundingBoxAscent, inkDescent: metrics.actualBoundingBoxDescent };
  });
  await field.evaluate((el) => el.setAttribute('data-geometry-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const host = [...walk(root)].find((n) => n.attributes?.includes('data-geometry-probe'));
    if (!host) throw new Error('the field is not in the document');
    const path = pathToText(host);
    if (!path) throw new Error('the field shows no text');
    const text = path.at(-1)!;
    const { quads } = await cdp.send('DOM.getContentQuads', { nodeId: text.nodeId });
    return {
      lines: quads.map((quad) => ({ top: top(quad), inkBottom: top(quad) + ascent + inkDescent })),
      // The elements on the way (not the shadow roots between them).
      clip: await clipOf(
        cdp,
        path.filter((n) => n.nodeType === 1),
      ),
    };
  } finally {
    await cdp.detach();
    await field.evaluate((el) => el.removeAttribute('data-geometry-probe'));
  }
}
