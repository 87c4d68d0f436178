// `@skillroom/contract/schemas`: the zod request and response schemas. The server validates and documents with them; in
// the web app only forms that check a body before sending import them (the types come from `@skillroom/contract/types`).
export * from './common';
export * from './responses';
export * from './names';
export * from './user';
export * from './school';
export * from './media';
export * from './misc';
export * from './subscription';
export * from './teaching-class';
export * from './student';
export * from './invitation';
export * from './notification';
export * from './filters';
export * from './learning-skill';
export * from './rating';
export * from './observation';
export * from './report';
export * from './account-deletion';
export * from './access';
export * from './export';
export * from './privacy';
export * from './json-number';
export * from './roster-import';
export * from './place-erasure';
export * from './conversation';
