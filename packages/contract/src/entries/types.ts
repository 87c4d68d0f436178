// `@skillroom/contract/types`: the types of the answers and bodies, derived from the zod schemas (`z.output<…>`), as
// types only: an import from here leaves nothing at run time, so the web app's screens type their data without zod.
export type * from '../schemas/index';
