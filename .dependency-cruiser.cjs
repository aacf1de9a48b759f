/** The walls between the project's parts (docs/architecture.md); `npm run check:walls` and `npm test` hold them. */
const browser = '^src/(web|runtime|widgets|designer)/';
const server = '^src/(server|schemaSource)/';
/** The server's domain folders: handlers, rules and queries of one area each (docs/architecture.md). */
const serverDomains =
  '(accounts|cases|classification|countries|customFields|departments|enterprises|externalTools|messages|pages|schemas|site|trademarks|trial|workbench)';

module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src/shared is pure code both sides use: it imports nothing else of ours but the generated types, field titles and field formats',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(?!shared/)|generators/)', pathNot: '^src/generated/(types|fieldTitles|fieldFormats)\\.ts$' },
    },
    {
      name: 'browser-never-imports-server',
      comment: 'browser code never imports the server',
      severity: 'error',
      from: { path: browser },
      to: { path: server },
    },
    { name: 'server-never-imports-browser', comment: 'the server renders nothing', severity: 'error', from: { path: server }, to: { path: browser } },
    {
      name: 'runtime-knows-no-domain',
      comment: 'the runtime is handed its components: it imports no widget, the designer nor the shell',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { path: '^src/(widgets|designer|web)/' },
    },
    {
      name: 'schema-reading-has-its-own-room',
      comment: 'generators read schemas through src/schemaSource, never through the server',
      severity: 'error',
      from: { path: '^generators/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'domain-through-its-entry',
      comment: 'a widget domain uses another only through its public entry (index.ts)',
      severity: 'error',
      from: { path: '^src/widgets/([^/]+)/' },
      to: { path: '^src/widgets/[^/]+/', pathNot: ['^src/widgets/$1/', '^src/widgets/[^/]+/index\\.ts$'] },
    },
    {
      name: 'platform-knows-no-domain',
      comment: 'the server platform (session, db, http, files, batch, jobs, notify, filing forms) runs no domain code: it is handed it, typed by it at most',
      severity: 'error',
      from: { path: '^src/server/(auth|db|http|files|batch|jobs|notify|filingForms)/', pathNot: 'Handlers\\.ts$' },
      to: { path: `^src/server/${serverDomains}/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'handlers-are-entries',
      comment: "a server domain's handlers are its entry for the HTTP side: only the composition (app.ts) and tests import them",
      severity: 'error',
      from: { pathNot: '^(src/server/app\\.ts|tests/)' },
      to: { path: '^src/server/.+Handlers\\.ts$' },
    },
    { name: 'no-loops', comment: 'no import loops', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
