import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Times every query Kysely runs: the start is noted when the query is compiled, the duration
 * reported when its result comes back (a failed query reports nothing; its error is logged).
 * Keyed by Kysely's per-query id object, so a forgotten start is collected with it.
 */
export function queryTimingPlugin(observe: (seconds: number) => void): KyselyPlugin {
  const started = new WeakMap<object, number>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      started.set(queryId, performance.now());
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const t0 = started.get(queryId);
      if (t0 !== undefined) observe((performance.now() - t0) / 1000);
      return result;
    },
  };
}
