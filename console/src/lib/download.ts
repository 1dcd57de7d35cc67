/** Saves `blob` as a file named `name`, the way a link with `download` does (an object URL, released right after). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name a download's `Content-Disposition` gives, so a file saved here has the name any other client would give it. */
export const attachmentName = (response: Response, fallback: string): string => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
