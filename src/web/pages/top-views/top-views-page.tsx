import { Trophy } from 'lucide-react';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';

export function TopViewsPage() {
  return (
    <Page
      icon={Trophy}
      title="Top Views"
      description="The most viewed public pastes and the Top 10 Users, all-time, weekly and monthly."
      width="wide"
    >
      <ComingSoon feature="The leaderboard" />
    </Page>
  );
}
