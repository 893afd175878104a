/**
 * The browser's side of the two-step upload: ask for a signed URL, PUT the file straight to
 * Storage with progress (XMLHttpRequest: fetch reports no upload progress), then confirm.
 */
import { api, ApiError } from '../../lib/api.ts';
import {
  FORMAT_CONTENT_TYPES,
  FORMAT_LABELS,
  type DocumentSlotDto,
  type IssuedUploadDto,
  type RegistrationDocumentsDto,
} from '../../shared/documents.ts';

const BY_EXTENSION: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The file's type as the browser knows it, else by its extension (the server checks the bytes). */
export function contentTypeOf(file: File): string {
  return file.type || BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
}

/** What the browser can refuse before sending anything; null when the file may go. */
export function precheck(slot: DocumentSlotDto, file: File): string | null {
  const type = contentTypeOf(file);
  if (!slot.formats.some((f) => FORMAT_CONTENT_TYPES[f] === type)) {
    return `${slot.label} takes ${slot.formats.map((f) => FORMAT_LABELS[f]).join(', ')} files`;
  }
  if (file.size === 0) return 'The file is empty';
  if (file.size > slot.maxMb * 1024 * 1024) return `${slot.label} may be at most ${slot.maxMb} MB`;
  return null;
}

function put(url: string, file: File, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError(xhr.status, 'The file could not be sent. Please try again'));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.send(file);
  });
}

export async function uploadDocument(
  registrationId: string,
  slot: DocumentSlotDto,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<RegistrationDocumentsDto> {
  const base = `/user/applications/${encodeURIComponent(registrationId)}/documents/uploads`;
  const contentType = contentTypeOf(file);
  const issued = await api<IssuedUploadDto>(base, {
    body: { type: slot.type, fileName: file.name.slice(0, 200) || 'document', contentType, size: file.size },
  });
  await put(issued.uploadUrl, file, contentType, onProgress);
  onProgress(1);
  return api<RegistrationDocumentsDto>(`${base}/${issued.uploadId}/confirm`, { method: 'POST' });
}
