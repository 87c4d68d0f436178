import { CLASS_ABILITIES, type ClassAbilities } from '@skillroom/contract/rules';
import { describe, expect, it } from 'vitest';
import { fullName, may, routeId } from './teaching-classes';

describe('teaching class helpers', () => {
  it('takes only positive whole ids from a route', () => {
    expect(routeId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '4.2', '12abc', 'new', '12345678901']) expect(routeId(bad), String(bad)).toBeNull();
  });

  it("asks the class's abilities as the server gave them, and allows nothing before the class is read", () => {
    const none = Object.fromEntries(CLASS_ABILITIES.map((a) => [a, false])) as ClassAbilities;
    const coTeacher = { abilities: { ...none, rate: true, report: true, manageStudents: true, export: true } };
    expect(may(coTeacher, 'manageStudents')).toBe(true);
    expect(may(coTeacher, 'edit')).toBe(false);
    expect(may(undefined, 'manageStudents')).toBe(false);
    expect(may(null, 'rate')).toBe(false);
  });

  it('writes a full name without a missing last name', () => {
    expect(fullName({ firstName: 'Ana', lastName: 'Lima' })).toBe('Ana Lima');
    expect(fullName({ firstName: 'Ana', lastName: null })).toBe('Ana');
  });
});
