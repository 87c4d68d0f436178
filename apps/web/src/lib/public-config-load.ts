import { API_PUBLIC_PREFIX } from '@skillroom/contract/constants';
import type { PublicConfig } from '@skillroom/contract/types';
import { api } from './api-client';

// Apart from the SWR hook, so that the entry can start the load (main.tsx) without carrying SWR.
export const PUBLIC_CONFIG_PATH = `${API_PUBLIC_PREFIX}/config`;
export const loadPublicConfig = () => api<PublicConfig>(PUBLIC_CONFIG_PATH, { public: true });
