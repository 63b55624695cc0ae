// The one IPC channel prefix the preload exposes (ARCHITECTURE.md § The contract). A file with no
// imports, so the sandboxed preload bundle can take the names without pulling in zod.
export const IPC_PREFIX = 'station:';
export const IPC_CALL = `${IPC_PREFIX}call`;
export const IPC_EVENT = `${IPC_PREFIX}event`;
