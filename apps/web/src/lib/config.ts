import { BASE_PATH, LOGOUT_PATH } from '@skillroom/contract/constants';

/** The API host; the same origin unless the build names another. */
export const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';
export const LOGOUT_URL = `${API_ORIGIN}${LOGOUT_PATH}`;
export const SIGN_IN_PATH = '/sign-in/';
export const WEB_BASE = BASE_PATH;
