// The application menu as data (Electron's Menu.buildFromTemplate takes it as is). Kept small:
// a packing desk needs Quit, Reload, compact mode, zoom for screens read from a distance, and
// the version for support calls.

export interface MenuActions {
  toggleCompact(checked: boolean): void;
  about(): void;
}

export interface MenuInput {
  appName: string;
  platform: NodeJS.Platform;
  compact: boolean;
  /** Developer tools only in a development build. */
  dev: boolean;
  actions: MenuActions;
}

export interface MenuItem {
  label?: string;
  role?: string;
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox';
  accelerator?: string;
  checked?: boolean;
  submenu?: MenuItem[];
  click?: (item: { checked?: boolean }) => void;
}

export function appMenuTemplate(input: MenuInput): MenuItem[] {
  const { actions } = input;
  const mac = input.platform === 'darwin';
  const view: MenuItem[] = [
    { role: 'reload' },
    {
      label: 'Compact mode',
      type: 'checkbox',
      checked: input.compact,
      accelerator: 'CmdOrCtrl+Shift+M',
      click: (item) => actions.toggleCompact(Boolean(item.checked)),
    },
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (input.dev) view.push({ type: 'separator' }, { role: 'toggleDevTools' });
  return [
    ...(mac ? [{ label: input.appName, submenu: [{ label: `About ${input.appName}`, click: () => actions.about() }, { type: 'separator' as const }, { role: 'quit' }] }] : []),
    { label: 'File', submenu: [{ role: 'quit' }] },
    // Edit roles keep copy and paste working in the scan and form fields (macOS needs them in the menu).
    { label: 'Edit', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { label: 'View', submenu: view },
    { label: 'Help', submenu: [{ label: `About ${input.appName}`, click: () => actions.about() }] },
  ];
}

/** The About box text: what a supervisor reads out on a support call. */
export function aboutText(input: { appName: string; version: string; electron?: string; chrome?: string; node?: string; dataDir: string }): string {
  const runtime = [input.electron && `Electron ${input.electron}`, input.chrome && `Chromium ${input.chrome}`, input.node && `Node ${input.node}`].filter(Boolean).join(', ');
  return `${input.appName} ${input.version}\n${runtime}\nData folder: ${input.dataDir}`;
}
