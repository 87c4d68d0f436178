import { ClassUserType } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { canManageStudents, fullName, isCreator, routeId } from './teaching-classes';

describe('teaching class helpers', () => {
  it('takes only positive whole ids from a route', () => {
    expect(routeId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '4.2', '12abc', 'new', '12345678901']) expect(routeId(bad), String(bad)).toBeNull();
  });

  it('lets creators and co-teachers manage students, evaluators only look', () => {
    expect(canManageStudents({ userType: ClassUserType.Creator })).toBe(true);
    expect(canManageStudents({ userType: ClassUserType.CoTeacher })).toBe(true);
    expect(canManageStudents({ userType: ClassUserType.Evaluator })).toBe(false);
    expect(canManageStudents(undefined)).toBe(false);
    expect(isCreator({ userType: ClassUserType.CoTeacher })).toBe(false);
  });

  it('writes a full name without a missing last name', () => {
    expect(fullName({ firstName: 'Ana', lastName: 'Lima' })).toBe('Ana Lima');
    expect(fullName({ firstName: 'Ana', lastName: null })).toBe('Ana');
  });
});
