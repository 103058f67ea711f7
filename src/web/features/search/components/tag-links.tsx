import { Tag } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** A paste's tags, each a link to the search for it. */
export function TagLinks({ tags, className }: { tags: readonly string[] | undefined; className?: string }) {
  if (!tags?.length) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap items-center gap-1.5 ${className ?? ''}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={paths.searchFor({ tag })}
            className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs font-medium text-foreground hover:border-primary hover:text-primary"
          >
            <Tag aria-hidden className="size-3" />
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
