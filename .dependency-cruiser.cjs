/**
 * The house's walls (`npm test`, layer `architecture`): the three apps (the client in src/, the
 * console in admin/, the back-office in server/) share code only through the workspace packages in
 * packages/, no client page area imports another area, and no file imports itself back through a
 * circle. Server modules' own faces are checked by scripts/check-server-modules.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file that reaches itself again through its imports: split the shared part out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-stays-in-its-room',
      severity: 'error',
      comment: 'The client (src/) shares code with the console and the back-office only through packages/.',
      from: { path: '^src/' },
      to: { path: '^(admin|server)/' },
    },
    {
      name: 'console-stays-in-its-room',
      severity: 'error',
      comment: 'The console (admin/) shares code with the client and the back-office only through packages/.',
      from: { path: '^admin/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'back-office-stays-in-its-room',
      severity: 'error',
      comment: 'The back-office (server/) shares code with the client and the console only through packages/.',
      from: { path: '^server/' },
      to: { path: '^(src|admin)/' },
    },
    {
      name: 'page-areas-stay-in-their-rooms',
      severity: 'error',
      comment:
        'A page area (src/pages/<area>/, most of them a subpackage) is not a library for another: what two areas share ' +
        'lives in src/ (components/, hooks/, links/, pay/ ...), so no area pulls in another area.',
      from: { path: '^src/pages/([^/]+)/' },
      to: { path: '^src/pages/', pathNot: '^src/pages/$1/' },
    },
    {
      name: 'packages-depend-on-packages',
      severity: 'error',
      comment: 'A shared package is below every app: it may import other packages and libraries, never an app.',
      from: { path: '^packages/' },
      to: { path: '^(src|admin|server|test|bench|scripts)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: "An import that resolves to nothing (a Vite plugin's virtual module, `virtual:…`, is made by the build).",
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.temp|\\.swc)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
