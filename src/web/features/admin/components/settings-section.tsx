import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';

/** One section of the Settings tab: a card with its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4 p-5">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}
