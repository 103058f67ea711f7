import { Card, CardContent } from '../../../components/ui/card';
import { formatCountOf, formatDateTime, formatDuration } from '../../../lib/format';
import { useSafetyStats } from '../api/stats';

/**
 * Creates and edits the rules refused, held and made unlisted per day; the Held queue; how long
 * reports wait for a decision.
 */
export function SafetyNumbers() {
  const { data } = useSafetyStats();
  if (!data) return null;
  const days = data.days.filter((d) => d.refused + d.held + d.unlisted > 0);
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
        {days.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No rule matched in the last {data.days.length} days.
          </p>
        ) : (
          <table className="w-full text-sm tabular-nums">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="font-medium">Day</th>
                <th className="font-medium">Refused</th>
                <th className="font-medium">Held</th>
                <th className="font-medium">Unlisted</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{d.refused}</td>
                  <td>{d.held}</td>
                  <td>{d.unlisted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
