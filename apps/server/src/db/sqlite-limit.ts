import {
  CastNode,
  DataTypeNode,
  type KyselyPlugin,
  type LimitNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

class LimitAsInteger extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    // A subquery is transformed once as its own query and again inside each query around it: cast once.
    if (CastNode.is(node.limit)) return node;
    return {
      kind: 'LimitNode',
      limit: CastNode.create(this.transformNode(node.limit, queryId), DataTypeNode.create('integer')),
    };
  }
}

/**
 * Binds every LIMIT as `cast(? as integer)` on SQLite. SQLite reads a bare bound LIMIT while it compiles the
 * statement, so binding a value to it again marks the kept statement for recompiling on its next step: the batch's
 * statement cost 120 µs with `LIMIT ?` and 53 µs with the cast, and Kysely binds even a constant limit. A Kysely
 * plugin on its public transformer, so every query gets it, prepared or not (db/prepared.ts compiles through it).
 */
export class SqliteLimitPlugin implements KyselyPlugin {
  private readonly transformer = new LimitAsInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
