/**
 * Prints the page with its pictures: a lazy one the reader never scrolled to would be missing from the paper, so each
 * is asked for at once and the print dialog opens when all have arrived (or failed).
 */
export async function printPage(): Promise<void> {
  const lazy = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')];
  for (const img of lazy) img.loading = 'eager';
  await Promise.all(lazy.map((img) => img.decode().catch(() => undefined)));
  window.print();
}
