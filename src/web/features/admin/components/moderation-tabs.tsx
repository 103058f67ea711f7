import type { PasteReport } from '../../../../common/schemas/admin';
import { DeleteEverything } from '../../bans';
import { useDecideDeleteRequest, useDecideReport, useDeleteRequests, useReports } from '../api/moderation';
import { type ModerationItem, ModerationList } from './moderation-list';

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
        confirmApprove: {
          title: 'Approve and delete the paste?',
          description: 'Approving deletes the paste for everyone, at once. This action cannot be undone.',
        },
        approved: 'Request Approved',
        rejected: 'Request Rejected',
        approveFailed: 'Failed to approve delete request.',
        rejectFailed: 'Failed to reject delete request.',
      }}
    />
  );
}

/**
 * One card per paste and status: the newest report leads, the others of the same paste follow
 * on it (deciding one decides them all, on the server).
 */
function groupByPaste(reports: (PasteReport & { keyShared?: boolean })[]): ModerationItem[] {
  const cards = new Map<string, ModerationItem>();
  for (const r of reports) {
    const who = `Reported by ${r.reporterUsername ?? 'Anonymous'}`;
    const key = `${r.pasteId} ${r.status}`;
    const card = cards.get(key);
    if (card) {
      card.others = [...(card.others ?? []), { id: r.id, who, reason: r.reason, keyShared: r.keyShared }];
    } else cards.set(key, { ...r, who });
  }
  return [...cards.values()];
}

export function ReportsTab() {
  const { data, isPending } = useReports();
  const decide = useDecideReport();
  return (
    <ModerationList
      items={data ? groupByPaste(data) : undefined}
      isPending={isPending}
      deciding={decide.isPending ? (decide.variables?.id ?? null) : null}
      decide={(id, decision) => decide.mutateAsync({ id, decision })}
      extra={(item) => <DeleteEverything reportId={item.id} />}
      texts={{
        heading: 'Reported Pastes',
        empty: 'No reports',
        approveLabel: 'Approve & Delete',
        confirmApprove: {
          title: 'Delete the reported paste?',
          description:
            'Approving the report deletes the paste for everyone, at once. This action cannot be undone.',
        },
        approved: 'Report Approved',
        rejected: 'Report Rejected',
        approveFailed: 'Failed to approve report.',
        rejectFailed: 'Failed to reject report.',
      }}
    />
  );
}
