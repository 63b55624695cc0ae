// Small stand-ins for the Electron objects the shell's functions take (the Electron binary cannot
// run here): they record what the shell registered and let a test fire the events Electron would.
import { EventEmitter } from 'node:events';

export class FakeNavigationEvent {
  prevented = false;
  preventDefault(): void {
    this.prevented = true;
  }
}

export class FakeWebContents extends EventEmitter {
  openHandler?: (details: { url: string }) => { action: string };
  beforeRequest?: { filter: { urls: string[] }; listener: ((details: { url: string }, cb: (r: { cancel?: boolean }) => void) => void) | null };
  session = {
    webRequest: {
      onBeforeRequest: (filter: { urls: string[] }, listener: any) => {
        this.beforeRequest = { filter, listener };
      },
    },
  };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: any }): void {
    this.openHandler = handler;
  }
  /** What Electron does before a navigation: ask the listeners, report whether it was stopped. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    const e = new FakeNavigationEvent();
    this.emit(event, e, url);
    return e.prevented;
  }
}

export class FakeWindow extends EventEmitter {
  webContents = new FakeWebContents();
  destroyed = false;
  loaded: string[] = [];
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}
