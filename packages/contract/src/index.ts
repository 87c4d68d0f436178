// `@skillroom/contract`: everything, for the server and the tests. The web app imports the subpaths (package.json
// `exports`), so that a screen's plain rules and types never bring the zod schemas with them.
export * from './constants';
export * from './entries/messages';
export * from './entries/rules';
export * from './schemas/index';
