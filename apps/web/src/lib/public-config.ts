import { API_PUBLIC_PREFIX } from '@skillroom/contract/constants';
import type { PublicConfig } from '@skillroom/contract/types';
import useSWR from 'swr';
import { api } from './api-client';
import { useFirstLoad } from './first-load';

export const PUBLIC_CONFIG_PATH = `${API_PUBLIC_PREFIX}/config`;
const loadPublicConfig = () => api<PublicConfig>(PUBLIC_CONFIG_PATH, { public: true });

/** The server's public configuration: version, locales, demo accounts, push key (in a rendered page from the first render). */
export function usePublicConfig() {
  // Served with the page, and read again once mounted (through the service worker, which keeps it for offline starts).
  return useSWR<PublicConfig>(PUBLIC_CONFIG_PATH, loadPublicConfig, { refreshInterval: 0, fallbackData: useFirstLoad()?.config });
}
