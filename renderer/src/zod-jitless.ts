// The page's CSP forbids eval: zod would probe it with new Function (a CSP violation in the
// console each time) before falling back to its plain parser. Imported first by main.tsx, so
// the plain parser is chosen before any schema is built or used.
import { config } from 'zod';

config({ jitless: true });
