// `@skillroom/contract/messages`: the texts the server answers with and the web app maps to its own (error texts,
// violations, invitation refusals). Free of zod.
export * from '../messages';
export * from '../invitation-messages';
export * from '../violations';
