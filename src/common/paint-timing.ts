/**
 * The Element Timing name (`elementtiming` attribute) of a paste's first line of text, on the
 * server's first HTML and in the app alike: a page's own clock then tells when the text itself was
 * first painted (PerformanceElementTiming), which the first contentful paint does not (the header
 * can paint first). Read by bench/paste-page.ts and e2e/first-load.spec.ts.
 */
export const PASTE_TEXT_TIMING = 'paste-text';
