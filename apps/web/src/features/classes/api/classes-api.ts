import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { HydraCollection, TeachingClass } from '@skillroom/contract/types';
import { withQuery } from '../../../lib/api-client';

export type ClassScope = 'all' | 'own' | 'cotaught' | 'evaluated';

/** Which exclude switches of spec §7 leave only the chosen kind of class. */
const scopeFilters: Record<ClassScope, Record<string, boolean>> = {
  all: {},
  own: { excludeCoteacherTeachingClasses: true, excludeEvaluatorTeachingClasses: true },
  cotaught: { excludeOwnTeachingClasses: true, excludeEvaluatorTeachingClasses: true },
  evaluated: { excludeOwnTeachingClasses: true, excludeCoteacherTeachingClasses: true },
};

/** The SWR key of one page of the class list, or null past the last page. */
export function classPageKey(finished: boolean, scope: ClassScope) {
  return (index: number, previous: HydraCollection<TeachingClass> | null) => {
    if (previous && index * PAGE_SIZE.classes >= previous['hydra:totalItems']) return null;
    return withQuery('/teaching-classes', { page: index + 1, itemsPerPage: PAGE_SIZE.classes, isFinished: finished, ...scopeFilters[scope] });
  };
}
