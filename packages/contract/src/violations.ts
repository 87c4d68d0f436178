// Apart from messages.ts: the web app's entry needs the error texts, not these (its forms do).
/** Violation texts in the style the client shows under form fields (Symfony's wording, DESIGN §4). */
export const V = {
  blank: 'This value should not be blank.',
  /** NUL and unpaired surrogates: no database stores them, no person types them. */
  character: 'This value contains a character that is not allowed.',
  dateRange: 'This value should be a date between 1900-01-01 and 2200-12-31.',
  email: 'This value is not a valid email address.',
  tooShort: (n: number) => `This value is too short. It should have ${n} characters or more.`,
  tooLong: (n: number) => `This value is too long. It should have ${n} characters or less.`,
  choice: 'The value you selected is not a valid choice.',
  type: 'This value should be of the correct type.',
  /** Symfony's wording for a value of the wrong JSON type (DESIGN §4 "Writes"). */
  typeOf: (t: string) => `This value should be of type ${t}.`,
  reference: 'This value should be a valid reference.',
  date: 'This value is not a valid date.',
  /** A time of day (DESIGN §11 quiet and office hours): HH:mm on the 24-hour clock, never with seconds or AM/PM. */
  time: 'This value should be a time written HH:mm (00:00 to 23:59).',
  currentPassword: 'This is not your current password.',
  tooMany: (n: number) => `This collection should contain ${n} elements or less.`,
} as const;
