// Saves text the app made (a CSV export, a template) as a file, the way a web page does: the
// browser's download (browser mode) or the desktop window's save, with the name given.
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; the address is released after the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
