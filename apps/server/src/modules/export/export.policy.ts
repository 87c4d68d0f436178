import { ClassUserType } from '@skillroom/contract';
import type { ClassRole } from '../../class-access/class-roles';

const teacher = (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher;

/** Who may export what (DESIGN §2, rows "export a student's record" and "export a whole class"). */
export const exportPolicy = {
  /** A place's class is known to its teachers, its evaluators and the users linked to that place. */
  canSeePlace: (r: ClassRole, linked: boolean) => r !== null || linked,
  /** A student's record in one class: its teachers, and a user linked to the student in that class; never evaluators. */
  canExportPlace: (r: ClassRole, linked: boolean) => teacher(r) || linked,
  /** A whole class: its creator and co-teachers. */
  canExportClass: teacher,
};
