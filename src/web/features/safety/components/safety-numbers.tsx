import type { SafetyOutcome } from '../../../../common/constants';
import { Card, CardContent } from '../../../components/ui/card';
import { formatCountOf, formatDateTime, formatDuration } from '../../../lib/format';
import { useSafetyStats } from '../api/stats';
import { HOLD_REASON_LABELS } from './hold-reasons';

const COLUMNS: [SafetyOutcome, string][] = [
  ['refuse', 'Refused'],
  ['hold', 'Held'],
  ['approve', 'Approved'],
  ['delete', 'Deleted'],
  ['unlist', 'Unlisted'],
  ['block', 'Blocked'],
];

type Stats = NonNullable<ReturnType<typeof useSafetyStats>['data']>;

/** One row a day and reason, newest day first, with what was done for that reason that day. */
function rowsOf(days: Stats['days']) {
  return days.toReversed().flatMap((d) => {
    const reasons = new Map<string, Partial<Record<SafetyOutcome, number>>>();
    for (const o of d.outcomes ?? [])
      reasons.set(o.reason, { ...reasons.get(o.reason), [o.outcome]: o.count });
    return [...reasons.entries()].map(([reason, counts]) => ({ day: d.day, reason, counts }));
  });
}

/**
 * What the safety tools did per day and reason over the last days (refused, held, approved,
 * deleted, unlisted, blocked as malware); the Held queue; how long reports wait for a decision.
 */
export function SafetyNumbers() {
  const { data } = useSafetyStats();
  if (!data) return null;
  const rows = rowsOf(data.days);
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <h2 className="font-semibold">Numbers</h2>
        <p className="text-sm">
          Held queue: <strong>{data.queueLength}</strong>
          {data.oldestHeldAt ? ` · oldest held ${formatDateTime(data.oldestHeldAt)}` : null}
        </p>
        <p className="text-sm" data-testid="report-decision-time">
          {data.reportDecisions.medianSeconds === null ? (
            `No report decided in the last ${data.days.length} days.`
          ) : (
            <>
              Median time from report to decision:{' '}
              <strong>{formatDuration(data.reportDecisions.medianSeconds)}</strong> (
              {formatCountOf(data.reportDecisions.decided, 'report')} decided in the last {data.days.length}{' '}
              days)
            </>
          )}
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing refused, held or decided in the last {data.days.length} days.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">Per day and reason, the last {data.days.length} days</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="pr-3 font-medium">Day</th>
                  <th className="pr-3 font-medium">Reason</th>
                  {COLUMNS.map(([key, label]) => (
                    <th key={key} className="pr-3 text-right font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.day}-${r.reason}`} className="border-t border-border">
                    <td className="pr-3 whitespace-nowrap">{r.day}</td>
                    <td className="pr-3">
                      {HOLD_REASON_LABELS[r.reason as keyof typeof HOLD_REASON_LABELS]}
                    </td>
                    {COLUMNS.map(([key]) => (
                      <td key={key} className="pr-3 text-right">
                        {r.counts[key] ?? '–'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
