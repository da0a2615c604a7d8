/**
 * The import graph's rules (docs/architecture.md): each layer imports only what is below it.
 * `npm test` runs `npm run lint:imports`, which fails on any arrow listed here.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'The domain imports nothing of the server or the web app.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-reads-schema-types-only',
      comment:
        "The web app takes the API's types from domain/schemas, never their values: those modules import zod, whose core would land in the login page's JavaScript.",
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^domain/schemas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-presenters-below',
      comment: 'Commands, queries, policies and lib never present: presenters come last.',
      severity: 'error',
      from: { path: '^server/(commands|queries|policies|lib|db|auth|mail)/' },
      to: { path: '^server/presenters/' },
    },
    {
      name: 'presenters-are-pure',
      comment: 'A presenter turns rows into JSON: no policy, no database, no command.',
      severity: 'error',
      from: { path: '^server/presenters/' },
      to: { path: '^server/(policies|db|commands|routes|auth|mail)/' },
    },
    {
      name: 'presenters-read-row-types-only',
      comment: 'A presenter knows the shape of the rows a query answers, never the query itself.',
      severity: 'error',
      from: { path: '^server/presenters/' },
      to: { path: '^server/queries/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-never-reach-the-database',
      comment: 'A route calls a command or a query; it never imports db/.',
      severity: 'error',
      from: { path: '^server/routes/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/db/' },
    },
    {
      name: 'routes-never-import-routes',
      comment: 'A route file is one resource; only the route index gathers them.',
      severity: 'error',
      from: { path: '^server/routes/', pathNot: '(^server/routes/index\\.ts$|\\.test\\.ts$)' },
      to: { path: '^server/routes/[^/]+\\.ts$' },
    },
    {
      name: 'no-web-feature-to-feature',
      comment: 'A feature imports shared code, never another feature.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'no-web-page-to-page',
      comment:
        "A page never imports another page's file: the route's chunk would load the other page whole. What two pages share has its own file.",
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/features/.+-page\\.tsx$' },
    },
    {
      name: 'components-and-shared-below-app',
      comment: 'components/ and shared/ never import app/ or a feature.',
      severity: 'error',
      from: { path: '^web/src/(components|shared)/' },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'no-circular-web',
      comment: 'No circle in the web app.',
      severity: 'error',
      from: { path: '^web/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|web/dist|server/db/migrations)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
