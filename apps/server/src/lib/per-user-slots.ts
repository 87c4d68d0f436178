/**
 * At most `max` things at a time per user on this instance (uploads): `take` answers false when the user already
 * holds them all, and a taken slot is given back with the function it returns.
 */
export class PerUserSlots {
  private readonly held = new Map<number, number>();

  constructor(private readonly max: number) {}

  take(userId: number): (() => void) | null {
    const n = this.held.get(userId) ?? 0;
    if (n >= this.max) return null;
    this.held.set(userId, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(userId) ?? 1) - 1;
      if (left > 0) this.held.set(userId, left);
      else this.held.delete(userId);
    };
  }
}
