import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../src/server/infra/metrics/metrics.js';

const root = path.resolve(import.meta.dirname, '..');
/** Suffixes Prometheus adds to a histogram's name for its series. */
const SERIES_SUFFIX = /_(bucket|count|sum)$/;

/** Every metric-like name in a text: ours, the request histogram and the process metrics. */
function metricNames(text: string): string[] {
  return [...new Set(text.match(/\b(?:pasteshare|http_request|nodejs|process)_[a-z0-9_]+/g) ?? [])];
}

describe('the Grafana dashboard and the alert rules use only metrics the server exposes', () => {
  const exposed = new Set<string>();
  for (const metric of createMetrics().registry.getMetricsAsArray()) {
    exposed.add(metric.name);
  }
  const exposes = (name: string) => exposed.has(name) || exposed.has(name.replace(SERIES_SUFFIX, ''));

  for (const file of ['docs/grafana-dashboard.json', 'docs/alerts.yml']) {
    it(file, () => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const names = metricNames(text);
      expect(names.length).toBeGreaterThan(5);
      expect(names.filter((n) => !exposes(n))).toEqual([]);
    });
  }

  it('the dashboard is JSON Grafana can import: panels with Prometheus queries', () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(root, 'docs/grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThan(10);
    for (const panel of dashboard.panels) expect(panel.targets.every((t) => t.expr.length > 0)).toBe(true);
  });
});
