/** Opens a PDF in a new tab (a blob: URL, which the page's CSP allows for navigation but not in frames). */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
