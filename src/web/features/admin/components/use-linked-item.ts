import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ADMIN_PAGE_SIZE } from './pager';

/**
 * The card a link names (`#item-12`, from the audit log): its page is shown and it is scrolled to,
 * once. A report grouped on another's card is found on that card. Returns the linked card's id.
 */
export function useLinkedItem(
  items: readonly { id: number; others?: readonly { id: number }[] }[] | undefined,
  setPage: (page: number) => void,
): number | null {
  const { hash } = useLocation();
  const wanted = Number(/^#item-(\d+)$/.exec(hash)?.[1] ?? Number.NaN);
  const index = items?.findIndex((i) => i.id === wanted || i.others?.some((o) => o.id === wanted)) ?? -1;
  const card = index >= 0 ? items![index]!.id : null;
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (card === null || shown.current === card) return;
    shown.current = card;
    setPage(Math.floor(index / ADMIN_PAGE_SIZE) + 1);
    // After the page's cards are drawn.
    requestAnimationFrame(() => document.getElementById(`item-${card}`)?.scrollIntoView({ block: 'center' }));
  }, [card, index, setPage]);
  return card;
}
