/**
 * Who may see a Student (DESIGN §2): the teachers and evaluators of any class they have a place in, and the
 * users linked to them. The rule lives in studentsRepository's visibility condition, so that lists and single
 * reads can never disagree; a student the user may not see does not exist for them (404).
 */
export const studentsPolicy = {
  canSee: (found: unknown) => found !== null,
};
