import { useDecideDeleteRequest, useDecideReport, useDeleteRequests, useReports } from '../api/moderation';
import { ModerationList } from './moderation-list';

export function DeleteRequestsTab() {
  const { data, isPending } = useDeleteRequests();
  const decide = useDecideDeleteRequest();
  return (
    <ModerationList
      items={data?.map((r) => ({ ...r, who: `Requested by ${r.username ?? 'a deleted account'}` }))}
      isPending={isPending}
      deciding={decide.isPending ? (decide.variables?.id ?? null) : null}
      decide={(id, decision) => decide.mutateAsync({ id, decision })}
      texts={{
        heading: 'Delete Requests',
        empty: 'No delete requests',
        approveLabel: 'Approve',
        approved: 'Request Approved',
        rejected: 'Request Rejected',
        approveFailed: 'Failed to approve delete request.',
        rejectFailed: 'Failed to reject delete request.',
      }}
    />
  );
}

export function ReportsTab() {
  const { data, isPending } = useReports();
  const decide = useDecideReport();
  return (
    <ModerationList
      items={data?.map((r) => ({ ...r, who: `Reported by ${r.reporterUsername ?? 'Anonymous'}` }))}
      isPending={isPending}
      deciding={decide.isPending ? (decide.variables?.id ?? null) : null}
      decide={(id, decision) => decide.mutateAsync({ id, decision })}
      texts={{
        heading: 'Reported Pastes',
        empty: 'No reports',
        approveLabel: 'Approve & Delete',
        approved: 'Report Approved',
        rejected: 'Report Rejected',
        approveFailed: 'Failed to approve report.',
        rejectFailed: 'Failed to reject report.',
      }}
    />
  );
}
