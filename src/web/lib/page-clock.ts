import { createContext, useContext } from 'react';

/**
 * The time relative labels ('2 seconds ago', 'Expires in 1 day') are reckoned from, in ms. On a
 * page the server rendered with its text it is the time of that render, on the server
 * and on the app's first screen alike: the app's takeover then says what the HTML said, and nothing
 * moves. null (any other screen): the browser's clock at each render.
 */
export const PageClock = createContext<number | null>(null);

export function usePageNow(): Date {
  const renderedAt = useContext(PageClock);
  return renderedAt === null ? new Date() : new Date(renderedAt);
}
