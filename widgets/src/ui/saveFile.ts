/**
 * Saves bytes the page fetched under a file name (the browser's download, through an object URL clicked as a link).
 * The portal's and the bioreq uploader's downloads: a signed file is fetched first (so a failure can be said in the
 * page), then saved.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
