// Only modules/cards writes the card tables (docs/decisions/0001-architecture.md). A selector of no-restricted-syntax
// sees a string literal alone; a table is also named by a template literal, a constant, or inside `sql` text whose
// table comes in through `${…}`. This rule works out the text each of those stands for, as far as the file itself
// says (literals, templates, `const` bindings, `sql.table`/`sql.id`/`sql.raw`), and checks that.

const WRITE_METHODS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
/** `sql.table('progress')` and the like put a name into SQL text. */
const SQL_NAME_HELPERS = new Set(['table', 'id', 'ref', 'raw', 'lit']);

/** The variable a name refers to, found from the scope the reference is in. */
function variableOf(context, identifier) {
  let scope = context.sourceCode.getScope(identifier);
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
    scope = scope.upper;
  }
  return null;
}

/**
 * The string an expression stands for, or null when the file does not say. `hole` is written for a part of a
 * template that cannot be known, so that the known text around it is still checked.
 */
function textOf(context, node, hole = null, seen = new Set()) {
  if (!node || seen.has(node)) return null;
  seen.add(node);
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? node.value : null;
    case 'TemplateLiteral': {
      let text = node.quasis[0].value.cooked ?? '';
      for (let i = 0; i < node.expressions.length; i++) {
        const part = textOf(context, node.expressions[i], hole, seen) ?? hole;
        if (part === null) return null;
        text += part + (node.quasis[i + 1].value.cooked ?? '');
      }
      return text;
    }
    case 'TaggedTemplateExpression':
      return isSqlTag(node.tag) ? textOf(context, node.quasi, ' ? ', seen) : null;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
      return textOf(context, node.expression, hole, seen);
    case 'BinaryExpression': {
      if (node.operator !== '+') return null;
      const left = textOf(context, node.left, hole, seen);
      const right = textOf(context, node.right, hole, seen);
      return left === null || right === null ? null : left + right;
    }
    case 'CallExpression':
      return isSqlHelper(node.callee) ? textOf(context, node.arguments[0], hole, seen) : null;
    case 'Identifier': {
      const variable = variableOf(context, node);
      const definition = variable?.defs.length === 1 ? variable.defs[0] : null;
      if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return null;
      return textOf(context, definition.node.init, hole, seen);
    }
    default:
      return null;
  }
}

const isSqlTag = (tag) => tag.type === 'Identifier' && tag.name === 'sql';
const isSqlHelper = (callee) =>
  callee.type === 'MemberExpression' &&
  !callee.computed &&
  isSqlTag(callee.object) &&
  SQL_NAME_HELPERS.has(callee.property.name);

/** @type {import('eslint').Rule.RuleModule} */
export const noCardTableWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Card tables are written only by modules/cards.' },
    schema: [
      {
        type: 'object',
        properties: { tables: { type: 'array', items: { type: 'string' } } },
        required: ['tables'],
        additionalProperties: false,
      },
    ],
    messages: {
      write:
        'Card tables are written only by modules/cards: go through Cards.run and a CardStore method ({{ table }}).',
    },
  },
  create(context) {
    const tables = context.options[0].tables;
    const names = tables.join('|');
    const tableName = new RegExp(`^\\s*(${names})(\\s+as\\s+\\w+)?\\s*$`, 'i');
    const writeSql = new RegExp(
      `\\b(insert\\s+into|update|delete\\s+from|replace\\s+into|merge\\s+into)\\s+"?(${names})\\b`,
      'i',
    );
    const report = (node, table) => context.report({ node, messageId: 'write', data: { table } });
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && WRITE_METHODS.has(callee.property.name)) {
          const name = textOf(context, node.arguments[0]);
          const match = name === null ? null : tableName.exec(name);
          if (match) report(node.arguments[0], match[1]);
        } else if (isSqlHelper(callee) && callee.property.name === 'raw') {
          const match = writeSql.exec(textOf(context, node.arguments[0], ' ? ') ?? '');
          if (match) report(node, match[2]);
        }
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const match = writeSql.exec(textOf(context, node) ?? '');
        if (match) report(node, match[2]);
      },
    };
  },
};
