import { FileQuestionMark, House } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-muted text-muted-foreground">
        <FileQuestionMark aria-hidden className="size-8" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      </div>
      <Button asChild>
        <Link to={paths.home}>
          <House aria-hidden />
          Go to Homepage
        </Link>
      </Button>
    </div>
  );
}
