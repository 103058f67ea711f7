import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/** Whether a key press belongs to a field being typed in (then `/` is just a slash). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's search field (a search icon on phones). `/` anywhere but in a field focuses it, or
 * opens the Search screen where the field is hidden. In the first load: small, and it loads
 * nothing of the Search screen until a search is made.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target))
        return;
      e.preventDefault();
      const field = input.current;
      if (field && field.offsetParent !== null) field.focus();
      else navigate(paths.search);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = input.current?.value.trim() ?? '';
    navigate(q ? paths.searchFor({ q }) : paths.search);
    input.current?.blur();
  }

  // The Search screen has its own field: one is enough there.
  const onSearchScreen = pathname === paths.search;
  return (
    <>
      <search className={cn('hidden lg:block', onSearchScreen && 'lg:hidden')}>
        <form onSubmit={submit}>
          <label htmlFor="header-search" className="sr-only">
            Search pastes
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
            />
            <input
              id="header-search"
              ref={input}
              type="search"
              name="q"
              placeholder="Search pastes"
              aria-keyshortcuts="/"
              className="peer h-9 w-48 rounded-lg border border-input bg-background pr-7 pl-8 text-sm placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none xl:w-60"
            />
            <kbd
              aria-hidden
              className="pointer-events-none absolute top-2 right-2 hidden rounded border peer-placeholder-shown:block border-border px-1 font-mono text-[10px] text-muted-foreground"
            >
              /
            </kbd>
          </div>
        </form>
      </search>
      {onSearchScreen ? null : (
        <Link
          to={paths.search}
          aria-label="Search pastes"
          className="grid size-9 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground lg:hidden"
        >
          <Search aria-hidden className="size-5" />
        </Link>
      )}
    </>
  );
}
