import { Trophy } from 'lucide-react';
import type { TopPeriod } from '../../../common/schemas/paste';
import { Page } from '../../components/layouts/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { TopPastesList } from '../../features/leaderboard/components/top-pastes-list';
import { TopUsersPanel } from '../../features/leaderboard/components/top-users-panel';

const PERIODS: { value: TopPeriod; label: string }[] = [
  { value: 'all-time', label: 'All-Time' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

export function TopViewsPage() {
  return (
    <Page
      icon={Trophy}
      title="Top Views"
      description="The most viewed public pastes and the Top 10 Users. Updated every 30 seconds."
      width="wide"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs defaultValue="all-time">
          <TabsList className="max-w-md">
            {PERIODS.map((p) => (
              <TabsTrigger key={p.value} value={p.value}>
                {p.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {PERIODS.map((p) => (
            <TabsContent key={p.value} value={p.value} className="mt-4">
              <TopPastesList period={p.value} />
            </TabsContent>
          ))}
        </Tabs>
        <TopUsersPanel />
      </div>
    </Page>
  );
}
