/**
 * A number of a JSON body whose value JSON.parse would misreport to an integer check: an integer written with a
 * fraction or an exponent (`1.0`, `3.4e1`, `1e3`), an integer beyond 2^53 (JSON.parse rounds it to another one), or
 * one beyond a double (`1e400`). The server's JSON parser (`apps/server/src/http/json-numbers.ts`) puts this in its
 * place, so that no integer field, present or future, can take it for an integer: `z.number()` refuses an object.
 * A field that takes any number, not only integers, reads it with `anyNumber` (common.ts).
 */
export class JsonNumberText {
  constructor(readonly text: string) {}
  get value(): number {
    return Number(this.text);
  }
}
