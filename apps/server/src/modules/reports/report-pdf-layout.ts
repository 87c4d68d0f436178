/**
 * Where one rating of a portfolio goes (DESIGN §9): pages break between ratings, never through a photo. A rating
 * that fits below the cursor stays; one that does not but fits a page starts a new page; one taller than a page
 * (many photos) starts where it is when its texts and first row fit, else on a new page, and breaks between its rows
 * of photos. Pure, so the rule is tested apart.
 */
export interface EntryBox {
  /** Above the rating and kept with it: a week's heading. */
  lead: number;
  /** The rating's texts: date, skill, action, points, author, note, files. */
  text: number;
  /** The heights of its rows of photos, each drawn whole (a row is as tall as its tallest photo). */
  rows: number[];
}

export interface PagePlan {
  /** Top and bottom of the writing area. */
  top: number;
  bottom: number;
}

export interface EntryPlacement {
  /** Whether the rating starts on a new page. */
  newPage: boolean;
  /** y of the lead, then of the text. */
  lead: number;
  text: number;
  /** Each row of photos: its y, and whether a page is added before it. */
  rows: { y: number; newPage: boolean }[];
  /** The cursor after the rating. */
  end: number;
}

export function placeEntry(y: number, box: EntryBox, page: PagePlan): EntryPlacement {
  const whole = box.lead + box.text + box.rows.reduce((a, b) => a + b, 0);
  // One taller than a page breaks anyway: it starts here when its texts and first row of photos fit (no half-empty page).
  const first = box.lead + box.text + (box.rows[0] ?? 0);
  const fitsHere = whole <= page.bottom - page.top ? y + whole <= page.bottom : y + first <= page.bottom;
  const newPage = !fitsHere && y > page.top;
  let at = newPage ? page.top : y;
  const lead = at;
  at += box.lead;
  const text = at;
  at += box.text;
  const rows: EntryPlacement['rows'] = [];
  for (const height of box.rows) {
    const breaks = at + height > page.bottom && at > page.top;
    if (breaks) at = page.top;
    rows.push({ y: at, newPage: breaks });
    at += height;
  }
  return { newPage, lead, text, rows, end: at };
}
