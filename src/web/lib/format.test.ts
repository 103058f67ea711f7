import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountOf,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMegabytes,
  formatRelativeTime,
  formatSize,
  formatTimeUntil,
} from './format';

const MB = 1_048_576;
const NOW = new Date('2025-10-12T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

describe('formatMegabytes', () => {
  it('shows megabytes (1,048,576 bytes) with two decimals', () => {
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(MB)).toBe('1.00 MB');
    expect(formatMegabytes(1.5 * MB)).toBe('1.50 MB');
    expect(formatMegabytes(1_000_000)).toBe('0.95 MB');
    expect(formatMegabytes(500 * MB)).toBe('500.00 MB');
  });
});

describe('formatRelativeTime', () => {
  it('says now for the same instant', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('now');
  });

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(at(-59), NOW)).toBe('59 seconds ago');
    expect(formatRelativeTime(at(-MINUTE), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(at(-3 * HOUR), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(at(2 * DAY), NOW)).toBe('in 2 days');
    expect(formatRelativeTime(at(-14 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(at(-60 * DAY), NOW)).toBe('2 months ago');
    expect(formatRelativeTime(at(-730 * DAY), NOW)).toBe('2 years ago');
  });

  it('uses words for neighbouring days', () => {
    expect(formatRelativeTime(at(-DAY), NOW)).toBe('yesterday');
    expect(formatRelativeTime(at(DAY), NOW)).toBe('tomorrow');
  });

  it('accepts an ISO string', () => {
    expect(formatRelativeTime(at(-5 * MINUTE).toISOString(), NOW)).toBe('5 minutes ago');
  });
});

describe('formatTimeUntil', () => {
  it("never says 'tomorrow'", () => {
    expect(formatTimeUntil(at(DAY), NOW)).toBe('in 1 day');
    expect(formatTimeUntil(at(HOUR), NOW)).toBe('in 1 hour');
    expect(formatTimeUntil(at(3 * HOUR), NOW)).toBe('in 3 hours');
    expect(formatTimeUntil(at(59), NOW)).toBe('in 59 seconds');
    expect(formatTimeUntil(at(7 * DAY).toISOString(), NOW)).toBe('in 1 week');
  });

  it('never goes into the past', () => {
    expect(formatTimeUntil(NOW, NOW)).toBe('in 0 seconds');
    expect(formatTimeUntil(at(-HOUR), NOW)).toBe('in 0 seconds');
  });
});

describe('formatDate and formatDateTime', () => {
  it("formats a day as '12 Oct 2025'", () => {
    expect(formatDate(new Date(2025, 9, 12, 14, 5, 9))).toBe('12 Oct 2025');
  });

  it("formats an exact time as '12 Oct 2025, 14:05:09'", () => {
    expect(formatDateTime(new Date(2025, 9, 12, 14, 5, 9))).toBe('12 Oct 2025, 14:05:09');
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_000)).toBe('1,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

describe('formatSize', () => {
  it('shows bytes below 1 KB', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1023)).toBe('1023 B');
  });

  it('shows kilobytes with one decimal from 1 KB', () => {
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(2048)).toBe('2.0 KB');
  });

  it('shows megabytes with two decimals from 1 MB', () => {
    expect(formatSize(MB)).toBe('1.00 MB');
    expect(formatSize(3 * MB)).toBe('3.00 MB');
  });
});

describe('formatCountOf', () => {
  it('uses the singular only for exactly one', () => {
    expect(formatCountOf(1, 'view')).toBe('1 view');
    expect(formatCountOf(0, 'view')).toBe('0 views');
    expect(formatCountOf(2, 'paste')).toBe('2 pastes');
    expect(formatCountOf(1234, 'view')).toBe('1,234 views');
  });
});

describe('formatDuration', () => {
  it('says how long in the largest unit, rounded', () => {
    expect(formatDuration(0)).toBe('0 seconds');
    expect(formatDuration(45)).toBe('45 seconds');
    expect(formatDuration(90)).toBe('2 minutes');
    expect(formatDuration(3 * 3600 + 600)).toBe('3 hours');
    expect(formatDuration(86_400)).toBe('1 day');
  });
});
