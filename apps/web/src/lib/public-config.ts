import { API_PUBLIC_PREFIX, type PublicConfig } from '@skillroom/contract';
import useSWR from 'swr';
import { api } from './api-client';

/** The server's public configuration: version, locales, demo accounts, push key. */
export function usePublicConfig() {
  return useSWR<PublicConfig>(`${API_PUBLIC_PREFIX}/config`, (path: string) => api<PublicConfig>(path, { public: true }), {
    refreshInterval: 0,
  });
}
