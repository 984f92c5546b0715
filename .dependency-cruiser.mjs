// The server's layers (docs/decisions/0001-architecture.md, "Server layers"): every import points down. A file may
// import its own folder and the layers below; an import of a layer above, or of another module in the same layer,
// fails `npm run lint` (scripts/layers.test.ts holds the rule to a small tree). Tests sit outside the layers: they
// build whole apps and reach into any part.
const SRC = 'apps/server/src';

/** Top first. Each entry is a layer; each string a folder or file under apps/server/src. */
const LAYERS = [
  ['server.ts', 'cli'],
  ['app.ts'],
  ['modules/reminders', 'modules/transfer', 'modules/placement', 'modules/stats', 'modules/status', 'modules/contact'],
  ['modules/learning', 'modules/account', 'modules/settings'],
  ['modules/memory', 'modules/content'],
  ['modules/auth'],
  ['modules/cards'],
  ['plugins'],
  ['lib'],
  ['db'],
  ['config.ts', 'development-checks.ts', 'telemetry.ts'],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path pattern matching a part: a folder's files at any depth, or the one file. */
const part = (name) => `^${escape(`${SRC}/${name}`)}${name.endsWith('.ts') ? '$' : '/'}`;
const TESTS = ['\\.test\\.tsx?$', `^${escape(SRC)}/test/`];

const forbidden = LAYERS.flatMap((layer, index) =>
  layer.map((name) => {
    const above = LAYERS.slice(0, index).flat();
    const beside = layer.filter((other) => other !== name);
    return {
      name: `layer:${name}`,
      comment:
        `${name} imports only its own files and the layers below ` +
        `it${beside.length > 0 ? `, not ${beside.join(', ')}` : ''}.`,
      severity: 'error',
      from: { path: part(name), pathNot: TESTS },
      to: { path: [...above, ...beside].map(part) },
    };
  }),
);

/** Every server file belongs to a layer, so that a new folder is placed in the drawing before it is used. */
forbidden.push({
  name: 'layer:unplaced',
  comment: 'A server file outside every layer: add its folder to LAYERS here and to the drawing in decision 0001.',
  severity: 'error',
  from: { path: `^${escape(SRC)}/`, pathNot: [...LAYERS.flat().map(part), ...TESTS] },
  to: {},
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden,
  options: {
    includeOnly: `^${escape(SRC)}/`,
    // Type-only imports count: erased at run time, they still tie two modules together.
    tsPreCompilationDeps: true,
  },
};
