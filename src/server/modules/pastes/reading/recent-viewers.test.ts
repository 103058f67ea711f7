import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../../../test/helpers/test-clock.js';
import { createRecentViewers, VIEWER_WINDOW_MS, viewerKey } from './recent-viewers.js';

describe('recent viewers', () => {
  it('tells one viewer of one paste apart from others, by address, account and paste', () => {
    const keys = new Set([
      viewerKey('p1', '10.0.0.1', null),
      viewerKey('p1', '10.0.0.2', null),
      viewerKey('p1', '10.0.0.1', 7),
      viewerKey('p2', '10.0.0.1', null),
    ]);
    expect(keys.size).toBe(4);
    expect(viewerKey('p1', '10.0.0.1', null)).toBe(viewerKey('p1', '10.0.0.1', null));
  });

  it('remembers a viewer for the window, then forgets it', () => {
    const clock = new TestClock();
    const recent = createRecentViewers({ clock });
    expect(recent.firstSeenHere('a')).toBe(true);
    expect(recent.firstSeenHere('a')).toBe(false);
    clock.advance(VIEWER_WINDOW_MS);
    expect(recent.firstSeenHere('a')).toBe(true);
  });

  it('keeps at most its bound in memory, forgetting the oldest first', () => {
    const clock = new TestClock();
    const recent = createRecentViewers({ clock, maxRemembered: 100 });
    for (let i = 0; i < 10_000; i++) {
      recent.firstSeenHere(`v${i}`);
      clock.advance(1);
    }
    expect(recent.remembered()).toBe(100);
    expect(recent.firstSeenHere('v9999')).toBe(false);
    expect(recent.firstSeenHere('v0')).toBe(true);
  });
});
