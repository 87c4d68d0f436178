import type { PublicConfig } from '@skillroom/contract/types';
import useSWR from 'swr';
import { loadPublicConfig, PUBLIC_CONFIG_PATH } from './public-config-load';
import { takeEarly } from './early-load';

/** The server's public configuration: version, locales, demo accounts, push key. */
export function usePublicConfig() {
  return useSWR<PublicConfig>(PUBLIC_CONFIG_PATH, () => takeEarly<PublicConfig>(PUBLIC_CONFIG_PATH) ?? loadPublicConfig(), {
    refreshInterval: 0,
  });
}
