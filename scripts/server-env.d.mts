/** The environment of a server process: `env` with the server's defaults (server-env.mjs) where it sets none. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
