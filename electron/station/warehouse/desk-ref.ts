// A desk as the warehouse database knows it: its identity (desk-identity.ts), which claims,
// invoice numbers and journal records are keyed by, and its display name, which people read. A
// plain name stands for both (a desk without an identity file: tests, older callers). Rows written
// before identities existed have no desk_id and are matched by the name, as they were.
export type DeskRef = string | { id: string; name: string };

export interface DeskKey {
  id: string;
  name: string;
}

export const deskKey = (desk: DeskRef): DeskKey => (typeof desk === 'string' ? { id: desk, name: desk } : desk);

/** SQL: the row (columns desk_id and desk, with an optional alias) belongs to the desk of parameters $id and $name. */
export const ownedBy = (idParam: string, nameParam: string, alias = ''): string =>
  `(CASE WHEN ${alias}desk_id IS NULL THEN ${alias}desk = ${nameParam} ELSE ${alias}desk_id = ${idParam} END)`;

/** The same test in JS, for a row read back. */
export const owns = (desk: DeskKey, row: { desk: string | null; desk_id?: string | null }): boolean =>
  row.desk_id ? row.desk_id === desk.id : row.desk === desk.name;
