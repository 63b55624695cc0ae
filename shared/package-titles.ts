// The words for the boxes of one parcel: identical names are counted, not repeated ("2 × Carton",
// not "Carton, Carton"), in the order the marketplace listed them.
export function packageTitles(titles: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of titles) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([title, n]) => (n === 1 ? title : `${n} × ${title}`)).join(', ');
}
