/**
 * What the layout and other screens use of search: the header's field (in the first load, so it
 * is small) and a paste's tags as links to their search. The Search screen itself is its page's
 * lazy chunk.
 */
export { HeaderSearch } from './components/header-search';
export { TagLinks } from './components/tag-links';
