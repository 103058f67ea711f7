import { createContext } from 'react';

/**
 * On the server's render of a paste page (src/web/ssr): the lines of the paste's whole text, its
 * view carrying only a very large paste's preview lines (the page reads those in bounded work).
 * null (the app): the view's text is the whole text.
 */
export const PageTextLines = createContext<number | null>(null);
