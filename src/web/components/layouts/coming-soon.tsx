import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';

/** An honest placeholder for a screen whose features arrive in a later release. */
export function ComingSoon({ feature, children }: { feature: string; children?: ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          <Construction aria-hidden className="size-6" />
        </span>
        <div className="max-w-md space-y-2">
          <h2 className="text-lg font-semibold">Coming in a later release</h2>
          <p className="text-sm text-muted-foreground">
            {feature} will arrive in a later release. It is not available in this version yet.
          </p>
          {children}
        </div>
        <Button asChild variant="outline">
          <Link to={paths.about}>Read about the features</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
