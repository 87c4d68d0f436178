import { API_AUTH_PREFIX, type HydraCollection } from '@skillroom/contract';
import { appendLinkQuery, type LinkQuery } from './list-query';

/** The @id of an item: its path under the authenticated API (DESIGN §4). */
export const iri = (resource: string, id: number | string) => `${API_AUTH_PREFIX}/${resource}/${id}`;

/** A top-level item: a presented resource with its @context. */
export function item<T extends { '@type': string }>(body: T) {
  return { '@context': `/api/contexts/${body['@type']}`, ...body };
}

/** Embedded items carry @id and @type but not @context. */
export function embedded<T extends object>(type: string, resource: string, id: number, body: T) {
  return { '@id': iri(resource, id), '@type': type, ...body };
}

export interface PageInfo {
  page: number;
  itemsPerPage: number;
}

export function collection<T>(path: string, members: T[], total: number, page?: PageInfo, query: LinkQuery = {}): HydraCollection<T> {
  const view: Record<string, unknown> = { '@type': 'hydra:PartialCollectionView' };
  if (page) {
    const last = Math.max(1, Math.ceil(total / page.itemsPerPage));
    const link = (p: number) => {
      const qs = new URLSearchParams();
      appendLinkQuery(qs, { ...query, page: String(p), itemsPerPage: String(page.itemsPerPage) });
      return `${path}?${qs}`;
    };
    view['@id'] = link(page.page);
    view['hydra:first'] = link(1);
    view['hydra:last'] = link(last);
    if (page.page > 1) view['hydra:previous'] = link(page.page - 1);
    if (page.page < last) view['hydra:next'] = link(page.page + 1);
  }
  return {
    '@context': '/api/contexts/hydra',
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
    'hydra:view': view,
  };
}

export const offsetOf = (p: PageInfo) => (p.page - 1) * p.itemsPerPage;
export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
