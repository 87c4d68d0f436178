import type { Observation } from '@skillroom/contract';
import { iri } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { presentRating } from '../ratings/ratings.presenter';
import type { FullRating } from '../ratings/ratings.repository';
import { canEditRating } from '../ratings/ratings.service';

/** An observation: its id (the ratings' shared `observation`) and its ratings as GET /rating/{id} shows each. */
export function presentObservation(id: string, rows: FullRating[], signer: UrlSigner, p: Principal): Observation {
  return {
    '@context': '/api/contexts/Observation',
    '@id': iri('observation', id),
    '@type': 'Observation',
    id,
    teachingClass: iri('teaching-class', rows[0]!.rating.teachingClassId),
    ratings: rows.map((r) => presentRating(r, signer, canEditRating(r, p))),
  };
}
