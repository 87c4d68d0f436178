import { teachingClassesPolicy, type ClassRole } from '../../class-access/class-roles';

/** Who may print a class's family letters (DESIGN §2: the codes are handed out by the class's teachers). */
export const familyLettersPolicy = {
  /** Anyone who does not see the class may not know it exists (404). */
  canSeeClass: (r: ClassRole) => teachingClassesPolicy.canSee(r),
  /** Creator and co-teachers; an evaluator sees the class but not its codes (403). */
  canPrint: (r: ClassRole) => teachingClassesPolicy.canSeeInvitationCodes(r),
};
