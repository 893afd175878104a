/** Saves data as a JSON file the way a download link would (the export arrives through the API client). */
export function saveJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const exportFileName = (prefix: string) => `${prefix}-${new Date().toISOString().slice(0, 10)}.json`;
