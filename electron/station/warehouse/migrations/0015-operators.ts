// Operators shared by the desks of a warehouse: one list, so a badge printed at one desk signs in
// at every desk. Badge codes are unique across the warehouse, and so are the names of active
// operators (the lead's numbers are counted per name). PINs are kept only as the salted scrypt
// hashes the desks make (pin-hash.ts); the desks keep a copy to sign in while the database is away.
export default {
  version: 15,
  name: 'operators',
  sql: `
CREATE TABLE operators (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  badge      text NOT NULL,
  pin_hash   text NOT NULL,
  language   text,
  retired    boolean NOT NULL DEFAULT false,
  added_at   timestamptz NOT NULL,
  added_by   text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX operators_badge ON operators (badge);
CREATE UNIQUE INDEX operators_active_name ON operators (lower(name)) WHERE NOT retired;
`,
};
