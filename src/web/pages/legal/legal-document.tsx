import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '../../components/layouts/page';
import { Card, CardContent } from '../../components/ui/card';

export const LAST_UPDATED = 'October 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A legal text: numbered sections in one card, with the date it was last changed. */
export function LegalDocument({
  icon,
  title,
  intro,
  sections,
}: {
  icon: LucideIcon;
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Page icon={icon} title={title} description={`Last updated: ${LAST_UPDATED}`}>
      <Card>
        <CardContent className="space-y-8 p-6 sm:p-8">
          <div className="leading-relaxed text-muted-foreground">{intro}</div>
          <ol className="space-y-8">
            {sections.map((section, index) => (
              <li key={section.title} className="space-y-2">
                <h2 className="text-lg font-semibold">
                  {index + 1}. {section.title}
                </h2>
                <div className="space-y-2 leading-relaxed text-muted-foreground">{section.body}</div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </Page>
  );
}
