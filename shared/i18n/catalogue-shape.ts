// The shape of a message catalogue file: nested objects of messages.
export interface Catalogue {
  [key: string]: string | Catalogue;
}
