import { MB } from '../../common/constants';

/** Bytes as megabytes with two decimals, e.g. '1.50 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(2)} MB`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '3 hours ago', 'in 2 days'. */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return relative.format(0, 'second');
}

/** '12 Oct 2025'. */
export function formatDate(date: string | Date): string {
  return new Date(date).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

const relativeAlways = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** 'in 3 hours', 'in 1 day' (never 'tomorrow'): for labels such as 'Expires in 1 day'. */
export function formatTimeUntil(date: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((new Date(date).getTime() - now.getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === 'second') return relativeAlways.format(Math.round(seconds / size), unit);
  }
  return relativeAlways.format(0, 'second');
}

/** 7200 → '2 hours', 90 → '2 minutes': how long something took, in its largest unit, rounded. */
export function formatDuration(seconds: number): string {
  const [unit, size] = UNITS.find(([, size]) => seconds >= size) ?? UNITS[UNITS.length - 1]!;
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.round(seconds / size),
  );
}

/** '12 Oct 2025, 14:05:09': the exact time shown on hover next to a relative one. */
export function formatDateTime(date: string | Date): string {
  return new Date(date).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** 1234567 → '1,234,567'. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** 512 → '512 B', 2048 → '2.0 KB', 3 MB → '3.00 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return formatMegabytes(bytes);
}

/** (1, 'view') → '1 view'; (1234, 'view') → '1,234 views'. */
export function formatCountOf(n: number, noun: string): string {
  return `${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;
}
