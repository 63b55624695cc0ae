// Errors from the station arrive as StationError with a message in words; anything else gets a
// sentence, never a stack trace or a bare code.
import { StationError } from '../../../shared/contract.js';

export function errorWords(e: unknown): string {
  if (e instanceof StationError) return e.message;
  if (e instanceof Error && e.message) return `Something went wrong: ${e.message}`;
  return 'Something went wrong. Try again.';
}
